package dev.contractkit.mock.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** JSON helpers: compact bytes, media-type test, first string field by name. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /** @return true for {@code application/json}, {@code application/vnd.x+json;version=1} and the like */
    public static boolean isJson(String mediaType) {
        String base = baseType(mediaType);
        return base.equals("application/json") || base.endsWith("+json");
    }

    /** @return the media type without parameters, lower case */
    public static String baseType(String mediaType) {
        int semicolon = mediaType.indexOf(';');
        return (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    /** @return the value as response bytes: compact JSON for a JSON media type, the plain text otherwise */
    public static byte[] bytes(JsonNode value, String mediaType) {
        if (value.isTextual() && !isJson(mediaType)) {
            return value.asText().getBytes(StandardCharsets.UTF_8);
        }
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the object holding the first (depth-first) string field with this name */
    static Optional<ObjectNode> holderOf(JsonNode node, String field) {
        if (node instanceof ObjectNode object) {
            if (object.path(field).isTextual()) {
                return Optional.of(object);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Optional<ObjectNode> found = holderOf(it.next().getValue(), field);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }
}
