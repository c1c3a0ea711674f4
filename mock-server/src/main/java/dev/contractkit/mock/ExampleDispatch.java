package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Picks a stateless answer by the request's parameters, the way Microcks dispatches: a parameter's named
 * {@code examples} tie a value to the response example of the same name, under whatever status declares it
 * ({@code id} example {@code missing: {value: 999}} and a 404 example {@code missing}: {@code GET /forms/999} gets
 * that 404). And paged lists end: a request with {@code offset} past the first page that no example names gets
 * the list's empty-page example (a 2xx example whose array is empty), so a client walking the pages stops.
 */
final class ExampleDispatch {
    private record Tie(String in, String parameter, String value, String example) {
    }

    private final List<Tie> ties;
    private final Optional<Reply> lastPage;

    private ExampleDispatch(List<Tie> ties, Optional<Reply> lastPage) {
        this.ties = ties;
        this.lastPage = lastPage;
    }

    static ExampleDispatch of(ContractDocument.Operation operation, DeclaredResponses responses) {
        ContractDocument doc = operation.document();
        List<Tie> ties = new ArrayList<>();
        boolean paged = false;
        for (ContractDocument.Parameter p : operation.parameters()) {
            paged |= p.in().equals("query") && p.name().equals("offset");
            for (Iterator<Map.Entry<String, JsonNode>> it = p.node().path("examples").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode value = doc.resolve(e.getValue()).path("value");
                if (value.isValueNode() && responses.named(e.getKey(), Optional.empty()).isPresent()) {
                    ties.add(new Tie(p.in(), p.name(), value.asText(), e.getKey()));
                }
            }
        }
        return new ExampleDispatch(List.copyOf(ties), paged ? responses.emptyPage() : Optional.empty());
    }

    /** @return the answer the request's parameter values choose, or empty for the operation's default */
    Optional<Reply> choose(Incoming request, Map<String, String> pathValues, DeclaredResponses responses) {
        for (Tie tie : ties) {
            List<String> values = switch (tie.in()) {
                case "path" -> Optional.ofNullable(pathValues.get(tie.parameter())).stream().toList();
                case "query" -> request.query(tie.parameter());
                case "header" -> request.headers(tie.parameter());
                default -> List.of();
            };
            if (values.contains(tie.value())) {
                return responses.named(tie.example(), Optional.empty());
            }
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
