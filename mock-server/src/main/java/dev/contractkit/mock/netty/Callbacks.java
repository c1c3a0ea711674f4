package dev.contractkit.mock.netty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.JsonAnswer;
import dev.contractkit.mock.http.OperationIds;
import dev.contractkit.mock.http.SchemaSample;

/**
 * Webhooks (OpenAPI 3.1 {@code webhooks}) and callbacks ({@code callbacks} of an operation), sent on request through
 * the control API: {@code POST /mockserver/kit/webhooks?name=<webhook>&url=<target>} posts the webhook's request
 * body example (or one built from its schema) to the target; {@code POST /mockserver/kit/callbacks?operation=<id>}
 * evaluates each callback's URL expression ({@code {$request.query.x}}, {@code {$request.header.x}},
 * {@code {$request.body#/pointer}}, {@code {$request.path}}) against the last request the operation received and
 * posts the callback's request body example there ({@code &name=<callback>} picks one). An operation id several
 * documents of the API share is refused naming their qualified ids ({@code codehost-v4#getRunner}): one of them.
 */
public final class Callbacks {
    private static final Pattern EXPRESSION = Pattern.compile("\\{\\$request\\.(query|header|body|path)([.#][^}]*)?}");
    private final List<ContractDocument> docs;
    private final OperationIds ids;
    private final Function<String, Optional<Received>> lastReceived;
    /**
     * Made at the first callback sent, not with the mock: building a JDK HTTP client loads about 80 classes and sets
     * up its TLS context (key exchange groups, signature algorithms), a tenth of a mock's start-up for one API.
     */
    private volatile HttpClient client;

    /**
     * A request an operation received: what a callback's URL expression reads.
     *
     * @param path    the path, without the query
     * @param query   query parameters
     * @param headers headers (names as sent)
     * @param body    the body as text, empty when there was none
     */
    public record Received(String path, Map<String, List<String>> query, Map<String, List<String>> headers, String body) {
    }

    /** @param lastReceived the last request an operation (by document-qualified id) received, empty before its first */
    public Callbacks(List<ContractDocument> docs, Function<String, Optional<Received>> lastReceived) {
        this.docs = docs;
        this.ids = new OperationIds(docs);
        this.lastReceived = lastReceived;
    }

    private HttpClient client() {
        HttpClient c = client;
        if (c == null) {
            synchronized (this) {
                c = client;
                if (c == null) {
                    c = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
                    client = c;
                }
            }
        }
        return c;
    }

    JsonAnswer webhook(Map<String, List<String>> query) {
        String name = first(query, "name");
        String url = first(query, "url");
        if (name == null || url == null) {
            return bad("query parameters 'name' (a webhook of the document) and 'url' (where to send it) are required; webhooks: " + names());
        }
        for (ContractDocument doc : docs) {
            JsonNode item = doc.resolve(doc.root().path("webhooks").path(name));
            if (!item.isMissingNode()) {
                return send("webhook", name, doc, item, url);
            }
        }
        return new JsonAnswer(404, JsonAnswer.errorBody("NOT_FOUND", "no webhook '" + name + "'; webhooks: " + names()));
    }

