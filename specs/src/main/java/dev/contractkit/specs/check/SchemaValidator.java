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
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

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
            "definitions", "responses", "parameters", "paths", "securitySchemes", "headers", "content",
            "dependentSchemas", "requestBodies", "callbacks", "links", "encoding", "pathItems", "channels", "messages",
            "operations", "variables", "mapping", "scopes");
    /**
     * What no validation reads, left out of the validator's copy of the document: annotations, examples (the
     * document's own, checked against the schemas from the document's tree, not from this copy) and the
     * document's prose. On GitHub's REST description they are most of its 13 MB.
     */
    private static final Set<String> NOT_VALIDATED = Set.of("description", "summary", "title", "examples", "default",
            "externalDocs", "info", "tags", "servers", "$comment", "deprecated", "termsOfService");
    /** Keywords whose values are instances, not schemas: copied as they are. */
    private static final Set<String> VALUES = Set.of("enum", "const");

    private final String uri;
    private final JsonSchemaFactory factory;
    private final SchemaValidatorsConfig config;
    /**
     * How many schema pointers stay compiled at once: past that, the compiled schemas are dropped and compiled again
     * as they are used. A document's own contracts stay below it; on GitHub's REST description (1,223 operations)
     * keeping every compiled schema took about 45 MB, the bound keeps the check of every example at start, and the
     * mock's validation of what it receives, to a few.
     */
    static final int COMPILED = Integer.getInteger("kit.validator.compiled", 16);
    /**
     * Documents with more paths than this are bounded to {@link #COMPILED}; smaller ones (the kit's own contracts,
     * most real documents) keep every compiled schema, so a mock or a suite run over many operations never compiles
     * the document again.
     */
    static final int LARGE_PATHS = 300;
    private final int bound;
    private volatile Compiled compiled = new Compiled();
    private final JsonNode converted;

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
        this.converted = convert(root, false);
        this.bound = root.path("paths").size() > LARGE_PATHS || Integer.getInteger("kit.validator.compiled") != null
                ? COMPILED : Integer.MAX_VALUE;
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
                // the document as text only if networknt asks for it by its URI (the whole document's schema is
                // compiled from the tree below), not kept: on a big document it is tens of MB
                .schemaLoaders(loaders -> loaders.schemas(iri -> uri.equals(iri) ? converted.toString() : null)));
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
        JsonSchema schema = schema(schemaPointer);
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

    /** The compiled schema at a pointer: cached, on a large document up to {@link #COMPILED} of them. */
    private JsonSchema schema(String pointer) {
        Compiled c = compiled;
        JsonSchema kept = c.schemas.get(pointer);
        if (kept != null) {
            return kept;
        }
        if (c.schemas.size() >= bound) {
            synchronized (this) {
                if (compiled == c) {
                    compiled = new Compiled();
                }
                c = compiled;
            }
        }
        Compiled into = c;
        return into.schemas.computeIfAbsent(pointer,
                p -> into.whole().getRefSchema(SchemaLocation.of(uri + "#" + p).getFragment()));
    }

    /**
     * One generation of compiled schemas: the whole document as one schema resource, each schema pointer a
     * sub-schema of it (asking the factory for {@code uri#pointer} re-read and re-parsed the whole document for every
     * new pointer, which made a run over a document of 1,000 operations quadratic), and the sub-schemas asked for.
     * Dropped whole: networknt keeps the sub-schemas it resolved through {@code $ref}s inside the whole one.
     */
    private final class Compiled {
        final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();
        private volatile JsonSchema whole;

        JsonSchema whole() {
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
    }

    /**
     * A copy of the document with the OpenAPI 3.0 dialect rewritten into JSON Schema 2020-12, without what no
     * validation reads ({@link #NOT_VALIDATED}, {@code x-} extensions); the document is not changed.
     *
     * @param node        a node of the document
     * @param keysAreNames true when the node's keys are names (of properties, schemas, media types ...), not keywords
     */
    static JsonNode convert(JsonNode node, boolean keysAreNames) {
        if (node instanceof ArrayNode array) {
            ArrayNode out = array.arrayNode(array.size());
            for (JsonNode item : array) {
                out.add(convert(item, false));
            }
            return out;
        }
        if (!(node instanceof ObjectNode object)) {
            return node; // value nodes are immutable: shared with the document
        }
        ObjectNode out = object.objectNode();
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            if (keysAreNames) {
                out.set(key, convert(field.getValue(), false));
            } else if (VALUES.contains(key)) {
                out.set(key, field.getValue().deepCopy());
            } else if (!NOT_VALIDATED.contains(key) && (!OPENAPI_ONLY.contains(key) || key.equals("nullable"))
                    && !key.startsWith("x-") || key.equals(VALIDATION_EXTENSION)) {
                // nullable is read (and dropped) by rewriteSchemaKeywords
                out.set(key, convert(field.getValue(), NAME_MAPS.contains(key)));
            }
        }
        if (!keysAreNames) {
            rewriteSchemaKeywords(out);
        }
        return out;
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
        if (object.path("pattern").isTextual() && !compiles(object.get("pattern").asText())) {
            drop.add("pattern"); // amadeus writes [a-zA-Z]{1-70}: not a pattern the validator can run; not checked
        }
        object.fieldNames().forEachRemaining(k -> {
            if (OPENAPI_ONLY.contains(k) || k.startsWith("x-")) {
                drop.add(k);
            }
        });
        object.remove(drop);
    }

    private static boolean compiles(String regex) {
        try {
            Pattern.compile(regex);
            return true;
        } catch (PatternSyntaxException e) {
            return false;
        }
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
