package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.conformance.diff.BreakingChange;
import dev.contractkit.conformance.diff.BreakingChanges;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.dialect.PreviousVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code version_removals}: a contract that names its predecessor ({@code info.x-kit-previous-version}, a file
 * next to it) promises that what the new version removed is gone. The removals are the incompatible changes
 * {@code ./kit diff} computes between the two (openapi-diff): removed endpoints must answer 404, 405 or 410;
 * removed response properties must be absent from 2xx bodies; removed query enum values and removed properties
 * of closed request bodies must be refused with 4xx.
 */
final class VersionRemovals {
    private static final Pattern PREFIX = Pattern.compile("^/api/v\\d+(?=/)");
    private static final Pattern RESPONSE_PROPERTY = Pattern.compile("^response (\\d{3}) body(\\[\\])? \\.(.+)$");
    private static final Pattern QUERY = Pattern.compile("^query parameter (\\S+)$");
    private static final Pattern VALUES_REMOVED = Pattern.compile("values removed \\[([^]]*)]");
    private static final Pattern REQUEST_PROPERTY = Pattern.compile("^request body \\.([^.\\[\\]]+)$");
    private static final Map<String, Removals> CACHE = new ConcurrentHashMap<>();

    private VersionRemovals() {
    }

    /**
     * What the new version removed.
     *
     * @param previous         the predecessor
     * @param endpoints        removed endpoints, {@code GET /geo_nodes} (no version prefix)
     * @param properties       per endpoint and status: removed response properties as paths, {@code [] .active}
     * @param queryValues      per endpoint: query parameter to its removed enum values
     * @param requestProperties per endpoint: removed properties of a closed request body
     */
    record Removals(ContractDocument previous, List<String> endpoints, Map<String, List<String>> properties,
                    Map<String, Map<String, List<String>>> queryValues, Map<String, List<String>> requestProperties) {
    }

    /** @return the removals, when the document names a predecessor */
    static Optional<Removals> of(ContractDocument doc) {
        return PreviousVersion.of(doc.root()).map(previous -> CACHE.computeIfAbsent(
                doc.file() + "#" + doc.text().hashCode(), k -> compute(doc, previous)));
    }

