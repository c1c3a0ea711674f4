package dev.contractkit.examples.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The files the demo's steps write their output to ({@code target/demo}). */
final class Outputs {
    private Outputs() {
    }

    /**
     * @param file a text file (an output of the demo)
     * @return its text, UTF-8 (a malformed byte is replaced, never an error); empty when there is no such file
     */
    static String text(Path file) {
        try {
            return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
