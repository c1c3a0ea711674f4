package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.check.Pointers;
import dev.contractkit.specs.dialect.RequiredRole;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Builds the requests for one contract: per operation the positive ones (examples, required only, boundaries,
 * seeded random values), the negative ones (one broken rule each) and the unauthenticated ones; per path the
 * methods the contract does not declare. The same seed gives the same requests.
 */
final class CaseGenerator {
    static final int RANDOM_CASES = 3;
    private static final int MAX_BODY_MUTATIONS = 40;
    private static final List<String> METHODS = List.of("GET", "PUT", "POST", "DELETE", "PATCH");

    private final Contract contract;
    private final Schemas schemas;
    private final Values values;
    private final Mutations mutations;
    private final CredentialPlacer credentials;
    private final CredentialPlacer lesser;
    private final List<Map.Entry<String, String>> headers;
    private final long seed;
    private final int count;
    private final Set<String> notes = new LinkedHashSet<>();
    private final Set<String> creates;
    /** Per run, so that a second run against the same server creates other names. */
    private final String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private int uniques;

    CaseGenerator(Contract contract, Optional<String> credential, List<Map.Entry<String, String>> headers, long seed) {
        this(contract, credential, Optional.empty(), headers, seed);
    }

    /**
     * @param lesser a credential without the role operations with {@code x-kit-required-role} need
     */
    CaseGenerator(Contract contract, Optional<String> credential, Optional<String> lesser,
          List<Map.Entry<String, String>> headers, long seed) {
        this(contract, credential, lesser, headers, seed, RANDOM_CASES);
    }

    /**
     * @param count how many requests with seeded random values each operation gets
     */
    CaseGenerator(Contract contract, Optional<String> credential, Optional<String> lesser,
          List<Map.Entry<String, String>> headers, long seed, int count) {
        Schemas schemas = new Schemas(contract.document());
        this.contract = contract;
        this.schemas = schemas;
        this.values = new Values(schemas);
        this.mutations = new Mutations(schemas);
        this.credentials = new CredentialPlacer(contract, credential);
        this.lesser = new CredentialPlacer(contract, lesser);
        this.headers = List.copyOf(headers);
        this.seed = seed;
        this.count = count;
        this.creates = new HashSet<>();
        Chains.of(contract.document()).forEach(c -> creates.add(c.create().operationId()));
    }

    /**
     * A create's body made unique: every free-text string (no enum, format, pattern or const) gets a suffix,
     * the same one for equal values (so references inside the body stay intact), and an email its suffix before
     * the {@code @}. Servers refuse a second "name" or "username" like any real one would; the suffix changes per
     * run. A body that would break its schema that way is left as it was.
     */
    JsonNode unique(Operation op, JsonNode body, String salt) {
        Optional<String> pointer = op.requestBody().map(p -> p + "/content");
        if (pointer.isEmpty()) {
            return body;
        }
        JsonNode content = contract.document().at(pointer.get());
        for (Iterator<String> it = content.fieldNames(); it.hasNext(); ) {
            String media = it.next();
            if (Contract.isJson(media) || Contract.covers(RequestDraft.Body.FORM, media)) {
                String schemaPointer = Pointers.append(pointer.get(), media, "schema");
                String suffix = "-" + run + Long.toString(++uniques, 36) + salt.charAt(0);
                JsonNode copy = body.deepCopy();
                Map<String, String> renamed = new LinkedHashMap<>();
                JsonNode out = uniqueValue(copy, contract.document().at(schemaPointer), suffix, renamed, 0);
                boolean valid = contract.validator().validate(schemaPointer, out, op.toString()).isEmpty();
                return valid ? out : body;
            }
        }
        return body;
    }