    private static Removals compute(ContractDocument doc, String previousFile) {
        String sibling = doc.file().contains("/")
                ? doc.file().substring(0, doc.file().lastIndexOf('/') + 1) + previousFile : previousFile;
        String text;
        Path onDisk = Path.of(sibling);
        try {
            text = Files.isRegularFile(onDisk) ? Files.readString(onDisk) : Api.readContract(sibling);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ContractDocument old = ContractDocument.parse(sibling, text);
        List<String> endpoints = new ArrayList<>();
        Map<String, List<String>> properties = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> queryValues = new LinkedHashMap<>();
        Map<String, List<String>> requestProperties = new LinkedHashMap<>();
        for (BreakingChange c : BreakingChanges.between(text, doc.text())) {
            if (c.what().equals("endpoint removed")) {
                endpoints.add(c.endpoint());
                continue;
            }
            Matcher property = RESPONSE_PROPERTY.matcher(c.where());
            if (property.matches() && c.what().equals("property removed")) {
                properties.computeIfAbsent(c.endpoint() + " " + property.group(1), k -> new ArrayList<>())
                        .add((property.group(2) == null ? "" : "[]") + " ." + property.group(3));
                continue;
            }
            Matcher query = QUERY.matcher(c.where());
            Matcher values = VALUES_REMOVED.matcher(c.what());
            if (query.matches() && values.find()) {
                queryValues.computeIfAbsent(c.endpoint(), k -> new LinkedHashMap<>())
                        .put(query.group(1), List.of(values.group(1).split(",\\s*")));
                continue;
            }
            Matcher request = REQUEST_PROPERTY.matcher(c.where());
            if (request.matches() && c.what().startsWith("property removed")) {
                requestProperties.computeIfAbsent(c.endpoint(), k -> new ArrayList<>()).add(request.group(1));
            }
        }
        return new Removals(old, List.copyOf(endpoints), properties, queryValues, requestProperties);
    }

    static String endpoint(Operation op) {
        return op.method() + " " + PREFIX.matcher(op.path()).replaceFirst("");
    }

    /** The per-exchange part: a 2xx body holds no property the new version removed. */
    static Verdict responseProperties(Exchange e) {
        if (e.status() < 200 || e.status() >= 300 || e.testCase().operation().isEmpty()) {
            return Verdict.SKIP;
        }
        Optional<Removals> removals = of(e.contract().document());
        if (removals.isEmpty()) {
            return Verdict.SKIP;
        }
        List<String> removed = removals.get().properties()
                .get(endpoint(e.testCase().operation().get()) + " " + e.status());
        if (removed == null) {
            return Verdict.SKIP;
        }
        JsonNode body;
        try {
            body = e.json();
        } catch (IOException ex) {
            return Verdict.SKIP; // content_type_conformance and response_schema_conformance say what is wrong
        }
        List<Verdict.Problem> problems = new ArrayList<>();
        for (String path : removed) {
            boolean each = path.startsWith("[]");
            String[] names = path.substring(path.indexOf('.') + 1).split("\\.");
            List<JsonNode> roots = new ArrayList<>();
            if (each) {
                body.forEach(roots::add);
            } else {
                roots.add(body);
            }
            for (int i = 0; i < roots.size(); i++) {
                JsonNode at = roots.get(i);
                String pointer = ResponseChecks.BODY + (each ? "/" + i : "");
                for (int n = 0; n < names.length - 1; n++) {
                    at = at.path(names[n]);
                    pointer += "/" + names[n];
                }
                String name = names[names.length - 1];
                if (at.has(name)) {
                    problems.add(new Verdict.Problem(pointer + "/" + name, at.get(name).toString(), "'" + name
                            + "' was removed in this version (" + removals.get().previous().file() + " had it); the"
                            + " response still carries it"));
                }
            }
        }
        return Verdict.of(problems);
    }

    /** The requests part: removed endpoints, removed query values and removed request properties. */
    static void run(Contract contract, CaseGenerator cases, ConformanceTarget target, ScenarioRunner runner) {
        ContractDocument doc = contract.document();
        Optional<Removals> found = of(doc);
        if (found.isEmpty()) {
            return;
        }
        Removals removals = found.get();
        Optional<Operation> secured = doc.operations().stream().filter(o -> !o.isPublic()).findFirst()
                .or(() -> doc.operations().stream().findFirst());
        String prefix = doc.operations().stream().map(o -> PREFIX.matcher(o.path()))
                .filter(Matcher::find).map(Matcher::group).findFirst().orElse("");
        Operation auth = secured.orElseThrow();
        boolean anonymous = cases.lacksCredential(auth);
        int[] refusedAnonymously = {0};
        for (String removed : removals.endpoints()) {
            String method = removed.substring(0, removed.indexOf(' '));
            String path = removed.substring(removed.indexOf(' ') + 1);
            List<Map.Entry<String, String>> query = new ArrayList<>();
            List<Map.Entry<String, String>> headers = new ArrayList<>(target.headers());
            for (Credentials.Placement p : cases.credentialFor(auth)) {
                (p.in().equals("query") ? query : headers).add(Map.entry(p.name(), p.value()));
            }
            HttpCall call = new HttpCall(method, prefix + path, pathValues(removals.previous(), method, path),
                    query, headers, Optional.empty());
            TestCase c = new TestCase(RequestKind.SCENARIO, Optional.empty(), removed + " (removed)",
                    "an endpoint " + removals.previous().file() + " had", call, Optional.empty());
            runner.send(c, Optional.empty()).ifPresent(e -> {
                if (anonymous && e.status() == 401) {
                    // a server may authenticate before it routes: without a credential, 401 says nothing either way
                    refusedAnonymously[0]++;
                    return;
                }
                runner.verdict(Check.VERSION_REMOVALS, c.label(), "", e.request(), e.status(),
                        removedEndpoint(removed, e.status(), anonymous));
            });
        }
        if (refusedAnonymously[0] > 0) {
            runner.note(Check.VERSION_REMOVALS.key() + ": " + refusedAnonymously[0] + " endpoint(s) removed in this"
                    + " version answered 401 to a request without a credential; whether they are gone is "
                    + cases.notChecked(auth));
        }
        for (Operation op : doc.operations()) {
            Map<String, List<String>> values = removals.queryValues().getOrDefault(endpoint(op), Map.of());
            values.forEach((param, list) -> list.forEach(v -> refused(cases, runner, op,
                    Map.of(param, TextNode.valueOf(v)), Optional.empty(),
                    "query " + param + "=" + v + ", a value " + removals.previous().file() + " took",
                    "/request/query/" + param, TextNode.valueOf(v).toString())));
            for (String property : removals.requestProperties().getOrDefault(endpoint(op), List.of())) {
                Optional<JsonNode> body = ExampleBodies.of(doc, op).filter(ObjectNode.class::isInstance)
                        .map(b -> ((ObjectNode) b).set(property, valueFor(removals.previous(), op, property)));
                body.ifPresent(b -> refused(cases, runner, op, Map.of(), Optional.of(b),
                        "body property '" + property + "', which " + removals.previous().file() + " took",
                        "/request/body/" + property, b.get(property).toString()));
            }
        }
    }

    /**
     * A removed endpoint must answer 404, 405 or 410. With the run's credential a 401 or 403 is no excuse: the
     * endpoint is still there, guarded (a proxy or server that answers it at all is caught).
     *
     * @param anonymous whether the request went without a credential (then the caller has already set 401 aside)
     */
    static Verdict removedEndpoint(String removed, int status, boolean anonymous) {
        if (status == 404 || status == 405 || status == 410) {
            return Verdict.PASS;
        }
        return Verdict.fail(ResponseChecks.STATUS, Integer.toString(status), removed + " was removed in this version"
                + " but answered " + status + (anonymous ? "" : " to a request with the run's credential")
                + "; expected 404, 405 or 410");
    }

    private static void refused(CaseGenerator cases, ScenarioRunner runner, Operation op, Map<String, JsonNode> overrides,
                                Optional<JsonNode> body, String what, String pointer, String value) {
        TestCase c = cases.scenario(op, overrides, body, "removed: " + what);
        runner.send(c, Optional.empty()).ifPresent(e -> {
            if (cases.lacksCredential(op) && e.status() == 401) {
                // refused for want of a credential proves nothing about the removal
                runner.note(Check.VERSION_REMOVALS.key() + " of " + op + " (" + what + "): " + cases.notChecked(op));
                return;
            }
            runner.verdict(Check.VERSION_REMOVALS, CaseGenerator.label(op), op.operationId(), e.request(), e.status(),
                    e.status() >= 400 && e.status() < 500 ? Verdict.PASS : Verdict.fail(pointer, value, "sent " + what
                            + "; this version removed it, so the request must be refused with 4xx, but it was answered "
                            + e.status()));
        });
    }

    /** Path values for a removed endpoint: the predecessor's examples, else 1. */
    private static Map<String, String> pathValues(ContractDocument previous, String method, String path) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher names = Pattern.compile("\\{([^}]+)}").matcher(path);
        while (names.find()) {
            out.put(names.group(1), "1");
        }
        previous.operations().stream().filter(o -> endpoint(o).equals(method + " " + path)).findFirst()
                .ifPresent(o -> o.parameters().stream().filter(p -> p.in().equals("path") && !p.example().isMissingNode())
                        .forEach(p -> out.put(p.name(), RequestDraft.text(p.example()))));
        return out;
    }

    /** A value for a removed request property: the predecessor's example, else one of its type. */
    private static JsonNode valueFor(ContractDocument previous, Operation op, String property) {
        for (Operation o : previous.operations()) {
            if (endpoint(o).equals(endpoint(op)) && o.requestBody().isPresent()) {
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
