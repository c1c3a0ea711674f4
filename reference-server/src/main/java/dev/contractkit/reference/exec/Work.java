package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;

/** One attempt of one task, run by an executor handle. */
interface Work {
    /**
     * Runs the attempt to its end.
     *
     * @return the result (kind-specific JSON)
     * @throws WorkFailed when the work failed, was killed or could not start
     * @throws Exception  anything else counts as a failure too
     */
    JsonNode run() throws Exception;

    /** Asks the work to stop (interrupt a wait, end a process tree, call the runtime's kill). Idempotent. */
    void cancel();

    /** @return how long the work has waited (so far) in a queue before it started; not part of its time-out */
    default long queuedMillis() {
        return 0;
    }

    /** @return {@code local} or {@code runtime} */
    default String executor() {
        return "local";
    }
}
