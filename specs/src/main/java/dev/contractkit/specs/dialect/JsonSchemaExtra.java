package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;

/**
 * A schema's {@code x-kit-json-schema}: validation-only JSON Schema keywords for what OpenAPI 3.0 generators
 * cannot take (e.g. {@code {anyOf: [{type: string}, {type: object}]}}); generators see the plain schema, the
 * kit's validator sees these keywords as well (none unless declared).
 */
public final class JsonSchemaExtra {
    /** {@code x-kit-json-schema} */
    public static final String KEY = "x-kit-json-schema";

    private JsonSchemaExtra() {
    }

    /**
     * @param schema a schema object
     * @return its extra keywords, when it has them
     */
    public static Optional<ObjectNode> of(JsonNode schema) {
        return schema.get(KEY) instanceof ObjectNode extra ? Optional.of(extra) : Optional.empty();
    }
}
