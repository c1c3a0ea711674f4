package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.CredentialPlacer;
import dev.contractkit.conformance.cases.ExampleBodies;
import dev.contractkit.conformance.cases.RelativeRequest;
import dev.contractkit.conformance.cases.RequestDraft;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Schemas;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.Observation;
import dev.contractkit.conformance.checks.VersionRemovals;
import dev.contractkit.conformance.checks.VersionRemovals.Removals;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The requests of {@code version_removals}: each endpoint the new version removed is called and must answer 404,
 * 405 or 410; each removed query value and removed request property is sent and must be refused with 4xx. What
 * was removed comes from {@link VersionRemovals}.
 */
final class VersionRemovalsScenario {
    private VersionRemovalsScenario() {
    }

    /** The requests part: removed endpoints, removed query values and removed request properties. */
    static void run(Contract contract, CaseGenerator cases, ScenarioSettings settings, ScenarioRunner runner) {
        ContractDocument doc = contract.document();
        Optional<Removals> found = VersionRemovals.of(doc);
        if (found.isEmpty()) {
            return;
        }
        Removals removals = found.get();
        Optional<Operation> secured = doc.operations().stream().filter(o -> !o.isPublic()).findFirst()
                .or(() -> doc.operations().stream().findFirst());
        String prefix = VersionRemovals.versionPrefix(doc);
        Operation auth = secured.orElseThrow();
        boolean anonymous = cases.lacksCredential(auth);
        int[] refusedAnonymously = {0};
        for (String removed : removals.endpoints()) {
            String method = removed.substring(0, removed.indexOf(' '));
            String path = removed.substring(removed.indexOf(' ') + 1);
            List<Map.Entry<String, String>> query = new ArrayList<>();
            List<Map.Entry<String, String>> headers = new ArrayList<>(settings.headers());
            for (CredentialPlacer.Placement p : cases.credentialFor(auth)) {
                (p.in().equals("query") ? query : headers).add(Map.entry(p.name(), p.value()));
            }
            RelativeRequest call = new RelativeRequest(method, prefix + path, pathValues(removals.previous(), method, path),
                    query, headers, Optional.empty());
            TestCase c = new TestCase(RequestKind.SCENARIO, Optional.empty(), removed + " (removed)",
                    "an endpoint " + removals.previous().file() + " had", call, Optional.empty());
            runner.send(c, Optional.empty()).ifPresent(e -> {
                Verdict outcome = Checks.of(Check.VERSION_REMOVALS)
                        .judge(new Observation.RemovedEndpoint(removed, anonymous, e));
                if (outcome instanceof Verdict.Skip) {
                    refusedAnonymously[0]++;   // a 401 without a credential: not checked
                    return;
                }
                runner.verdict(Check.VERSION_REMOVALS, c.label(), "", e.request(), e.status(), outcome);
            });
        }
        if (refusedAnonymously[0] > 0) {
            runner.note(Check.VERSION_REMOVALS.key() + ": " + refusedAnonymously[0] + " endpoint(s) removed in this"
                    + " version answered 401 to a request without a credential; whether they are gone is "
                    + cases.notChecked(auth));
        }
        for (Operation op : doc.operations()) {
            Map<String, List<String>> values = removals.queryValues().getOrDefault(VersionRemovals.endpoint(op), Map.of());
            values.forEach((param, list) -> list.forEach(v -> refused(cases, runner, op,
                    Map.of(param, TextNode.valueOf(v)), Optional.empty(),
                    "query " + param + "=" + v + ", a value " + removals.previous().file() + " took",
                    "/request/query/" + param, TextNode.valueOf(v).toString())));
            for (String property : removals.requestProperties().getOrDefault(VersionRemovals.endpoint(op), List.of())) {
                Optional<JsonNode> body = ExampleBodies.of(doc, op).filter(ObjectNode.class::isInstance)
                        .map(b -> ((ObjectNode) b).set(property, valueFor(removals.previous(), op, property)));
                body.ifPresent(b -> refused(cases, runner, op, Map.of(), Optional.of(b),
                        "body property '" + property + "', which " + removals.previous().file() + " took",
                        "/request/body/" + property, b.get(property).toString()));
            }
        }
    }

    private static void refused(CaseGenerator cases, ScenarioRunner runner, Operation op, Map<String, JsonNode> overrides,
                                Optional<JsonNode> body, String what, String pointer, String value) {
        TestCase c = cases.scenario(op, overrides, body, "removed: " + what);
        runner.send(c, Optional.empty()).ifPresent(e -> {
            Verdict outcome = Checks.of(Check.VERSION_REMOVALS)
                    .judge(new Observation.RemovedInput(what, pointer, value, cases.lacksCredential(op), e));
            if (outcome instanceof Verdict.Skip) {
                // refused for want of a credential proves nothing about the removal
                runner.note(Check.VERSION_REMOVALS.key() + " of " + op + " (" + what + "): " + cases.notChecked(op));
                return;
            }
            runner.verdict(Check.VERSION_REMOVALS, CaseGenerator.label(op), op.operationId(), e.request(), e.status(),
                    outcome);
        });
    }

    /** Path values for a removed endpoint: the predecessor's examples, else 1. */
    private static Map<String, String> pathValues(ContractDocument previous, String method, String path) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher names = Pattern.compile("\\{([^}]+)}").matcher(path);
        while (names.find()) {
            out.put(names.group(1), "1");
        }
        previous.operations().stream().filter(o -> VersionRemovals.endpoint(o).equals(method + " " + path)).findFirst()
                .ifPresent(o -> o.parameters().stream().filter(p -> p.in().equals("path") && !p.example().isMissingNode())
                        .forEach(p -> out.put(p.name(), RequestDraft.text(p.example()))));
        return out;
    }

    /** A value for a removed request property: the predecessor's example, else one of its type. */
    private static JsonNode valueFor(ContractDocument previous, Operation op, String property) {
        for (Operation o : previous.operations()) {
            if (VersionRemovals.endpoint(o).equals(VersionRemovals.endpoint(op)) && o.requestBody().isPresent()) {
                for (JsonNode media : previous.at(o.requestBody().get()).path("content")) {
                    JsonNode schema = previous.resolve(previous.resolve(media.path("schema")).path("properties").path(property));
                    if (schema.has("example")) {
                        return schema.get("example");
                    }
                    return switch (Schemas.type(schema)) {
                        case "boolean" -> BooleanNode.TRUE;
                        case "integer", "number" -> IntNode.valueOf(1);
                        default -> TextNode.valueOf("kit-removed-value");
                    };
                }
            }
        }
        return BooleanNode.TRUE;
    }
}
