package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.Reply;

/**
 * Picks a stateless answer by the request's parameters, the way Microcks dispatches: a parameter's named
 * {@code examples} tie a value to the response example of the same name, under whatever status declares it
 * ({@code id} example {@code missing: {value: 999}} and a 404 example {@code missing}: {@code GET /forms/999} gets
 * that 404; a value several of the parameter's examples share chooses none of them). And paged lists end: a request with {@code offset} past the first page that no example names gets
 * the list's empty-page example (a 2xx example whose array is empty), so a client walking the pages stops (a list
 * with its total in {@code X-Total-Count} is cut from its example by {@link LinkHeaders} instead). A
 * JSON request body that matches a named request-body example gets the response example of the same name (the
 * answers mock: each question of the contract gets its own answer or refusal).
 */
final class ExampleDispatch {
    private record Tie(String in, String parameter, String value, String example, Reply reply) {
    }

    /** A named JSON request-body example whose name also names a response example. */
    private record BodyTie(JsonNode value, String example, Reply reply) {
    }

    private final List<Tie> ties;
    private final List<BodyTie> bodies;
    private final Optional<Reply> lastPage;

    private ExampleDispatch(List<Tie> ties, List<BodyTie> bodies, Optional<Reply> lastPage) {
        this.ties = ties;
        this.bodies = bodies;
        this.lastPage = lastPage;
    }

    static ExampleDispatch of(ContractDocument.Operation operation, DeclaredResponses responses) {
        ContractDocument doc = operation.document();
        List<Tie> ties = new ArrayList<>();
        boolean paged = false;
        for (ContractDocument.Parameter p : operation.parameters()) {
            // a list with its total in X-Total-Count is cut to the page by LinkHeaders instead
            paged |= p.in().equals("query") && p.name().equals("offset") && !LinkHeaders.cutsExamples(operation);
            Map<String, Integer> shared = new HashMap<>();
            List<Tie> own = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = p.node().path("examples").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode value = doc.resolve(e.getValue()).path("value");
                if (value.isValueNode()) {
                    shared.merge(value.asText(), 1, Integer::sum);
                    // the reply chosen once here, not looked up per request
                    responses.dispatched(e.getKey()).ifPresent(r -> own.add(new Tie(p.in(), p.name(), value.asText(),
                            e.getKey(), r)));
                }
            }
            // a value several of the parameter's examples share names none of them (Azure's x-ms-examples give
            // every example of an operation the same api-version and tee: sending it chooses no example, and
            // the one named like a 400 example must not turn a valid request into that 400)
            own.removeIf(t -> shared.get(t.value()) > 1);
            ties.addAll(own);
        }
        List<BodyTie> bodies = new ArrayList<>();
        JsonNode content = doc.resolve(operation.node().path("requestBody")).path("content");
        for (Iterator<Map.Entry<String, JsonNode>> media = content.fields(); media.hasNext(); ) {
            Map.Entry<String, JsonNode> m = media.next();
            if (!Json.isJson(m.getKey())) {
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = m.getValue().path("examples").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode value = doc.resolve(e.getValue()).path("value");
                if (value.isObject()) {
                    responses.dispatched(e.getKey()).ifPresent(r -> bodies.add(new BodyTie(value, e.getKey(), r)));
                }
            }
        }
        return new ExampleDispatch(List.copyOf(ties), List.copyOf(bodies), paged ? responses.emptyPage() : Optional.empty());
    }

    /**
     * The request-body example the body matches: every field of the example is in the body with the same value
     * (strings compared ignoring case and surrounding blanks); of several, the one with the most fields, then
     * the first declared. So {@code {query: "What is the capital of France?"}} picks the off-topic refusal and the
     * same question with {@code forceAnswer: true} the example that names both fields.
     */
    private Optional<Reply> byBody(Incoming request) {
        if (bodies.isEmpty()) {
            return Optional.empty();
        }
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(request.bodyText());
        } catch (Exception e) {
            return Optional.empty();
        }
        if (body == null || !body.isObject()) {
            return Optional.empty();
        }
        BodyTie best = null;
        for (BodyTie tie : bodies) {
            if (contains(body, tie.value()) && (best == null || tie.value().size() > best.value().size())) {
                best = tie;
            }
        }
        return Optional.ofNullable(best).map(BodyTie::reply);
    }

    private static boolean contains(JsonNode body, JsonNode example) {
        for (Iterator<Map.Entry<String, JsonNode>> it = example.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode given = body.get(f.getKey());
            if (given == null) {
                return false;
            }
            boolean same = f.getValue().isTextual() && given.isTextual()
                    ? f.getValue().asText().strip().equalsIgnoreCase(given.asText().strip())
                    : f.getValue().equals(given);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** @return the answer the request's parameter values choose, or empty for the operation's default */
    Optional<Reply> choose(Incoming request, Map<String, String> pathValues, DeclaredResponses responses) {
        for (Tie tie : ties) {
            boolean tied = switch (tie.in()) {
                case "path" -> tie.value().equals(pathValues.get(tie.parameter()));
                case "query" -> request.query(tie.parameter()).contains(tie.value());
                case "header" -> request.headers(tie.parameter()).contains(tie.value());
                default -> false;
            };
            if (tied) {
                return Optional.of(tie.reply());
            }
        }
        Optional<Reply> byBody = byBody(request);
        if (byBody.isPresent()) {
            return byBody;
        }
        if (lastPage.isPresent()) {
            List<String> offset = request.query("offset");
            if (!offset.isEmpty() && !offset.get(0).matches("0*")) {
                return lastPage;
            }
        }
        return Optional.empty();
    }
}
