package com.example.app;

/** The application's own code: compiled for Java 17 (maven.compiler.release), while its tests are compiled for 21. */
public final class FormTitle {
    private FormTitle() {
    }

    /** @return the title as the application shows it */
    public static String shown(String title) {
        return title == null || title.isBlank() ? "(untitled)" : title.strip();
    }
}
