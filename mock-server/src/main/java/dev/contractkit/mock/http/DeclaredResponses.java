package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The responses one operation declares, each with its examples turned into bytes once, at start-up.
 * Status keys follow OpenAPI: an exact code wins over {@code 4XX}, which wins over {@code default}.
 */
public final class DeclaredResponses {

    /** The header that says an answer is not the document's example, which breaks its schema, but a built value. */
    public static final String REPLACED_HEADER = "X-Kit-Example-Replaced";

    /**
     * One example of one declared response.
     *
     * @param name         the example's name; empty for an unnamed one and for a response without content
     * @param mediaType    its media type, empty when the response has no content
     * @param mediaPointer pointer to the media type object, empty when there is none
     * @param value        the example value, missing when there is none
     * @param body         the bytes to send
     * @param replaced     why the document's example was replaced by a value built from the schema; empty when not
     */
    public record Example(String name, String mediaType, String mediaPointer, JsonNode value, byte[] body, String replaced) {
        public Reply reply(int status) {
            Reply reply = Reply.of(status, mediaType, body);
            return replaced.isEmpty() ? reply : reply.withHeader(REPLACED_HEADER, replaced);
        }
    }

    private final ContractDocument document;
    private final Map<String, List<Example>> byStatus;
    private final List<Finding> unsatisfiable;
    /** Chosen once, at start: every request that breaks no rule is answered with it. */
    private final Reply success;

    private DeclaredResponses(ContractDocument document, Map<String, List<Example>> byStatus, List<Finding> unsatisfiable) {
        this.document = document;
        this.byStatus = byStatus;
        this.unsatisfiable = List.copyOf(unsatisfiable);
        this.success = chooseSuccess();
    }

    /**
     * The responses of one operation. Where a response declares a schema but no example, a value is built from
     * the schema ({@link SchemaSample}); one that does not validate is kept in {@link #unsatisfiable()}.
     */
    public static DeclaredResponses of(ContractDocument doc, ContractDocument.Operation op) {
        Map<String, List<Example>> byStatus = new LinkedHashMap<>();
        List<Finding> generated = new ArrayList<>();
        op.responses().forEach((status, pointer) -> byStatus.put(status.toUpperCase(Locale.ROOT), examples(doc, pointer, generated)));
        return new DeclaredResponses(doc, byStatus, generated);
    }

    /** @return problems of values built from schemas for responses without an example (start-up findings) */
    public List<Finding> unsatisfiable() {
        return unsatisfiable;
    }

    ContractDocument document() {
        return document;
    }

    /** @return the answer to a request that breaks no rule: the lowest 2xx (or 3xx) status, its first example */
    public Reply success() {
        return success;
    }

    private Reply chooseSuccess() {
        Optional<Integer> lowest = byStatus.keySet().stream().filter(s -> s.matches("[23]\\d\\d"))
                .map(Integer::parseInt).sorted().findFirst();
        if (lowest.isPresent()) {
            return byStatus.get(String.valueOf(lowest.get())).get(0).reply(lowest.get());
        }
        for (String key : List.of("2XX", "DEFAULT")) {
            if (byStatus.containsKey(key)) {
                return byStatus.get(key).get(0).reply(200);
            }
        }
        return byStatus.isEmpty() ? Reply.of(200, "", new byte[0])
                : byStatus.values().iterator().next().get(0).reply(statusOf(byStatus.keySet().iterator().next()));
    }

    /** @return the first example of the response that covers this status code, if the operation declares one */
    public Optional<Example> forCode(int code) {
        return keyFor(code).map(key -> byStatus.get(key).get(0));
    }

    /**
     * @param name an example name
     * @param code the status to look under, or empty to look under every declared status (success first)
     * @return the status and example with that name
     */
    public Optional<Reply> named(String name, Optional<Integer> code) {
        if (code.isPresent()) {
            return keyFor(code.get()).flatMap(key -> find(key, name)).map(e -> e.reply(code.get()));
        }
        int success = success().status();
        Optional<Reply> preferred = keyFor(success).flatMap(key -> find(key, name)).map(e -> e.reply(success));
        if (preferred.isPresent()) {
            return preferred;
        }
        for (String key : byStatus.keySet()) {
            Optional<Example> found = find(key, name);
            if (found.isPresent()) {
                return Optional.of(found.get().reply(statusOf(key)));
            }
        }
        return Optional.empty();
    }

    /**
     * @param name an example name a request's values or body point to (the mock's dispatch, not the client's
     *             {@code Prefer})
     * @return the status and example with that name under a status the document gives: one under {@code default}
     *         has none, and answering it as a 500 to a valid request (Azure's x-ms-examples name the default error
     *         example like the operation's) is not what the document says
     */
    public Optional<Reply> dispatched(String name) {
        return named(name, Optional.empty()).filter(r -> keyFor(r.status()).filter(k -> !k.equals("DEFAULT")).isPresent());
    }