    JsonAnswer callback(Map<String, List<String>> query) {
        String operation = first(query, "operation");
        String wanted = first(query, "name");
        if (operation == null) {
            return bad("query parameter 'operation' (an operation that declares callbacks) is required");
        }
        List<ContractDocument.Operation> named;
        try {
            named = ids.resolve(operation);
        } catch (IllegalArgumentException e) {
            return new JsonAnswer(404, JsonAnswer.errorBody("NOT_FOUND", e.getMessage()));
        }
        if (named.size() > 1) { // each document's callbacks go where its own last request said: name the document
            return bad("operation '" + operation + "' is in several documents of this API; name one: "
                    + String.join(", ", named.stream().map(ids::qualified).toList()));
        }
        ContractDocument.Operation op = named.get(0);
        ContractDocument doc = op.document();
        JsonNode callbacks = op.node().path("callbacks");
        if (callbacks.isEmpty()) {
            return bad("operation '" + operation + "' declares no callbacks");
        }
        Optional<Received> last = lastReceived.apply(ids.qualified(op));
        if (last.isEmpty()) {
            return new JsonAnswer(409, JsonAnswer.errorBody("CONFLICT", "operation '" + operation
                    + "' has received no request yet: its callback URL comes from that request"));
        }
        Received request = last.get();
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = callbacks.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> callback = it.next();
            if (wanted != null && !wanted.equals(callback.getKey())) {
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> exprs = doc.resolve(callback.getValue()).fields(); exprs.hasNext(); ) {
                Map.Entry<String, JsonNode> expression = exprs.next();
                String url = evaluate(expression.getKey(), request);
                JsonAnswer sent = send("callback", callback.getKey(), doc, doc.resolve(expression.getValue()), url);
                out.set(callback.getKey(), sent.body());
            }
        }
        return out.isEmpty() ? new JsonAnswer(404, JsonAnswer.errorBody("NOT_FOUND", "operation '" + operation
                + "' has no callback '" + wanted + "'")) : new JsonAnswer(200, out);
    }

    static String evaluate(String expression, Received request) {
        Matcher m = EXPRESSION.matcher(expression);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String rest = m.group(2) == null ? "" : m.group(2);
            String value = switch (m.group(1)) {
                case "query" -> request.query().getOrDefault(rest.substring(1), List.of("")).get(0);
                case "header" -> request.headers().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(rest.substring(1)))
                        .map(e -> e.getValue().get(0)).findFirst().orElse("");
                case "path" -> request.path();
                default -> {
                    try {
                        JsonNode body = Json.MAPPER.readTree(request.body());
                        yield body.at(rest.startsWith("#") ? rest.substring(1) : "").asText();
                    } catch (Exception e) {
                        yield "";
                    }
                }
            };
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** POSTs (or the path item's first method) the request body example to the URL; answers what the target said. */
    private JsonAnswer send(String kind, String name, ContractDocument doc, JsonNode pathItem, String url) {
        Iterator<Map.Entry<String, JsonNode>> methods = pathItem.fields();
        String method = "POST";
        JsonNode operation = null;
        while (methods.hasNext()) {
            Map.Entry<String, JsonNode> e = methods.next();
            if (List.of("post", "put", "patch", "get", "delete").contains(e.getKey())) {
                method = e.getKey().toUpperCase(Locale.ROOT);
                operation = e.getValue();
                break;
            }
        }
        JsonNode content = operation == null ? Json.MAPPER.missingNode() : doc.resolve(operation.path("requestBody")).path("content");
        String type = content.fieldNames().hasNext() ? content.fieldNames().next() : "application/json";
        JsonNode media = content.path(type);
        JsonNode payload = media.has("example") ? media.get("example")
                : media.has("examples") ? doc.resolve(media.get("examples").elements().next()).path("value")
                : media.has("schema") ? SchemaSample.of(doc, media.get("schema")) : null;
        URI target;
        try {
            target = URI.create(url);
            if (target.getScheme() == null || !target.getScheme().startsWith("http")) {
                return bad(kind + " '" + name + "': '" + url + "' is not an http(s) URL");
            }
        } catch (IllegalArgumentException e) {
            return bad(kind + " '" + name + "': '" + url + "' is not a URL");
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(10))
                .method(method, payload == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(payload.toString()));
        if (payload != null) {
            request.header("Content-Type", type);
        }
        ObjectNode out = Json.MAPPER.createObjectNode().put(kind, name).put("method", method).put("url", url);
        try {
            HttpResponse<Void> response = client().send(request.build(), HttpResponse.BodyHandlers.discarding());
            out.put("status", response.statusCode());
            return new JsonAnswer(200, out);
        } catch (IOException e) {
            return new JsonAnswer(502, JsonAnswer.errorBody("BAD_GATEWAY", kind + " '" + name + "' to " + url
                    + " failed: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new JsonAnswer(503, JsonAnswer.errorBody("SERVICE_UNAVAILABLE", "interrupted"));
        }
    }

    private String names() {
        List<String> out = new ArrayList<>();
        docs.forEach(d -> d.root().path("webhooks").fieldNames().forEachRemaining(out::add));
        return out.isEmpty() ? "(none)" : String.join(", ", out);
    }

    private static String first(Map<String, List<String>> query, String name) {
        List<String> values = query.getOrDefault(name, List.of());
        return values.isEmpty() || values.get(0).isBlank() ? null : values.get(0);
    }

    private static JsonAnswer bad(String message) {
        return new JsonAnswer(400, JsonAnswer.errorBody("BAD_REQUEST", message));
    }
}