    private JsonNode uniqueValue(JsonNode value, JsonNode schemaNode, String suffix, Map<String, String> renamed,
                                 int depth) {
        JsonNode s = schemas.resolve(schemaNode);
        if (depth > 8) {
            return value;
        }
        if (value instanceof ObjectNode o) {
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                o.set(name, uniqueValue(o.get(name), s.path("properties").path(name), suffix, renamed, depth + 1));
            }
            return o;
        }
        if (value instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, uniqueValue(a.get(i), s.path("items"), suffix, renamed, depth + 1));
            }
            return a;
        }
        if (!value.isTextual() || s.has("enum") || s.has("const") || !Schemas.type(s).equals("string")) {
            return value;
        }
        String text = value.asText();
        String format = s.path("format").asText("");
        String changed = renamed.computeIfAbsent(text, t -> switch (format) {
            case "" -> t + suffix;
            case "email" -> t.contains("@") ? t.substring(0, t.indexOf('@')) + suffix + t.substring(t.indexOf('@')) : t;
            default -> t;
        });
        boolean fits = changed.length() <= s.path("maxLength").asInt(Integer.MAX_VALUE)
                && (!s.has("pattern") || Values.matches(s.get("pattern").asText(), changed));
        return TextNode.valueOf(fits ? changed : text);
    }

    /** @return what could not be done as asked (a value that could not be built, a media type not supported) */
    List<String> notes() {
        return List.copyOf(notes);
    }

    /** @return every case of one operation, duplicates removed */
    List<TestCase> forOperation(Operation op) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + op.pointer().hashCode());
        RequestDraft base = baseline(op);
        if (!op.isPublic() && !authenticates(op)) {
            notes.add("no credential given: secured operations were called without one; their successful responses"
                    + " and undeclared methods: " + notChecked(op));
        }
        Map<Object, TestCase> out = new LinkedHashMap<>();
        if (switchesProtocols(op)) {
            notes.add(op + " answers 101 (a protocol upgrade): only requests it must refuse were sent;"
                    + " what follows the upgrade is for the AsyncAPI checks");
        } else {
            positive(op, base, random).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        }
        negative(op, base, random).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        unauthenticated(op, base).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        insufficientRole(op, base).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        return List.copyOf(out.values());
    }

    /** @return per path, one request for each method the contract does not declare there */
    List<TestCase> unsupportedMethods() {
        List<TestCase> out = new ArrayList<>();
        for (Map.Entry<String, Set<String>> path : contract.methodsByPath().entrySet()) {
            Operation declared = contract.document().operations().stream()
                    .filter(o -> o.path().equals(path.getKey())).findFirst().orElseThrow();
            if (!declared.isPublic() && !authenticates(declared)) {
                continue; // without a credential a 401 would hide whether the method is refused
            }
            RequestDraft base = baseline(declared).withBody(Optional.empty());
            for (Parameter p : declared.parameters()) {
                base = p.required() ? base : base.without(p);
            }
            for (String method : METHODS) {
                if (!path.getValue().contains(method)) {
                    RelativeRequest c = base.toCall(declared, headers, credentials.forOperation(declared), List.of());
                    RelativeRequest call = new RelativeRequest(method, c.template(), c.pathValues(), c.query(), c.headers(),
                            Optional.empty());
                    out.add(new TestCase(RequestKind.UNSUPPORTED_METHOD, Optional.empty(), method + " " + path.getKey(),
                            "declared: " + String.join(", ", path.getValue()), call, Optional.empty()));
                }
            }
        }
        return out;
    }

    private RequestDraft baseline(Operation op) {
        Map<String, RequestDraft.Value> map = new LinkedHashMap<>();
        for (Parameter p : op.parameters()) {
            exampleOf(p).or(() -> p.required() ? Optional.of(values.canonical(p.node().path("schema")))
                    : Optional.empty()).ifPresent(v -> map.put(RequestDraft.key(p), new RequestDraft.Value(p, v)));
        }
        return new RequestDraft(map, body(op, Optional.empty()));
    }

    private static Optional<JsonNode> exampleOf(Parameter p) {
        JsonNode example = p.example();
        if (example.isMissingNode() && p.node().path("examples").isObject()) {
            example = p.node().path("examples").elements().hasNext()
                    ? p.node().path("examples").elements().next().path("value") : example;
        }
        return example.isMissingNode() ? Optional.empty() : Optional.of(example);
    }

    private Optional<RequestDraft.Body> body(Operation op, Optional<SplittableRandom> random) {
        Optional<String> pointer = op.requestBody();
        if (pointer.isEmpty()) {
            return Optional.empty();
        }
        JsonNode content = contract.document().at(pointer.get()).path("content");
        List<String> declared = iterable(content.fieldNames());
        Optional<String> media = declared.stream().filter(Contract::isJson).findFirst()
                .or(() -> declared.stream().filter(m -> Contract.covers(RequestDraft.Body.FORM, m)).findFirst());
        if (media.isEmpty() && !declared.isEmpty()) {
            return Optional.of(rawBody(pointer.get(), declared.get(0)));
        }
        if (media.isEmpty()) {
            return Optional.empty();
        }
        JsonNode m = content.get(media.get());
        String schema = Pointers.append(pointer.get(), "content", media.get(), "schema");
        Optional<JsonNode> example = Optional.ofNullable(m.get("example"))
                .or(() -> m.path("examples").isObject() && m.path("examples").elements().hasNext()
                        ? Optional.of(contract.document().resolve(m.path("examples").elements().next()).path("value"))
                        : Optional.empty());
        JsonNode value = random.map(r -> withExampleWhereInvalid(op, schema, values.random(m.path("schema"), r), example))
                .or(() -> example)
                .orElseGet(() -> values.canonical(m.path("schema")));
        return Optional.of(new RequestDraft.Body(media.get(), schema, value));
    }

    /**
     * A random body whose top-level properties the generator could not make valid (a strict pattern, say) takes
     * those properties from the example, so the other random values are still sent.
     */
    private JsonNode withExampleWhereInvalid(Operation op, String schema, JsonNode value, Optional<JsonNode> example) {
        if (!(value instanceof ObjectNode random) || example.isEmpty()
                || !example.get().isObject()) {
            return value;
        }
        for (var f : contract.validator().validate(schema, random, op.toString())) {
            String[] path = f.pointer().split("/");
            if (path.length > 1 && !path[1].isEmpty()) {
                String name = path[1].replace("~1", "/").replace("~0", "~");
                JsonNode fromExample = example.get().get(name);
                if (fromExample != null) {
                    random.set(name, fromExample.deepCopy());
                } else {
                    random.remove(name);
                }
            }
        }
        return random;
    }

    /**
     * A body that is not JSON or a form: a few bytes of text for a binary or text media type; for multipart, one
     * part per schema property (a {@code format: binary} property is a small text file). Such bodies are sent as
     * they are and not broken: the schema of raw bytes says nothing a server could refuse.
     */
    private RequestDraft.Body rawBody(String bodyPointer, String mediaType) {
        String schema = Pointers.append(bodyPointer, "content", mediaType, "schema");
        JsonNode s = schemas.resolve(contract.document().at(schema));
        if (!mediaType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            return new RequestDraft.Body(mediaType, schema, TextNode.valueOf(
                    "region,revenue\nnorth,1\n"));
        }
        ObjectNode parts = JsonNodeFactory
                .instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            JsonNode ps = schemas.resolve(p.getValue());
            if (ps.path("format").asText("").equals("binary")) {
                parts.putObject(p.getKey()).put("filename", "kit-conformance.csv").put("content", "region,revenue\nnorth,1\n");
            } else {
                parts.set(p.getKey(), values.canonical(ps));
            }
        }
        return new RequestDraft.Body(mediaType, schema, parts);
    }

    private List<TestCase> positive(Operation op, RequestDraft base, SplittableRandom random) {
        Map<String, RequestDraft> drafts = new LinkedHashMap<>();
        drafts.put("examples and defaults", base);
        RequestDraft required = base;
        for (Parameter p : op.parameters()) {
            required = p.required() ? required : required.without(p);
        }
        drafts.put("required parameters only", required);
        for (Parameter p : op.parameters()) {
            JsonNode schema = schemas.resolve(p.node().path("schema"));
            String type = Schemas.type(schema);
            if (type.equals("integer") || type.equals("number")) {
                Schemas.lower(schema, BigDecimal.ONE).ifPresent(lo ->
                        drafts.put(p.name() + " at its minimum", base.with(p, number(lo, type))));
                Schemas.upper(schema, BigDecimal.ONE).ifPresent(hi ->
                        drafts.put(p.name() + " at its maximum", base.with(p, number(hi, type))));
            }
        }
        for (int i = 1; i <= count; i++) {
            RequestDraft d = base.withBody(body(op, Optional.of(random)));
            for (Parameter p : op.parameters()) {
                d = d.with(p, randomOrBaseline(op, p, base, random));
            }
            drafts.put("random values #" + i, d);
        }
        inOtherMediaTypes(op, base).forEach(drafts::put);
        List<TestCase> out = new ArrayList<>();
        drafts.forEach((what, draft) -> {
            RequestDraft d = creates.contains(op.operationId()) && draft.body().isPresent()
                    ? draft.withBody(Optional.of(draft.body().get().with(unique(op, draft.body().get().value(), "positive"))))
                    : draft;
            if (valid(op, d, what)) {
                RelativeRequest call = d.toCall(op, headers, credentials.forOperation(op), List.of());
                out.add(new TestCase(RequestKind.POSITIVE, Optional.of(op), label(op), what, call, Optional.empty()));
            }
        });
        return out;
    }

    /**
     * The baseline's body once in each other media type the operation declares that can carry an object (JSON,
     * form-encoded, multipart: one text part per field), so {@code media_type_acceptance} sees every declared
     * encoding accepted: the media type's own example, else the baseline's value. A form or multipart body leaves out
     * {@code null} fields (those encodings cannot say null); one left with no field is not sent.
     */
    private Map<String, RequestDraft> inOtherMediaTypes(Operation op, RequestDraft base) {
        Map<String, RequestDraft> out = new LinkedHashMap<>();
        if (base.body().isEmpty() || !base.body().get().value().isObject() || base.body().get().isMultipart()) {
            return out;
        }
        RequestDraft.Body body = base.body().get();
        String pointer = op.requestBody().orElseThrow();
        for (String media : iterable(contract.document().at(pointer).path("content").fieldNames())) {
            RequestDraft.Body other = new RequestDraft.Body(media, Pointers.append(pointer, "content", media, "schema"), body.value());
            if (media.equals(body.mediaType()) || !(other.isJson() || other.isForm() || other.isMultipart())) {
                continue;
            }
            JsonNode own = contract.document().at(pointer).path("content").path(media).path("example");
            JsonNode value = (own.isObject() ? own : body.value()).deepCopy();
            if (!other.isJson()) {
                ((ObjectNode) value).properties().removeIf(f -> f.getValue().isNull());
            }
            if (!value.isEmpty()) {
                out.put("examples and defaults as " + media, base.withBody(Optional.of(other.with(value))));
            }
        }
        return out;
    }

    /** A random value, or the baseline's when the generator cannot meet the schema (e.g. a strict pattern). */
    private JsonNode randomOrBaseline(Operation op, Parameter p, RequestDraft base, SplittableRandom random) {
        JsonNode value = values.random(p.node().path("schema"), random);
        RequestDraft.Value fallback = base.values().get(RequestDraft.key(p));
        boolean valid = contract.validator().validate(p.schemaPointer(), value, op.toString()).isEmpty();
        return valid || fallback == null ? value : fallback.value();
    }

    private static JsonNode number(BigDecimal v, String type) {
        return type.equals("integer") ? LongNode.valueOf(v.longValue()) : DecimalNode.valueOf(v);
    }

    private boolean valid(Operation op, RequestDraft d, String what) {
        for (RequestDraft.Value v : d.values().values()) {
            if (!contract.validator().validate(v.parameter().schemaPointer(), v.value(), op.toString()).isEmpty()) {
                notes.add(op + ": could not build a valid value for " + v.parameter().in() + " parameter '"
                        + v.parameter().name() + "' (" + what + "); that case was left out");
                return false;
            }
        }
        if (d.body().isPresent() && (d.body().get().isJson() || d.body().get().isForm())
                && !contract.validator().validate(d.body().get().schemaPointer(),
                d.body().get().value(), op.toString()).isEmpty()) {
            notes.add(op + ": could not build a valid request body (" + what + "); that case was left out");
            return false;
        }
        return true;
    }

    private List<TestCase> negative(Operation op, RequestDraft base, SplittableRandom random) {
        List<TestCase> out = new ArrayList<>();
        for (Parameter p : op.parameters()) {
            String at = Pointers.append("/request", p.in(), p.name());
            JsonNode schema = p.node().path("schema");
            if (schema.isMissingNode()) {
                continue;
            }
            RequestDraft.Value current = base.values().get(RequestDraft.key(p));
            JsonNode valid = current != null ? current.value() : values.canonical(schema);
            for (Mutations.Mutation m : mutations.of(schema, valid, random, true)) {
                boolean emptyPath = p.in().equals("path") && RequestDraft.text(m.value()).isEmpty();
                if (!emptyPath && !contract.validator().validate(p.schemaPointer(), m.value(), op.toString()).isEmpty()) {
                    out.add(negativeCase(op, base.with(p, m.value()), at, m.value(), p.name() + " " + m.reason()));
                }
            }
            if (p.required() && !p.in().equals("path")) {
                out.add(negativeCase(op, base.without(p), at, MissingNode.getInstance(),
                        "required " + p.in() + " parameter '" + p.name() + "' missing"));
            }
        }
        base.body().filter(b -> b.isJson() || b.isForm()).ifPresent(b -> out.addAll(bodyMutations(op, base, b, random)));
        base.body().filter(RequestDraft.Body::isJson).ifPresent(b -> out.add(malformed(op, base, b)));
        if (base.body().isPresent() && contract.document().at(op.requestBody().orElseThrow()).path("required").asBoolean()) {
            out.add(negativeCase(op, base.withBody(Optional.empty()), "/request/body", MissingNode.getInstance(),
                    "required request body missing"));
        }
        return out;
    }

    private List<TestCase> bodyMutations(Operation op, RequestDraft base, RequestDraft.Body body, SplittableRandom random) {
        List<TestCase> out = new ArrayList<>();
        JsonNode schema = contract.document().at(body.schemaPointer());
        for (Mutations.Mutation m : mutations.of(schema, body.value(), random, body.isForm())) {
            JsonNode mutated = m.applyTo(body.value());
            if (out.size() < MAX_BODY_MUTATIONS
                    && !contract.validator().validate(body.schemaPointer(), mutated, op.toString()).isEmpty()) {
                RequestDraft d = base.withBody(Optional.of(body.with(mutated)));
                out.add(negativeCase(op, d, "/request/body" + m.pointer(), m.value(), "body " + m.reason()));
            }
        }
        return out;
    }

    /** The example body with its last character cut off: not JSON at all, whatever parser the server uses. */
    private TestCase malformed(Operation op, RequestDraft base, RequestDraft.Body body) {
        RelativeRequest c = base.toCall(op, headers, credentials.forOperation(op), List.of());
        String text = body.text();
        String broken = text.substring(0, Math.max(0, text.length() - 1));
        RelativeRequest call = new RelativeRequest(c.method(), c.template(), c.pathValues(), c.query(), c.headers(),
                Optional.of(new RelativeRequest.Body(body.mediaType(), broken)));
        String reason = "body is malformed JSON (truncated)";
        return new TestCase(RequestKind.NEGATIVE, Optional.of(op), label(op), reason, call,
                Optional.of(new TestCase.Negation("/request/body", TextNode.valueOf(
                        ResponseChecks.abbreviate(broken)), reason)));
    }

    private TestCase negativeCase(Operation op, RequestDraft d, String pointer, JsonNode value, String reason) {
        RelativeRequest call = d.toCall(op, headers, credentials.forOperation(op), List.of());
        return new TestCase(RequestKind.NEGATIVE, Optional.of(op), label(op), reason, call,
                Optional.of(new TestCase.Negation(pointer, value, reason)));
    }

    private List<TestCase> unauthenticated(Operation op, RequestDraft base) {
        if (op.isPublic()) {
            return List.of();
        }
        List<String> used = credentials.namesUsed(op);
        String schemes = credentials.schemeNames(op);
        return List.of(
                new TestCase(RequestKind.UNAUTHENTICATED, Optional.of(op), label(op), "without credentials (" + schemes + ")",
                        base.toCall(op, headers, List.of(), used), Optional.empty()),
                new TestCase(RequestKind.UNAUTHENTICATED, Optional.of(op), label(op), "with an invalid " + schemes + " credential",
                        base.toCall(op, headers, credentials.invalidFor(op), used), Optional.empty()));
    }

    /** With a token lacking the role the operation requires ({@code x-kit-required-role}): must be refused. */
    private List<TestCase> insufficientRole(Operation op, RequestDraft base) {
        Optional<String> role = RequiredRole.of(op.node());
        List<CredentialPlacer.Placement> auth = lesser.forOperation(op);
        if (role.isEmpty() || auth.isEmpty()) {
            return List.of();
        }
        return List.of(new TestCase(RequestKind.INSUFFICIENT_ROLE, Optional.of(op), label(op),
                "with a token without the role " + role.get(), base.toCall(op, headers, auth, credentials.namesUsed(op)),
                Optional.empty()));
    }

    /**
     * A request the contract allows (examples and defaults), with the run's credential, for a declared chain.
     *
     * @param op        the operation
     * @param overrides parameter values by name (e.g. the id a create answered), replacing the examples
     * @param body      the request body, or empty for the example body
     * @return the case
     */
    TestCase scenario(Operation op, Map<String, JsonNode> overrides, Optional<JsonNode> body, String what) {
        RequestDraft d = baseline(op);
        for (Parameter p : op.parameters()) {
            if (overrides.containsKey(p.name())) {
                d = d.with(p, overrides.get(p.name()));
            }
        }
        if (body.isPresent() && d.body().isPresent()) {
            d = d.withBody(Optional.of(d.body().get().with(body.get())));
        }
        return new TestCase(RequestKind.SCENARIO, Optional.of(op), label(op), what,
                d.toCall(op, headers, credentials.forOperation(op), List.of()), Optional.empty());
    }

    /** @return the run's credential placed for the operation (header, query or cookie) */
    List<CredentialPlacer.Placement> credentialFor(Operation op) {
        return credentials.forOperation(op);
    }

    /** @return true when the operation's only success is 101 Switching Protocols */
    private static boolean switchesProtocols(Operation op) {
        return op.responses().containsKey("101")
                && op.responses().keySet().stream().noneMatch(code -> code.startsWith("2"));
    }

    /**
     * @return true when the operation is secured and its requests carry no credential: what needs a successful
     *         answer is then reported as {@link #notChecked(Operation) not checked}, never as a violation
     */
    boolean lacksCredential(Operation op) {
        return !op.isPublic() && !authenticates(op);
    }

    /** @return the note's verdict for what needs the operation's credential, e.g. {@code not checked (needs --credential: TokenAuth)} */
    String notChecked(Operation op) {
        return "not checked (needs --credential: " + credentials.schemeNames(op) + ")";
    }

    /** @return true when requests to a secured operation carry a credential (given, or as one of the headers) */
    boolean authenticates(Operation op) {
        List<String> used = credentials.namesUsed(op);
        return !credentials.forOperation(op).isEmpty()
                || headers.stream().anyMatch(h -> used.contains("header:" + h.getKey().toLowerCase(Locale.ROOT)));
    }

    static String label(Operation op) {
        return op.method() + " " + op.path();
    }

    private static <T> List<T> iterable(Iterator<T> it) {
        List<T> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
