package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.NotFoundException;

/**
 * An {@link AgentRun} lost its connection and the server no longer knows the run: re-attaching to it
 * ({@code GET /api/v1/threads/{threadId}/runs/{runId}/events}) answered 404. The events received before are in
 * {@link AgentRun#received()}.
 *
 * <pre>{@code
 * try {
 *     run.forEach(e -> show(e));
 * } catch (RunGoneException e) {
 *     System.out.println("run " + e.runId() + " is gone: " + e.getMessage());
 * }
 * }</pre>
 */
public class RunGoneException extends NotFoundException {
    private final String runId;

    /**
     * @param runId     the run
     * @param body      the 404 response's body (the contract's error)
     * @param requestId the response's {@code X-Request-Id}, or null
     */
    public RunGoneException(String runId, String body, String requestId) {
        super("run " + runId + " is gone: the server answered 404 to re-attaching after the connection dropped", body,
                requestId);
        this.runId = runId;
    }

    /** @return the run that is gone */
    public String runId() {
        return runId;
    }
}
