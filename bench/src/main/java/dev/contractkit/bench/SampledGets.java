package dev.contractkit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The GET operations of a document the corpus bench calls on each mock: up to {@code max}, spread evenly over the
 * document's GETs (in document order), with their path parameters and required query, header and cookie
 * parameters filled from the document (the parameter's example, its schema's example, default, enum or const,
 * else a value of its type and format), and a credential placed as the operation's security says (any value: a
 * mock has no user). A call is answered when the status is one its operation declares ({@code 200}, {@code 2XX}
 * or {@code default}).
 *
 * <pre>{@code
 * List<SampledGets.Call> calls = SampledGets.of(root, 5, List.of("/repos/{owner}/{repo}"));
 * calls.get(0).path();              // "/repos/octocat/hello-world"
 * calls.get(0).declares(200);       // true
 * }</pre>
 */
final class SampledGets {
    private static final Set<String> SKIPPED_HEADERS = Set.of("accept", "content-type", "authorization");
    private static final String TOKEN = "corpus-token";

    private SampledGets() {
    }

    /**
     * One GET to send.
     *
     * @param template the document's path
     * @param path     the path with its parameters filled, and its query
     * @param headers  header parameters, credential and cookies
     * @param declared the statuses the operation declares (codes, {@code 2XX} ranges, {@code default})
     */
    record Call(String template, String path, Map<String, String> headers, List<String> declared) {
        /** @param status a status, or -1 for no answer (never declared) */
        boolean declares(int status) {
            if (status < 100) {
                return false;
            }
            String code = Integer.toString(status);
            return declared.stream().anyMatch(d -> d.equals(code) || d.equals("default")
                    || d.length() == 3 && d.toUpperCase(Locale.ROOT).endsWith("XX") && d.charAt(0) == code.charAt(0));
        }
    }

