package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;

/** A failed attempt: the task error's code and message, and what the work produced before failing. */
final class WorkFailed extends Exception {
    private final String code;
    private final transient JsonNode result;
    private final boolean retryable;

    WorkFailed(String code, String message, JsonNode result) {
        this(code, message, result, true);
    }

    WorkFailed(String code, String message, JsonNode result, boolean retryable) {
        super(message, null, false, false);
        this.code = code;
        this.result = result;
        this.retryable = retryable;
    }

    /** A refusal that no retry can change (a program that is not allowed, a path outside the sandbox). */
    static WorkFailed refused(String message) {
        return new WorkFailed("refused", message, null, false);
    }

    String code() {
        return code;
    }

    JsonNode result() {
        return result;
    }

    boolean retryable() {
        return retryable;
    }
}
