package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.NonValidationKeyword;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.UnknownKeywordFactory;
import com.networknt.schema.ValidationMessage;
import dev.contractkit.specs.dialect.JsonSchemaExtra;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validates JSON instances against the schemas of one OpenAPI 3.0 contract.
 * The contract's schemas are translated once into JSON Schema 2020-12 ({@code nullable}, boolean
 * {@code exclusiveMinimum}/{@code exclusiveMaximum}, OpenAPI-only keywords) and checked with networknt;
 * compiled schemas are cached per pointer, so the hot path is one map look-up and the validation itself.
 * {@link #forAsyncApi} does the same for an AsyncAPI document, whose schemas are JSON Schema draft-07 (plus a
 * few AsyncAPI keywords that are dropped). Obtained from the document: {@link ContractDocument#validator()},
 * {@link ContractDocument#asyncApiValidator()}; it reads only the document's tree, so it does not refer back to it.
 */
public final class SchemaValidator {
    /** Top-level fields of OpenAPI 3.x and AsyncAPI 2/3 documents. */
    private static final Set<String> DOCUMENT_FIELDS = Set.of("openapi", "info", "servers", "security", "tags", "paths",
            "components", "webhooks", "jsonSchemaDialect", "asyncapi", "defaultContentType", "channels", "operations");
    private static final Set<String> OPENAPI_ONLY = Set.of("example", "discriminator", "xml", "externalDocs", "nullable");
    /**
     * Schema extension whose keywords are merged into the schema for validation only (code generators ignore
     * {@code x-} keys), e.g. {@code x-kit-json-schema: {anyOf: [{type: string}, {type: object}]}}.
     */
    public static final String VALIDATION_EXTENSION = JsonSchemaExtra.KEY;
    private static final Set<String> NAME_MAPS = Set.of("properties", "patternProperties", "schemas", "$defs",
            "definitions", "examples", "responses", "parameters", "paths", "securitySchemes", "headers", "content");

    private final String uri;
    private final JsonSchemaFactory factory;
    private final SchemaValidatorsConfig config;
    private final Map<String, JsonSchema> cache = new ConcurrentHashMap<>();
    private final JsonNode converted;
    private volatile JsonSchema whole;

    /**
     * @param file the document's file name (the base of the schemas' URI)
     * @param root the document's tree (copied, not changed)
     * @return a validator for an OpenAPI 3.0 document's schemas
     */
    static SchemaValidator forOpenApi(String file, JsonNode root) {
        return new SchemaValidator(file, root, SpecVersion.VersionFlag.V202012);
    }

    /**
     * A validator for the schemas of an AsyncAPI document (message payloads and headers), which are JSON
     * Schema draft-07 with a few extra keywords ({@code discriminator} as a string, {@code externalDocs},
     * {@code x-*}) that are dropped before validation.
     *
     * @param file the document's file name (the base of the schemas' URI)
     * @param root the document's tree (copied, not changed)
     * @return a validator bound to that document
     */
    static SchemaValidator forAsyncApi(String file, JsonNode root) {
        return new SchemaValidator(file, root, SpecVersion.VersionFlag.V7);
    }

    private SchemaValidator(String file, JsonNode root, SpecVersion.VersionFlag dialect) {
        this.uri = "https://contracts.contractkit.dev/" + file.replace('\\', '/');
        this.converted = convert(root.deepCopy(), false);
        String json = converted.toString();
        JsonMetaSchema standard = dialect == SpecVersion.VersionFlag.V7 ? JsonMetaSchema.getV7() : JsonMetaSchema.getV202012();
        // the whole document is the schema resource (schemas are reached by pointer), so its top-level OpenAPI /
        // AsyncAPI fields and the contracts' x- extensions (x-kit-*) are keywords too: known, without validation,
        // and without networknt's "Unknown keyword" warning for each (11 per run)
        JsonMetaSchema dialectWithExtensions = JsonMetaSchema.builder(standard.getIri(), standard)
                .keywords(DOCUMENT_FIELDS.stream().map(NonValidationKeyword::new).toList())
                .unknownKeywordFactory((keyword, context) -> keyword.startsWith("x-") ? new NonValidationKeyword(keyword)
                        : UnknownKeywordFactory.getInstance().getKeyword(keyword, context))
                .build();
        this.factory = JsonSchemaFactory.getInstance(dialect, builder -> builder.metaSchema(dialectWithExtensions)
                .schemaLoaders(loaders -> loaders.schemas(Map.of(uri, json))));
        this.config = SchemaValidatorsConfig.builder()
                .pathType(PathType.JSON_POINTER)
                .formatAssertionsEnabled(true)
                .build();
    }

    /**
     * Validates an instance.
     *
     * @param schemaPointer JSON pointer to a schema in the contract (may be a {@code $ref})
     * @param instance      the value to check
     * @param where         a label for the findings (file, operation ...)
     * @return findings; empty when the instance is valid
     */
    public List<Finding> validate(String schemaPointer, JsonNode instance, String where) {
        JsonSchema schema = cache.computeIfAbsent(schemaPointer,
                p -> wholeSchema().getRefSchema(SchemaLocation.of(uri + "#" + p).getFragment()));
        Set<ValidationMessage> messages = schema.validate(instance);
        if (messages.isEmpty()) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>(messages.size());
        for (ValidationMessage m : messages) {
            JsonNode at = m.getInstanceNode();
            out.add(new Finding(where, m.getInstanceLocation().toString(), m.getMessage(),
                    at == null ? "" : at.toString()));
        }
        return out;
    }

    /**
     * The whole document as one schema resource, compiled once: each schema pointer is a sub-schema of it.
     * (Asking the factory for {@code uri#pointer} re-read and re-parsed the whole document for every new pointer,
     * which made a run over a document of 1,000 operations quadratic.)
     */
    private JsonSchema wholeSchema() {
        JsonSchema w = whole;
        if (w == null) {
            synchronized (this) {
                w = whole;
                if (w == null) {
                    w = factory.getSchema(SchemaLocation.of(uri), converted, config);
                    whole = w;
                }
            }
        }
        return w;
    }

    /** Rewrites the OpenAPI 3.0 dialect into JSON Schema 2020-12, in place. */
    static JsonNode convert(JsonNode node, boolean keysAreNames) {
        if (node instanceof ArrayNode array) {
            for (JsonNode item : array) {
                convert(item, false);
            }
            return node;
        }
        if (!(node instanceof ObjectNode object)) {
            return node;
        }
        if (!keysAreNames) {
            rewriteSchemaKeywords(object);
        }
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            boolean childIsNameMap = !keysAreNames && NAME_MAPS.contains(field.getKey());
            convert(field.getValue(), childIsNameMap);
        }
        return node;
    }

    private static void rewriteSchemaKeywords(ObjectNode object) {
        // validation-only keywords for what OpenAPI 3.0 generators cannot take (e.g. a string-or-map union
        // without oneOf): generators see the plain schema, validators see these keywords as well
        JsonSchemaExtra.of(object).ifPresent(extra ->
                extra.properties().forEach(e -> object.set(e.getKey(), e.getValue().deepCopy())));
        if (object.path("nullable").asBoolean(false) && object.has("type") && object.get("type").isTextual()) {
            ArrayNode types = object.arrayNode().add(object.get("type").asText()).add("null");
            object.set("type", types);
        }
        exclusive(object, "exclusiveMinimum", "minimum");
        exclusive(object, "exclusiveMaximum", "maximum");
        List<String> drop = new ArrayList<>();
        object.fieldNames().forEachRemaining(k -> {
            if (OPENAPI_ONLY.contains(k) || k.startsWith("x-")) {
                drop.add(k);
            }
        });
        object.remove(drop);
    }

    private static void exclusive(ObjectNode object, String exclusive, String bound) {
        JsonNode flag = object.get(exclusive);
        if (flag != null && flag.isBoolean()) {
            if (flag.asBoolean() && object.has(bound)) {
                object.set(exclusive, object.get(bound));
                object.remove(bound);
            } else {
                object.remove(exclusive);
            }
        }
    }
}
