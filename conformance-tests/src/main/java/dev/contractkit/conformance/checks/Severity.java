package dev.contractkit.conformance.checks;

/**
 * How much a failed check weighs: an {@link #ERROR} fails the run (exit code 1, a failed JUnit test),
 * a {@link #WARNING} is reported but does not.
 *
 * <pre>{@code
 * boolean blocking = Check.IGNORED_AUTH.defaultSeverity() == Severity.ERROR;
 * }</pre>
 */
public enum Severity {
    /** The implementation breaks the contract. */
    ERROR,
    /** Worth a look, not a contract breach. */
    WARNING
}
