package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.ParameterValues;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import dev.contractkit.mock.http.Incoming;

/**
 * Checks the path, query, header and cookie parameters of a request against the operation's parameter
 * schemas with the contract's {@link dev.contractkit.specs.check.SchemaValidator}. Text values are read as the
 * schema's type first ({@code count=abc} stays a string, so the schema's {@code type} rejects it).
 */
public final class ParameterRules {

    private final ContractDocument document;
    private final List<ContractDocument.Parameter> parameters;
    /**
     * Per parameter, the verdict on values already seen: the schema check is deterministic, and a look-up is
     * cheaper per request than running it again. Bounded: past {@link #MEMO_LIMIT} values per parameter nothing
     * more is kept.
     */
    private final List<ConcurrentHashMap<List<String>, Optional<RequestViolation>>> memo;
    private static final int MEMO_LIMIT = 1024;

    public ParameterRules(ContractDocument document, ContractDocument.Operation operation) {
        this.document = document;
        this.parameters = operation.parameters();
        this.memo = parameters.stream().map(p -> new ConcurrentHashMap<List<String>, Optional<RequestViolation>>())
                .toList();
    }

    /**
     * @param request    the request
     * @param pathValues the path parameters taken from the request path
     * @return the first rule the request breaks, as a sentence naming the parameter, or empty
     */
    public Optional<RequestViolation> problem(Incoming request, Map<String, String> pathValues) {
        for (int i = 0; i < parameters.size(); i++) {
            ContractDocument.Parameter p = parameters.get(i);
            List<String> raw = switch (p.in()) {
                case "path" -> Optional.ofNullable(pathValues.get(p.name())).stream().toList();
                case "query" -> request.query(p.name());
                case "header" -> request.headers(p.name());
                case "cookie" -> request.cookie(p.name());
                default -> List.of();
            };
            if (raw.isEmpty()) {
                if (p.required()) {
                    return Optional.of(new RequestViolation(400, label(p) + " is required"));
                }
                continue;
            }
            if (p.node().has("schema")) {
                var seen = memo.get(i);
                Optional<RequestViolation> verdict = seen.get(raw);
                if (verdict == null) {
                    verdict = check(p, raw, label(p));
                    if (seen.size() < MEMO_LIMIT) {
                        seen.put(List.copyOf(raw), verdict);
                    }
                }
                if (verdict.isPresent()) {
                    return verdict;
                }
            }
        }
        return Optional.empty();
    }

    private static String label(ContractDocument.Parameter p) {
        return p.in() + " parameter '" + p.name() + "'";
    }

    private Optional<RequestViolation> check(ContractDocument.Parameter p, List<String> raw, String label) {
        JsonNode value = value(document.resolve(p.node().get("schema")), raw, explode(p));
        List<Finding> findings = document.validator().validate(p.schemaPointer(), value, label);
        return findings.isEmpty() ? Optional.empty() : Optional.of(new RequestViolation(400,
                RequestViolation.describe(label, findings.get(0)) + " (value: " + String.join(",", raw) + ")"));
    }

    private static boolean explode(ContractDocument.Parameter p) {
        return ParameterValues.explode(p.node(), p.in());
    }

    private JsonNode value(JsonNode schema, List<String> raw, boolean explode) {
        return ParameterValues.value(schema, document.resolve(schema.path("items")), raw, explode);
    }
}
