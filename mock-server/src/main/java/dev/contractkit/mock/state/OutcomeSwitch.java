package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.JsonAnswer;
import dev.contractkit.mock.http.Prefer;

/**
 * The outcome one API's listener is switched to: a sticky {@code Prefer} (an example name and/or a status) and
 * a delay, applied to every request that carries no {@code Prefer} of its own. Set it with
 * {@code PUT /mockserver/kit/outcome?example=inactive} (or {@code ?code=500}, {@code &delay=3000} ms), read it
 * with {@code GET}, clear it with {@code DELETE}. An operation that declares neither the example nor the status
 * keeps answering its default, so one switch serves APIs whose operations differ.
 */
public final class OutcomeSwitch {
    /** @param prefer the sticky preference; @param delayMillis how long each answer waits */
    public record State(Prefer prefer, long delayMillis) {
        static final State NONE = new State(new Prefer(Optional.empty(), Optional.empty()), 0);
    }

    private final AtomicReference<State> state = new AtomicReference<>(State.NONE);
    private final Set<String> examples;
    private final Set<String> statuses;

    public OutcomeSwitch(List<ContractDocument> docs) {
        Set<String> names = new LinkedHashSet<>();
        Set<String> codes = new LinkedHashSet<>();
        for (ContractDocument doc : docs) {
            for (ContractDocument.Operation op : doc.operations()) {
                DeclaredResponses declared = DeclaredResponses.of(doc, op);
                names.addAll(declared.exampleNames());
                codes.addAll(declared.statuses());
            }
        }
        this.examples = new TreeSet<>(names);
        this.statuses = new TreeSet<>(codes);
    }

    public State current() {
        return state.get();
    }

    /** @return the sticky preference if this operation can honour it, else an empty one */
    public Prefer preferFor(DeclaredResponses responses) {
        Prefer sticky = state.get().prefer();
        if (sticky.isEmpty()) {
            return sticky;
        }
        boolean hasExample = sticky.example().map(n -> responses.exampleNames().contains(n)).orElse(true);
        boolean hasStatus = sticky.status().map(c -> responses.forCode(c).isPresent()).orElse(true);
        return hasExample && hasStatus ? sticky : State.NONE.prefer();
    }

    /** {@code GET|PUT|POST|DELETE /mockserver/kit/outcome}. */
    public JsonAnswer control(String method, Map<String, List<String>> query) {
        switch (method) {
            case "GET" -> {
                return new JsonAnswer(200, describe());
            }
            case "DELETE" -> {
                state.set(State.NONE);
                return new JsonAnswer(200, describe());
            }
            case "PUT", "POST" -> {
                return set(query);
            }
            default -> {
                return new JsonAnswer(405, JsonAnswer.errorBody("METHOD_NOT_ALLOWED", "allowed: GET, PUT, POST, DELETE"));
            }
        }
    }

    private JsonAnswer set(Map<String, List<String>> query) {
        Optional<String> example = first(query, "example");
        Optional<String> code = first(query, "code");
        Optional<String> delay = first(query, "delay");
        if (example.isEmpty() && code.isEmpty() && delay.isEmpty()) {
            return bad("give example=<name>, code=<status> and/or delay=<ms>; examples: " + String.join(", ", examples)
                    + "; statuses: " + String.join(", ", statuses));
        }
        if (example.isPresent() && !examples.contains(example.get())) {
            return bad("no operation of this API has an example named '" + example.get() + "'; examples: "
                    + String.join(", ", examples));
        }
        if (code.isPresent() && (!code.get().matches("[1-5]\\d\\d") || statuses.stream().noneMatch(s ->
                s.equals(code.get()) || s.equals(code.get().charAt(0) + "XX") || s.equals("DEFAULT")))) {
            return bad("status '" + code.get() + "' is not declared by this API; statuses: " + String.join(", ", statuses));
        }
        long millis = 0;
        if (delay.isPresent()) {
            try {
                millis = Long.parseLong(delay.get());
            } catch (NumberFormatException e) {
                millis = -1;
            }
            if (millis < 0 || millis > 600_000) {
                return bad("delay must be a number of milliseconds, 0-600000; got '" + delay.get() + "'");
            }
        }
        state.set(new State(new Prefer(code, example), millis));
        return new JsonAnswer(200, describe());
    }

    /** Sets the outcome at start ({@code --outcome api=example}); throws naming the known examples. */
    public void preset(String apiId, String example) {
        JsonAnswer answer = set(Map.of("example", List.of(example)));
        if (answer.status() != 200) {
            throw new IllegalArgumentException("--outcome " + apiId + "=" + example + ": " + answer.body().path("message").asText());
        }
    }

    private ObjectNode describe() {
        State s = state.get();
        ObjectNode n = Json.MAPPER.createObjectNode();
        s.prefer().example().ifPresentOrElse(e -> n.put("example", e), () -> n.putNull("example"));
        s.prefer().code().ifPresentOrElse(c -> n.put("code", c), () -> n.putNull("code"));
        n.put("delay", s.delayMillis());
        n.set("examples", Json.MAPPER.valueToTree(List.copyOf(examples)));
        return n;
    }

    private static JsonAnswer bad(String message) {
        return new JsonAnswer(400, JsonAnswer.errorBody("BAD_REQUEST", message));
    }

    private static Optional<String> first(Map<String, List<String>> query, String key) {
        return query.getOrDefault(key, List.of()).stream().map(String::trim).filter(v -> !v.isEmpty()).findFirst();
    }
}
