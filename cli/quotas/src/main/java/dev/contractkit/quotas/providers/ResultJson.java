package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The JSON form of a {@link ProviderResult}, used by {@code --json}, the cache and the clipboard copy:
 * <pre>{@code
 * {"provider":"claude","status":"available","plan":"max","fetched_at":"2026-11-23T12:00:00Z",
 *  "windows":[{"label":"5h","used":42,"limit":100,"remaining":58,"unit":"percent","resets_at":"2026-11-23T17:00:00Z"}]}
 * {"provider":"kimi","status":"unavailable","message":"...","console_url":"https://...","fetched_at":"..."}
 * {"provider":"zai","status":"auth_required","message":"no credentials: set ZHIPU_API_KEY ...","fetched_at":"..."}
 * {"provider":"github-copilot","account":"octocat","status":"available",...}     (one of several accounts)
 * }</pre>
 * Absent values are left out, never {@code null}.
 */
public final class ResultJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonFactory STREAMING = new JsonFactory();

    /** Created on first use: the statusline reads its files without it (an ObjectMapper costs ~100 ms to set up). */
    private static final class Holder {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /** @return the mapper every part of quotas uses for JSON */
    public static ObjectMapper mapper() {
        return Holder.MAPPER;
    }

    /**
     * Reads a JSON document into a tree with the streaming parser only (no {@link ObjectMapper}).
     *
     * @param json the text
     * @return the tree
     * @throws IOException when it is not one JSON value
     */
    public static JsonNode parse(String json) throws IOException {
        try (JsonParser p = STREAMING.createParser(json)) {
            if (p.nextToken() == null) {
                throw new IOException("empty document");
            }
            JsonNode root = value(p);
            if (p.nextToken() != null) {
                throw new IOException("more than one JSON value");
            }
            return root;
        }
    }

    private static JsonNode value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    o.set(name, value(p));
                }
                return o;
            }
            case START_ARRAY -> {
                ArrayNode a = NODES.arrayNode();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    a.add(value(p));
                }
                return a;
            }
            case VALUE_STRING -> {
                return NODES.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return NODES.numberNode(p.getLongValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return NODES.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> throw new IOException("unexpected " + t + " at " + p.currentLocation());
        }
    }

    private ResultJson() {
    }

    /**
     * @param result a result
     * @return its JSON object
     */
    public static ObjectNode toJson(ProviderResult result) {
        ObjectNode n = NODES.objectNode();
        n.put("provider", result.provider().id());
        if (!result.account().isEmpty()) {
            n.put("account", result.account()); // one of several accounts of this provider
        }
        n.put("status", result.status().json());
        switch (result) {
            case ProviderResult.Available a -> {
                if (!a.plan().isEmpty()) {
                    n.put("plan", a.plan()); // absent when the provider did not report one (never made up)
                }
                ArrayNode windows = n.putArray("windows");
                for (Window w : a.windows()) {
                    ObjectNode o = windows.addObject().put("label", w.label());
                    number(o, "used", w.used());
                    number(o, "limit", w.limit());
                    number(o, "remaining", w.remaining());
                    o.put("unit", w.unit());
                    w.resetsAt().ifPresent(t -> o.put("resets_at", t.toString()));
                }
            }
            case ProviderResult.Unavailable u -> n.put("message", u.message()).put("console_url", u.consoleUrl());
            case ProviderResult.AuthRequired r -> n.put("message", r.message());
            case ProviderResult.NetworkError e -> n.put("message", e.message());
        }
        n.put("fetched_at", result.fetchedAt().toString());
        return n;
    }

    /**
     * @param n a JSON object written by {@link #toJson}
     * @return the result
     * @throws IllegalArgumentException when the object is not one (unknown provider or status, missing field)
     */
    public static ProviderResult fromJson(JsonNode n) {
        Provider provider = Provider.byId(text(n, "provider"))
                .orElseThrow(() -> new IllegalArgumentException("unknown provider " + n.path("provider")));
        Instant at = Instant.parse(text(n, "fetched_at"));
        String account = n.path("account").asText("");
        return switch (ProviderResult.Status.ofJson(text(n, "status"))) {
            case AVAILABLE -> {
                List<Window> windows = new ArrayList<>();
                for (JsonNode w : n.path("windows")) {
                    windows.add(new Window(text(w, "label"), number(w, "used"), number(w, "limit"), number(w, "remaining"),
                            w.path("unit").asText(""), Optional.ofNullable(w.path("resets_at").textValue()).map(Instant::parse)));
                }
                yield new ProviderResult.Available(provider, n.path("plan").asText(""), windows, at, account);
            }
            case UNAVAILABLE -> new ProviderResult.Unavailable(provider, n.path("message").asText(""),
                    n.path("console_url").asText(provider.consoleUrl()), at, account);
            case AUTH_REQUIRED -> new ProviderResult.AuthRequired(provider, n.path("message").asText(""), at, account);
            case NETWORK_ERROR -> new ProviderResult.NetworkError(provider, n.path("message").asText(""), at, account);
        };
    }

    private static void number(ObjectNode o, String name, OptionalDouble value) {
        if (value.isPresent()) {
            double v = value.getAsDouble();
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                o.put(name, (long) v);
            } else {
                o.put(name, Math.round(v * 10_000) / 10_000.0);
            }
        }
    }

    private static OptionalDouble number(JsonNode n, String name) {
        JsonNode v = n.path(name);
        return v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
    }

    private static String text(JsonNode n, String name) {
        JsonNode v = n.path(name);
        if (!v.isTextual()) {
            throw new IllegalArgumentException("'" + name + "' missing");
        }
        return v.asText();
    }
}
