package dev.contractkit.docstest;

import java.util.ArrayList;
import java.util.List;

/** Compares the output a block prints with the output the documentation shows after it ({@code output=next}). */
final class Output {
    private Output() {
    }

    /**
     * @return the documented lines (numbers aside; "..." stands for any lines) that no printed line contains, in
     *         that order
     */
    static List<String> missing(String documented, String printed) {
        List<String> lines = printed.lines().map(Output::normal).filter(l -> !l.isEmpty()).toList();
        List<String> missing = new ArrayList<>();
        int at = 0;
        for (String expected : documented.lines().map(Output::normal).filter(l -> !l.isEmpty() && !l.equals("...")).toList()) {
            int found = -1;
            for (int i = at; i < lines.size() && found < 0; i++) {
                if (lines.get(i).contains(expected)) { // a line may carry more: output without a newline before it
                    found = i;
                }
            }
            if (found < 0) {
                missing.add(expected);
            } else {
                at = found + 1;
            }
        }
        return missing;
    }

    static String normal(String line) {
        return line.replaceAll("\\d+(\\.\\d+)?", "N").replaceAll("\\s+", " ").strip();
    }
}
