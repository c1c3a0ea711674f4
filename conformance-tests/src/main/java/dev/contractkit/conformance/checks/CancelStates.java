package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Observation.CancelStep;

import java.util.Optional;

/**
 * The cancel states exec's contract gives {@code cancelTask} ({@code specs/openapi/exec.yaml}), as
 * {@code state_transitions} judges them: a pending task is cancelled at once; a running one answers {@code cancelling}
 * with the {@code task_cancel_requested} event and ends {@code cancelled}; a finished one answers 409.
 */
final class CancelStates {
    private CancelStates() {
    }

    static Verdict judge(CancelStep step) {
        Exchange e = step.exchange();
        String id = step.taskId();
        return switch (step.step()) {
            case SUBMIT -> status(e, 202, "submitting a sleep and a task that depends on it");
            case CANCEL_PENDING -> status(e, 200, "cancel of a pending task");
            case CANCEL_RUNNING -> status(e, 200, "cancel of a running task");
            case CANCEL_FINISHED -> status(e, 409, "cancel of a finished task");
            case PENDING_CANCELLED -> {
                JsonNode item = item(e);
                yield check(item, "status", "cancelled", "a pending task is cancelled at once")
                        .or(() -> check(item.path("event"), "type", "task_cancel_requested",
                                "the cancel response carries the event"))
                        .orElse(Verdict.PASS);
            }
            case RUNNING_CANCELLING -> {
                JsonNode r = item(e);
                yield check(r, "status", "cancelling", "a running task reports cancelling")
                        .or(() -> check(r, "task_id", id, "the item names the task"))
                        .or(() -> check(r.path("runtime"), "status", "cancelling", "runtime.status is cancelling"))
                        .or(() -> check(r.path("runtime").path("error"), "code", "cancelled",
                                "runtime.error.code is cancelled"))
                        .or(() -> check(r.path("event"), "type", "task_cancel_requested",
                                "event.type is task_cancel_requested"))
                        .or(() -> check(r.path("event"), "task_id", id, "event.task_id names the task"))
                        .orElse(Verdict.PASS);
            }
            case ENDED -> check(ChainValues.body(e), "status", "cancelled", "a cancelling task ends cancelled")
                    .orElse(Verdict.PASS);
        };
    }

    static Verdict judge(Observation.CancelWait wait) {
        return Verdict.fail(Exchange.BODY + "/status", wait.last(), "task " + wait.taskId() + " did not reach "
                + wait.wanted() + " within " + wait.patience().toSeconds() + " s (last status " + wait.last() + ")");
    }

    private static Verdict status(Exchange e, int want, String what) {
        return e.status() == want ? Verdict.PASS : Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), what
                + " answered " + e.status() + "; the state table says " + want + " (" + Excerpts.abbreviate(e.body()) + ")");
    }

    private static Optional<Verdict> check(JsonNode node, String field, String want, String rule) {
        JsonNode got = node.path(field);
        if (got.isTextual() && got.asText().equals(want)) {
            return Optional.empty();
        }
        return Optional.of(Verdict.fail(Exchange.BODY + "/" + field, got.isMissingNode() ? "" : got.asText(),
                rule + "; got " + (got.isMissingNode() ? "(absent)" : got.toString())));
    }

    private static JsonNode item(Exchange e) {
        return ChainValues.body(e).path("tasks").path(0);
    }
}
