package dev.contractkit.sdk.agent;

import dev.contractkit.agui.EventOrder;

import java.util.List;

/**
 * The AG-UI ordering rules for anyone holding events (a stored history, a recording, another client's stream):
 * the same verifier the servers' tests, the mock and the conformance suite use.
 *
 * <pre>{@code
 * List<String> problems = AgentEvents.verify(agent.historyEvents("thread-1").execute().get(0));
 * }</pre>
 */
public final class AgentEvents {
    private AgentEvents() {
    }

    /**
     * @param events one stream's events in order
     * @return the violations of the ordering rules (each naming the event's index); empty when the stream is sound
     */
    public static List<String> verify(List<AgentEvent> events) {
        return EventOrder.check(events.stream().map(AgentEvent::json).toList());
    }
}
