package dev.contractkit.specs.check;

/**
 * One problem found in a contract or in a message checked against it.
 *
 * @param file    the contract file (or the operation) the finding belongs to
 * @param pointer JSON pointer to the offending place (in the contract, or in the checked instance)
 * @param message what is wrong
 * @param value   the offending value as JSON text, or empty when there is none
 */
public record Finding(String file, String pointer, String message, String value) {

    @Override
    public String toString() {
        return file + " " + (pointer.isEmpty() ? "/" : pointer) + ": " + message
                + (value.isEmpty() ? "" : " (value: " + abbreviate(value) + ")");
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