    /**
     * @return the last page of a paged list: the first success example whose top-level array property is empty
     * (e.g. {@code {"forms": []}}), at the success status
     */
    public Optional<Reply> emptyPage() {
        int success = success().status();
        return keyFor(success).flatMap(key -> byStatus.get(key).stream().filter(e -> {
            for (JsonNode field : e.value()) {
                if (field.isArray() && field.isEmpty()) {
                    return true;
                }
            }
            return false;
        }).findFirst()).map(e -> e.reply(success));
    }

    /** @return the declared status keys, e.g. {@code [200, 400, 401]} */
    public Set<String> statuses() {
        return byStatus.keySet();
    }

    /** @return the names of the named examples under every status, for messages */
    public List<String> exampleNames() {
        return byStatus.values().stream().flatMap(List::stream).map(Example::name)
                .filter(n -> !n.isEmpty()).distinct().toList();
    }

    private Optional<String> keyFor(int code) {
        String exact = String.valueOf(code);
        String range = code / 100 + "XX";
        return Optional.ofNullable(byStatus.containsKey(exact) ? exact
                : byStatus.containsKey(range) ? range
                : byStatus.containsKey("DEFAULT") ? "DEFAULT" : null);
    }

    private Optional<Example> find(String key, String name) {
        return byStatus.get(key).stream().filter(e -> e.name().equals(name)).findFirst();
    }

    private static int statusOf(String key) {
        if (key.matches("\\d{3}")) {
            return Integer.parseInt(key);
        }
        return key.matches("[1-5]XX") ? (key.charAt(0) - '0') * 100 : 500;
    }

    /**
     * Every example of one response, over all its media types; one empty example when it has none. A JSON example
     * that breaks its schema is replaced by a value built from the schema (the start-up check lists the example).
     */
    private static List<Example> examples(ContractDocument doc, String responsePointer, List<Finding> generated) {
        List<Example> out = new ArrayList<>();
        String contentPointer = responsePointer + "/content";
        Iterator<String> types = doc.at(contentPointer).fieldNames();
        while (types.hasNext()) {
            String mediaType = types.next();
            String mediaPointer = Pointers.append(contentPointer, mediaType);
            JsonNode media = doc.at(mediaPointer);
            int before = out.size();
            if (media.has("example")) {
                out.add(checked(doc, "", mediaType, mediaPointer, media.get("example"), generated));
            }
            for (Iterator<String> names = media.path("examples").fieldNames(); names.hasNext(); ) {
                String name = names.next();
                JsonNode value = doc.at(doc.resolvePointer(Pointers.append(mediaPointer + "/examples", name))).path("value");
                if (!value.isMissingNode()) {
                    out.add(checked(doc, name, mediaType, mediaPointer, value, generated));
                }
            }
            if (out.size() == before && media.has("schema")) {
                SchemaSample.Built built = built(doc, mediaPointer, generated);
                out.add(example(doc, "", mediaType, mediaPointer, built.value(), ""));
            }
        }
        if (out.isEmpty()) {
            out.add(new Example("", "", "", MissingNode.getInstance(), new byte[0], ""));
        }
        return List.copyOf(out);
    }

    /** A value built from the media type's schema; where it still breaks the schema, findings saying so. */
    private static SchemaSample.Built built(ContractDocument doc, String mediaPointer, List<Finding> generated) {
        SchemaSample.Built built = SchemaSample.valid(doc, mediaPointer + "/schema", true);
        built.problems().forEach(f -> generated.add(new Finding(doc.file(), mediaPointer,
                "no valid example, and the value built from the schema breaks it at '" + f.pointer() + "': " + f.message(),
                f.value())));
        generated.addAll(built.brokenExamples());
        return built;
    }

    /** The example as written, unless it is JSON that breaks its schema and a value built from the schema does not. */
    private static Example checked(ContractDocument doc, String name, String mediaType, String mediaPointer,
                                   JsonNode value, List<Finding> generated) {
        String schema = mediaPointer + "/schema";
        if (!Json.isJson(mediaType) || doc.at(schema).isMissingNode()) {
            return example(doc, name, mediaType, mediaPointer, value, "");
        }
        List<Finding> broken = doc.validator().validate(schema, value, doc.file());
        if (broken.isEmpty()) {
            return example(doc, name, mediaType, mediaPointer, value, "");
        }
        SchemaSample.Built built = built(doc, mediaPointer, generated);
        if (!built.problems().isEmpty()) {
            return example(doc, name, mediaType, mediaPointer, value, "");
        }
        Finding first = broken.get(0);
        String reason = (name.isEmpty() ? "the example" : "example '" + name + "'") + " breaks its schema at "
                + (first.pointer().isEmpty() ? "/" : first.pointer()) + ": " + first.message()
                + "; a value built from the schema is served";
        return example(doc, name, mediaType, mediaPointer, built.value(), headerText(reason));
    }

    /** Printable ASCII on one line, at most 300 characters: a header value. */
    private static String headerText(String text) {
        String plain = text.replaceAll("[^\\x20-\\x7e]", "?");
        return plain.length() <= 300 ? plain : plain.substring(0, 297) + "...";
    }

    private static Example example(ContractDocument doc, String name, String mediaType, String mediaPointer,
                                   JsonNode value, String replaced) {
        return new Example(name, mediaType, mediaPointer, value, Json.bytes(value, mediaType), replaced);
    }
}
