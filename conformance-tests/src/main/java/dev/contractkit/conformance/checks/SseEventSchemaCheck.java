package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.agui.EventSchemas;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code sse_event_schema}: every event of a text/event-stream answer matches its AsyncAPI message. The scenario
 * {@code EventStreamScenario} runs each event-stream operation once and hands over the run
 * ({@link Observation.EventStream}).
 */
final class SseEventSchemaCheck extends ScenarioCheck {

    @Override
    public Verdict judge(Observation observation) {
        if (!(observation instanceof Observation.EventStream run)) {
            return Verdict.SKIP;
        }
        Optional<Verdict> notAStream = EventStreamAnswer.notAStream(run);
        if (notAStream.isPresent()) {
            return notAStream.get();
        }
        List<JsonNode> events;
        try {
            events = EventStreamAnswer.events(run);
        } catch (IllegalArgumentException bad) {
            return Verdict.fail(Exchange.BODY, "", bad.getMessage());
        }
        EventSchemas schemas = EventSchemas.load();
        List<Verdict.Problem> problems = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            for (String p : schemas.validate(events.get(i))) {
                problems.add(new Verdict.Problem(Exchange.BODY + "/events/" + i, events.get(i).toString(), p));
            }
        }
        if (events.isEmpty()) {
            problems.add(new Verdict.Problem(Exchange.BODY, "", "the stream holds no event"));
        }
        return Verdict.of(problems);
    }
}
