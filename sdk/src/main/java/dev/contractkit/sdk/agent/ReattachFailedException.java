package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.TransportException;

import java.io.IOException;

/**
 * An {@link AgentRun} lost its connection and every attempt to re-attach failed (the server unreachable, or
 * answering 5xx or 429). The run may still be going on the server: follow it later with
 * {@link AgentClient#attach(String, String)}, or stop it with {@link AgentClient#cancel(String)}.
 *
 * <pre>{@code
 * try {
 *     run.forEach(e -> show(e));
 * } catch (ReattachFailedException e) {
 *     System.out.println("gave up after " + e.attempts() + " attempts, at event " + e.lastEventId());
 * }
 * }</pre>
 */
public class ReattachFailedException extends TransportException {
    private final String runId;
    private final long lastEventId;
    private final int attempts;

    /**
     * @param runId       the run
     * @param lastEventId the id of the last event received
     * @param attempts    the attempts made
     * @param cause       the last failure
     */
    public ReattachFailedException(String runId, long lastEventId, int attempts, IOException cause) {
        super("lost the event stream of run " + runId + " after event " + lastEventId + " and could not re-attach in "
                + attempts + " attempts: " + (cause == null ? "" : cause.getMessage()), cause);
        this.runId = runId;
        this.lastEventId = lastEventId;
        this.attempts = attempts;
    }

    /** @return the run */
    public String runId() {
        return runId;
    }

    /** @return the id of the last event received (-1: none) */
    public long lastEventId() {
        return lastEventId;
    }

    /** @return the attempts made */
    public int attempts() {
        return attempts;
    }
}
