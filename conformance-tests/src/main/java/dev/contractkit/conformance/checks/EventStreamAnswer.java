package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.agui.EventSchemas;

import java.util.List;
import java.util.Optional;

/** What {@code sse_event_schema} and {@code agui_event_order} both ask first of an {@link Observation.EventStream}. */
final class EventStreamAnswer {
    private EventStreamAnswer() {
    }

    /** @return the failure both checks report when the operation did not answer 200 with a text/event-stream */
    static Optional<Verdict> notAStream(Observation.EventStream run) {
        Exchange e = run.exchange();
        boolean stream = e.header("Content-Type").orElse("").startsWith("text/event-stream");
        if (e.status() == 200 && stream) {
            return Optional.empty();
        }
        return Optional.of(Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), run.operationId()
                + " answered " + e.status() + " " + e.header("Content-Type").orElse("") + " to its example body, not a"
                + " text/event-stream (" + Excerpts.abbreviate(e.body()) + ")"));
    }

    /**
     * @return the stream's events
     * @throws IllegalArgumentException when the body is no event stream (its message says where)
     */
    static List<JsonNode> events(Observation.EventStream run) {
        return EventSchemas.parseSse(run.exchange().body());
    }
}
