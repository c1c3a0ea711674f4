package dev.contractkit.conformance;

/** Hears about a run as it goes (the CLI prints it). */
interface Progress {
    Progress NONE = (label, requests, violations) -> {
    };

    /**
     * @param label      the operation, or "undeclared methods"
     * @param requests   requests sent for it
     * @param violations violations found
     */
    void operationDone(String label, int requests, int violations);
}
