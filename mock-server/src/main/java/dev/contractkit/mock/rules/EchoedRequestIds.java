package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.http.RequestIds;

/**
 * Body fields the contract marks as echoing the request id: a property whose description names a request id
 * header in backticks (coupons' {@code request_id}: "Same as the response's `X-Request-Id`"). A reply whose JSON
 * body has such a field gets the same value there as in the header: the header the reply already carries, else
 * the caller's own {@code X-Request-Id}, else a fresh id (then sent in the header too). So an error body never
 * shows the example's fixed id next to a different header.
 */
public final class EchoedRequestIds {
    private static final Pattern HEADER = Pattern.compile("`((?i)X-(?:Request|Correlation|Trace)-Id)`");
    private static final Map<ContractDocument, Map<String, String>> BY_DOCUMENT = new WeakHashMap<>();

    private final Map<String, String> fieldToHeader;

    private EchoedRequestIds(Map<String, String> fieldToHeader) {
        this.fieldToHeader = fieldToHeader;
    }

    /** @return the document's echoing fields, or empty when it marks none */
    public static Optional<EchoedRequestIds> of(ContractDocument doc) {
        Map<String, String> fields;
        synchronized (BY_DOCUMENT) {
            fields = BY_DOCUMENT.computeIfAbsent(doc, EchoedRequestIds::scan);
        }
        return fields.isEmpty() ? Optional.empty() : Optional.of(new EchoedRequestIds(fields));
    }

    private static Map<String, String> scan(ContractDocument doc) {
        Map<String, String> out = new LinkedHashMap<>();
        if (doc.mentions("-Id`") || doc.mentions("-ID`")) {
            collect(doc.root(), out);
        }
        return Map.copyOf(out);
    }

    private static void collect(JsonNode node, Map<String, String> out) {
        if (node.path("properties").isObject()) {
            node.get("properties").fields().forEachRemaining(p -> {
                Matcher m = HEADER.matcher(p.getValue().path("description").asText(""));
                if (p.getValue().path("type").asText("string").equals("string") && m.find()) {
                    out.putIfAbsent(p.getKey(), m.group(1));
                }
            });
        }
        node.forEach(child -> {
            if (child.isContainerNode()) {
                collect(child, out);
            }
        });
    }

    /** @return the reply with its echoing body fields and the request id header agreeing */
    public Reply apply(Incoming request, Reply reply) {
        if (!Json.isJson(reply.mediaType()) || reply.body().length == 0 || !mentionsAField(reply.body())) {
            return reply; // most answers (a list of coupons) name no such field: not parsed at all
        }
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(reply.body());
        } catch (Exception e) {
            return reply;
        }
        Reply out = reply;
        boolean changed = false;
        for (Map.Entry<String, String> echo : fieldToHeader.entrySet()) {
            Optional<ObjectNode> holder = holder(body, echo.getKey(), 0);
            if (holder.isEmpty()) {
                continue;
            }
            String header = echo.getValue();
            String id = headerOf(out, header).orElseGet(() -> {
                String given = request.header(header);
                return given.isBlank() ? RequestIds.next() : given;
            });
            if (headerOf(out, header).isEmpty()) {
                out = out.withHeader(header, id);
            }
            holder.get().put(echo.getKey(), id);
            changed = true;
        }
        return changed ? new Reply(out.status(), out.mediaType(), Json.bytes(body, out.mediaType()), out.headers()) : out;
    }

    private boolean mentionsAField(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        return fieldToHeader.keySet().stream().anyMatch(f -> text.contains("\"" + f + "\""));
    }

    private static Optional<String> headerOf(Reply reply, String name) {
        return reply.headers().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst();
    }

    private static Optional<ObjectNode> holder(JsonNode node, String field, int depth) {
        if (!(node instanceof ObjectNode object) || depth > 4) {
            return Optional.empty();
        }
        if (object.path(field).isTextual()) {
            return Optional.of(object);
        }
        for (Iterator<JsonNode> it = object.elements(); it.hasNext(); ) {
            Optional<ObjectNode> found = holder(it.next(), field, depth + 1);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }
}