    /**
     * @param root   the document (OpenAPI 3)
     * @param max    how many GETs at most
     * @param wanted paths whose GET is called first when the document has it
     */
    static List<Call> of(JsonNode root, int max, List<String> wanted) {
        List<String> gets = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("paths").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (resolve(root, e.getValue()).path("get").isObject()) {
                gets.add(e.getKey());
            }
        }
        List<String> chosen = new ArrayList<>(wanted.stream().filter(gets::contains).limit(max).toList());
        List<String> rest = gets.stream().filter(g -> !chosen.contains(g)).toList();
        int more = Math.min(max - chosen.size(), rest.size());
        for (int i = 0; i < more; i++) {
            chosen.add(rest.get(i * rest.size() / more));
        }
        return chosen.stream().map(p -> call(root, p)).toList();
    }

    private static Call call(JsonNode root, String template) {
        JsonNode item = resolve(root, root.path("paths").path(template));
        JsonNode op = item.path("get");
        Map<String, JsonNode> params = new LinkedHashMap<>();
        for (JsonNode list : List.of(item.path("parameters"), op.path("parameters"))) {
            for (JsonNode p : list) {
                JsonNode param = resolve(root, p);
                params.put(param.path("in").asText() + ":" + param.path("name").asText(), param);
            }
        }
        // APIs-guru keys AWS operations as "/path#Action=X" or "/path#a&b": the fragment is no part of the request
        String path = template.contains("#") ? template.substring(0, template.indexOf('#')) : template;
        List<String> query = new ArrayList<>();
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> cookies = new ArrayList<>();
        for (JsonNode p : params.values()) {
            String in = p.path("in").asText();
            String name = p.path("name").asText();
            if (!in.equals("path") && !p.path("required").asBoolean(false)) {
                continue;
            }
            String value = value(root, p);
            switch (in) {
                case "path" -> path = path.replace("{" + name + "}", URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20"));
                case "query" -> query.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
                case "header" -> {
                    if (!SKIPPED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                        headers.put(name, value);
                    }
                }
                case "cookie" -> cookies.add(name + "=" + value);
                default -> {
                    // an unknown location: left out
                }
            }
        }
        credential(root, op, headers, query, cookies);
        if (!cookies.isEmpty()) {
            headers.put("Cookie", String.join("; ", cookies));
        }
        List<String> declared = new ArrayList<>();
        op.path("responses").fieldNames().forEachRemaining(declared::add);
        return new Call(template, path + (query.isEmpty() ? "" : "?" + String.join("&", query)), headers, declared);
    }

    /** The first alternative of the operation's (else the document's) security, each scheme given a value. */
    private static void credential(JsonNode root, JsonNode op, Map<String, String> headers, List<String> query, List<String> cookies) {
        JsonNode security = op.has("security") ? op.path("security") : root.path("security");
        if (!security.isArray() || security.isEmpty()) {
            return;
        }
        for (JsonNode alternative : security) {
            if (alternative.isEmpty()) {
                return; // {}: no credential needed
            }
        }
        JsonNode schemes = root.path("components").path("securitySchemes");
        for (Iterator<String> names = security.get(0).fieldNames(); names.hasNext(); ) {
            JsonNode s = resolve(root, schemes.path(names.next()));
            String type = s.path("type").asText();
            switch (type) {
                case "apiKey" -> {
                    String name = s.path("name").asText();
                    switch (s.path("in").asText()) {
                        case "query" -> query.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "=" + TOKEN);
                        case "cookie" -> cookies.add(name + "=" + TOKEN);
                        default -> headers.put(name, TOKEN);
                    }
                }
                case "http" -> {
                    String scheme = s.path("scheme").asText("bearer");
                    headers.put("Authorization", scheme.equalsIgnoreCase("basic")
                            ? "Basic " + Base64.getEncoder().encodeToString("corpus:corpus-secret".getBytes(StandardCharsets.UTF_8))
                            : (scheme.equalsIgnoreCase("bearer") ? "Bearer" : scheme) + " " + TOKEN);
                }
                case "oauth2", "openIdConnect" -> headers.put("Authorization", "Bearer " + TOKEN);
                default -> {
                    // mutualTLS: nothing to send
                }
            }
        }
    }

    /** A value for a parameter: its example, its schema's example, default, enum or const, else one of its type. */
    static String value(JsonNode root, JsonNode param) {
        if (param.has("example")) {
            return text(param.get("example"));
        }
        for (JsonNode e : param.path("examples")) {
            JsonNode example = resolve(root, e);
            if (example.has("value")) {
                return text(example.get("value"));
            }
        }
        return ofSchema(root, resolve(root, param.path("schema")), 0);
    }

    private static String ofSchema(JsonNode root, JsonNode schema, int depth) {
        for (String key : List.of("example", "default", "const")) {
            if (schema.has(key) && !schema.get(key).isNull()) {
                return text(schema.get(key));
            }
        }
        for (String key : List.of("examples", "enum")) {
            if (schema.path(key).isArray() && !schema.path(key).isEmpty()) {
                return text(schema.path(key).get(0));
            }
        }
        if (depth < 10) {
            for (String key : List.of("allOf", "oneOf", "anyOf")) {
                if (schema.path(key).isArray() && !schema.path(key).isEmpty()) {
                    return ofSchema(root, resolve(root, schema.path(key).get(0)), depth + 1);
                }
            }
        }
        String type = schema.path("type").isArray() ? schema.path("type").get(0).asText() : schema.path("type").asText("string");
        return switch (type) {
            case "integer", "number" -> Long.toString(Math.max(1, (long) Math.ceil(schema.path("minimum").asDouble(1))));
            case "boolean" -> "true";
            case "array" -> depth < 10 ? ofSchema(root, resolve(root, schema.path("items")), depth + 1) : "1";
            default -> string(schema);
        };
    }

    private static String string(JsonNode schema) {
        String s = switch (schema.path("format").asText()) {
            case "uuid" -> "3fa85f64-5717-4562-b3fc-2c963f66afa6";
            case "date" -> "2024-01-31";
            case "date-time" -> "2024-01-31T12:00:00Z";
            case "email" -> "user@example.com";
            case "uri", "url" -> "https://example.com/";
            case "ipv4" -> "192.0.2.1";
            default -> "1";
        };
        int min = schema.path("minLength").asInt(0);
        StringBuilder b = new StringBuilder(s);
        while (b.length() < min) {
            b.append('1');
        }
        int maxLength = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        return b.length() > maxLength ? b.substring(0, Math.max(maxLength, 0)) : b.toString();
    }

    private static String text(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(text(v)));
            return String.join(",", items);
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /** Follows local {@code $ref}s ({@code #/components/...}); an unresolvable one is a missing node. */
    static JsonNode resolve(JsonNode root, JsonNode node) {
        JsonNode n = node;
        for (int hops = 0; hops < 20 && n.has("$ref"); hops++) {
            String ref = n.path("$ref").asText();
            if (!ref.startsWith("#")) {
                return n;
            }
            String pointer = ref.substring(1);
            if (!pointer.isEmpty() && !pointer.startsWith("/")) {
                return MissingNode.getInstance();
            }
            n = root.at(pointer.contains("%") ? URLDecoder.decode(pointer.replace("+", "%2B"), StandardCharsets.UTF_8) : pointer);
        }
        return n;
    }
}
