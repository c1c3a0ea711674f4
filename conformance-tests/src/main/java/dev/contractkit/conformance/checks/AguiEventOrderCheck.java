package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.agui.EventOrder;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

import java.util.List;
import java.util.Optional;

/**
 * {@code agui_event_order}: the events of a run stream follow the AG-UI ordering rules, on the run the scenario
 * {@code EventStreamScenario} makes for {@code sse_event_schema} ({@link Observation.EventStream}). A body that is no
 * event stream is {@code sse_event_schema}'s failure alone: there is no order to judge.
 */
final class AguiEventOrderCheck extends ScenarioCheck {

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
            return Verdict.SKIP;
        }
        return Verdict.of(EventOrder.check(events).stream()
                .map(v -> new Verdict.Problem(Exchange.BODY + "/events", "", v)).toList());
    }
}
