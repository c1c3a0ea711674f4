package dev.contractkit.specs.source;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;

/**
 * What {@link DocumentReader} needs to know of a JSON document before it hands its text on, read as a stream: its
 * top-level scalar fields ({@code openapi}, {@code swagger}, {@code asyncapi} ...) and whether some {@code $ref}
 * points outside it. No tree of the document is built (GitHub's REST description: a 35 MB tree the tools then built
 * again from the text).
 *
 * @param top         the top-level scalar fields, or a missing node when the document is not an object
 * @param externalRef true when some {@code $ref} is a string that does not start with {@code #}
 */
record Outline(JsonNode top, boolean externalRef) {

    /**
     * @param json JSON text, UTF-8
     * @throws IOException when it is not JSON
     */
    static Outline of(byte[] json) throws IOException {
        try (JsonParser p = Trees.json().createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return new Outline(JsonNodeFactory.instance.missingNode(), false);
            }
            ObjectNode top = JsonNodeFactory.instance.objectNode();
            boolean external = false;
            int depth = 0;
            for (JsonToken t = p.nextToken(); t != null && depth >= 0; t = p.nextToken()) {
                switch (t) {
                    case START_OBJECT, START_ARRAY -> depth++;
                    case END_OBJECT, END_ARRAY -> depth--;
                    case FIELD_NAME -> { }
                    default -> {
                        String name = p.currentName();
                        if (t == JsonToken.VALUE_STRING && "$ref".equals(name) && !p.getText().startsWith("#")) {
                            external = true;
                        }
                        if (depth == 0 && name != null) {
                            top.set(name, p.readValueAsTree());
                        }
                    }
                }
            }
            return new Outline(top, external);
        }
    }
}
