package dev.contractkit.conformance.diff;

/**
 * One incompatible change.
 *
 * @param endpoint the endpoint, e.g. {@code GET /runners/{id}} (version prefix dropped)
 * @param where    the place inside it, e.g. {@code response 200 body .ip_address}; empty for a whole endpoint
 * @param what     the change, e.g. {@code property removed}
 */
public record BreakingChange(String endpoint, String where, String what) {

    /** @return the change as one report line */
    public String line() {
        return endpoint + (where.isEmpty() ? "" : "  " + where) + ": " + what;
    }
}
