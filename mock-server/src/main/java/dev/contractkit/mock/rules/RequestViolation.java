package dev.contractkit.mock.rules;

import dev.contractkit.specs.check.Finding;

import java.util.regex.Pattern;

/**
 * A rule of the contract that a request breaks.
 *
 * @param status  the status to answer (400, 415 ...)
 * @param message a sentence naming the rule, for the error body
 */
public record RequestViolation(int status, String message) {
    /** networknt sentences that read on from the subject ("must have ...", "does not match ..."). */
    private static final Pattern VERB = Pattern.compile("(must|does|is|has|should) ");

    /**
     * @param label   what was checked, e.g. {@code query parameter 'count'}
     * @param finding the validator's finding, whose message reads {@code "<location>: must have ..."}
     * @return e.g. {@code query parameter 'count' must have a maximum value of 100}
     */
    public static String describe(String label, Finding finding) {
        String m = finding.message();
        String location = finding.pointer();
        String prefix = location + ": ";
        String rest = m.startsWith(prefix) ? m.substring(prefix.length()) : m;
        String where = label + (location.isEmpty() || location.equals("/") ? "" : " " + location);
        return where + (VERB.matcher(rest).lookingAt() ? " " : ": ") + rest;
    }
}
