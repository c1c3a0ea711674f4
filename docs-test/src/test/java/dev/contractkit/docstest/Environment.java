package dev.contractkit.docstest;

final class Environment {
    private Environment() {
    }

    /** @return true for the caller's variables that would point a documented command elsewhere (its own servers, tokens, credentials) */
    static boolean foreign(String name) {
        return name.startsWith("KIT_") || name.startsWith("EXEC_") || name.startsWith("QUOTAS_") || name.startsWith("MAVEN_")
                || name.startsWith("XDG_") || name.equals("JAVA_HOME") || name.endsWith("_API_KEY") || name.endsWith("_TOKEN");
    }
}
