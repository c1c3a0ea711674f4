package dev.contractkit.docstest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One fenced shell block of a Markdown file and the {@code <!-- docs-test: ... -->} marker on the line before it.
 *
 * @param file     the file, relative to the checkout
 * @param line     the line of the opening fence (1-based)
 * @param script   the block's lines, indentation removed
 * @param action   {@code run}, {@code skip}, or null when the block carries no marker
 * @param options  the marker's attributes ({@code needs}, {@code timeout}, {@code until}, {@code output}, {@code reason})
 * @param next     the text of the next fenced block of the file (the output a block with {@code output=next} must print), or null
 */
record DocBlock(Path file, int line, String script, String action, Map<String, String> options, String next) {
    boolean runs() {
        return "run".equals(action);
    }

    String where() {
        return file + ":" + line;
    }

    /** @return {@code server}, {@code mock} or {@code none}: what the test starts before the block runs */
    String needs() {
        return options.getOrDefault("needs", "none");
    }

    int timeoutSeconds() {
        return Integer.parseInt(options.getOrDefault("timeout", "120"));
    }

    /** @return the count of commands: see {@link #commandList()} */
    int commands() {
        return commandList().size();
    }

    /** @return the block's commands: its non-blank, non-comment lines, each with the lines that continue it */
    List<String> commandList() {
        List<String> commands = new ArrayList<>();
        StringBuilder current = null;
        for (String l : script.lines().toList()) {
            String t = l.strip();
            if (current == null) {
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                current = new StringBuilder();
            }
            current.append(l).append('\n');
            if (!(t.endsWith("\\") || t.endsWith("|") || t.endsWith("&&") || openQuote(current.toString()))) {
                commands.add(current.toString());
                current = null;
            }
        }
        if (current != null) {
            commands.add(current.toString());
        }
        return commands;
    }

    /** @return true when the text leaves a single quote open (comments, from a blank and '#', not counted) */
    private static boolean openQuote(String text) {
        return text.lines().map(l -> l.replaceAll("(^|\\s)#(\\s.*)?$", "")).mapToLong(l -> l.chars().filter(c -> c == '\'').count())
                .sum() % 2 == 1;
    }

    @Override
    public String toString() {
        return where();
    }
}
