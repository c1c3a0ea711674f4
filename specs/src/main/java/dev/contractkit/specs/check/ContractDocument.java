package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.source.Trees;

import java.io.IOException;
import java.lang.ref.SoftReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An OpenAPI 3.0 contract as a JSON tree, with its operations and {@code $ref} resolution.
 * Shared by the build-time check, the mock server and the conformance suite.
 *
 * <pre>{@code
 * ContractDocument doc = ContractDocument.load("openapi/forms.yaml");
 * for (ContractDocument.Operation op : doc.operations()) System.out.println(op);
 * }</pre>
 */
public final class ContractDocument {
    static final ObjectMapper YAML = Trees.yaml();
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private final String file;
    /** The text as UTF-8: half a String's size for text beyond Latin-1 (GitHub's REST description: 13 MB, not 26). */
    private final byte[] utf8;
    private final JsonNode root;
    private final Map<String, Boolean> mentioned = new ConcurrentHashMap<>();
    private volatile SoftReference<String> text = new SoftReference<>(null);
    private volatile SchemaValidator validator;

    private ContractDocument(String file, byte[] utf8, JsonNode root) {
        this.file = file;
        this.utf8 = utf8;
        this.root = root;
    }

    /**
     * Loads a contract shipped in the specs jar.
     *
     * @param file e.g. {@code openapi/forms.yaml}
     * @return the document
     */
    public static ContractDocument load(String file) {
        return parse(file, Api.readContract(file));
    }

    /**
     * Parses contract text.
     *
     * @param file a name for messages
     * @param text YAML or JSON
     * @return the document
     * @throws IllegalArgumentException when the text is not YAML
     */
    public static ContractDocument parse(String file, String text) {
        try {
            return of(file, text.getBytes(StandardCharsets.UTF_8), Trees.parse(text));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses contract text given as UTF-8 (what {@code Api.readUtf8} gives), keeping the array: no String of a
     * big document in between.
     *
     * @param file a name for messages
     * @param utf8 YAML or JSON, UTF-8; not changed afterwards
     * @return the document
     * @throws IllegalArgumentException when the text is not YAML
     */
    public static ContractDocument parse(String file, byte[] utf8) {
        try {
            return of(file, utf8, Trees.parse(utf8));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static ContractDocument of(String file, byte[] utf8, JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": not a YAML/JSON object");
        }
        return new ContractDocument(file, utf8, root);
    }

    /** @return the file name */
    public String file() {
        return file;
    }

    /** @return the contract's text as read (decoded again when memory was needed since the last call) */
    public String text() {
        String t = text.get();
        if (t == null) {
            t = new String(utf8, StandardCharsets.UTF_8);
            text = new SoftReference<>(t);
        }
        return t;
    }

    /**
     * Whether the text contains a string anywhere (a key, a value, a comment), without decoding it: e.g.
     * {@code mentions("x-kit-")} for a document in the kit's dialect. Answered once per string.
     *
     * @param needle the string looked for
     * @return true when the text contains it
     */
    public boolean mentions(String needle) {
        return mentioned.computeIfAbsent(needle, n -> indexOf(utf8, n.getBytes(StandardCharsets.UTF_8)) >= 0);
    }

    private static int indexOf(byte[] in, byte[] needle) {
        if (needle.length == 0) {
            return 0;
        }
        outer:
        for (int i = 0; i <= in.length - needle.length; i++) {
            if (in[i] != needle[0]) {
                continue;
            }
            for (int j = 1; j < needle.length; j++) {
                if (in[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** @return the whole tree */
    public JsonNode root() {
        return root;
    }

    /** @return the document's title */
    public String title() {
        return root.path("info").path("title").asText(file);
    }

    /**
     * @param pointer a JSON pointer into the document
     * @return the node there, or a missing node
     */
    public JsonNode at(String pointer) {
        return root.at(pointer);
    }

    /**
     * Follows {@code $ref}s (local ones) until a node without one.
     *
     * @param node any node of this document
     * @return the target node
     */
    public JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int i = 0; i < 20 && current.has("$ref"); i++) {
            current = at(refPointer(current.get("$ref").asText()));
        }
        return current;
    }

    /**
     * The pointer a node stands for once its {@code $ref}s are followed.
     *
     * @param pointer a pointer to a node that may be a {@code $ref}
     * @return the pointer of the target
     */
    public String resolvePointer(String pointer) {
        String current = pointer;
        for (int i = 0; i < 20 && at(current).has("$ref"); i++) {
            current = refPointer(at(current).get("$ref").asText());
        }
        return current;
    }

    private String refPointer(String ref) {
        if (!ref.startsWith("#")) {
            throw new IllegalArgumentException(file + ": only local $refs are supported, found " + ref);
        }
        return Pointers.ofRef(ref);
    }

    /** @return every operation, in document order */
    public List<Operation> operations() {
        List<Operation> ops = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> paths = root.path("paths").fields();
        while (paths.hasNext()) {
            Map.Entry<String, JsonNode> path = paths.next();
            Iterator<Map.Entry<String, JsonNode>> items = path.getValue().fields();
            while (items.hasNext()) {
                Map.Entry<String, JsonNode> item = items.next();
                if (METHODS.contains(item.getKey())) {
                    String pointer = Pointers.append("/paths", path.getKey(), item.getKey());
                    ops.add(new Operation(this, item.getKey().toUpperCase(), path.getKey(),
                            item.getValue().path("operationId").asText(item.getKey() + " " + path.getKey()),
                            pointer));
                }
            }
        }
        return ops;
    }

    /**
     * @param operationId an operation id
     * @return the operation, if the contract has it
     */
    public Optional<Operation> operation(String operationId) {
        return operations().stream().filter(o -> o.operationId().equals(operationId)).findFirst();
    }

    /** @return the validator for this document's schemas (built once, on first use) */
    public SchemaValidator validator() {
        SchemaValidator v = validator;
        if (v == null) {
            synchronized (this) {
                v = validator;
                if (v == null) {
                    v = SchemaValidator.forOpenApi(file, root);
                    validator = v;
                }
            }
        }
        return v;
    }

    /**
     * A validator for the schemas of an AsyncAPI document (message payloads and headers): JSON Schema draft-07,
     * with the AsyncAPI-only keywords ({@code discriminator} as a string, {@code externalDocs}, {@code x-*})
     * dropped before validation. A new validator on each call.
     *
     * <pre>{@code
     * ContractDocument doc = ContractDocument.load("asyncapi/coupon-updates.yaml");
     * List<Finding> f = doc.asyncApiValidator()
     *         .validate("/components/schemas/CouponCreatedMessage", message, "coupon_created");
     * }</pre>
     *
     * @return a validator bound to this document
     */
    public SchemaValidator asyncApiValidator() {
        return SchemaValidator.forAsyncApi(file, root);
    }

    /**
     * One operation of the contract.
     *
     * @param document    the contract
     * @param method      upper-case HTTP method
     * @param path        path template, e.g. {@code /forms/{id}}
     * @param operationId the operation id
     * @param pointer     JSON pointer to the operation object
     */
    public record Operation(ContractDocument document, String method, String path, String operationId,
                            String pointer) {

        /** @return the operation object */
        public JsonNode node() {
            return document.at(pointer);
        }

        /** @return path-level and operation-level parameters (resolved), operation-level ones winning */
        public List<Parameter> parameters() {
            Map<String, Parameter> byKey = new LinkedHashMap<>();
            String pathItem = pointer.substring(0, pointer.lastIndexOf('/'));
            collect(pathItem + "/parameters", byKey);
            collect(pointer + "/parameters", byKey);
            return List.copyOf(byKey.values());
        }

        private void collect(String listPointer, Map<String, Parameter> into) {
            JsonNode list = document.at(listPointer);
            for (int i = 0; i < list.size(); i++) {
                String p = document.resolvePointer(listPointer + "/" + i);
                JsonNode param = document.at(p);
                Parameter parameter = new Parameter(param.path("name").asText(), param.path("in").asText(),
                        param.path("required").asBoolean(false), schemaPointer(p, param), param);
                into.put(parameter.in() + ":" + parameter.name(), parameter);
            }
        }

        /**
         * A parameter's schema: its {@code schema}, or for one described by {@code content} (a value travelling as a
         * JSON text, as superset's {@code ?q=} does) the schema of its one media type.
         */
        private static String schemaPointer(String pointer, JsonNode param) {
            if (!param.has("schema") && param.path("content").isObject() && param.path("content").size() > 0) {
                return Pointers.append(pointer + "/content", param.path("content").fieldNames().next()) + "/schema";
            }
            return pointer + "/schema";
        }

        /** @return declared responses: status code (or {@code default}) to the pointer of the resolved response */
        public Map<String, String> responses() {
            Map<String, String> out = new LinkedHashMap<>();
            Iterator<String> codes = node().path("responses").fieldNames();
            while (codes.hasNext()) {
                String code = codes.next();
                out.put(code, document.resolvePointer(Pointers.append(pointer + "/responses", code)));
            }
            return out;
        }

        /** @return the pointer of the resolved request body, if the operation has one */
        public Optional<String> requestBody() {
            String p = pointer + "/requestBody";
            return document.at(p).isMissingNode() ? Optional.empty() : Optional.of(document.resolvePointer(p));
        }

        /** @return the security requirement names that apply (operation-level, else document-level) */
        public List<String> security() {
            JsonNode sec = node().has("security") ? node().get("security") : document.root().path("security");
            List<String> names = new ArrayList<>();
            for (JsonNode requirement : sec) {
                requirement.fieldNames().forEachRemaining(names::add);
            }
            return names;
        }

        /** @return true when the operation can be called without credentials */
        public boolean isPublic() {
            JsonNode sec = node().has("security") ? node().get("security") : document.root().path("security");
            if (sec.isMissingNode() || sec.isEmpty()) {
                return true;
            }
            for (JsonNode requirement : sec) {
                if (requirement.isEmpty()) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return method + " " + path + " (" + operationId + ")";
        }
    }

    /**
     * One parameter.
     *
     * @param name          its name
     * @param in            path, query, header or cookie
     * @param required      whether it must be present
     * @param schemaPointer pointer to its schema
     * @param node          the parameter object
     */
    public record Parameter(String name, String in, boolean required, String schemaPointer, JsonNode node) {
        /**
         * @return true for a parameter described by {@code content} rather than {@code schema}: its value travels as
         *         one text in that media type (JSON), not by a style
         */
        public boolean isContent() {
            return !node.has("schema") && node.path("content").isObject() && node.path("content").size() > 0;
        }

        /** @return the parameter's example (else its first named one), its schema's example or default, or missing */
        public JsonNode example() {
            if (node.has("example")) {
                return node.get("example");
            }
            if (node.path("examples").elements().hasNext()) {
                JsonNode first = node.path("examples").elements().next();
                if (first.has("value")) { // a $ref example has none here: fall through to the schema's
                    return first.get("value");
                }
            }
            JsonNode schema = node.path("schema");
            if (schema.has("example")) {
                return schema.get("example");
            }
            return schema.has("default") ? schema.get("default") : MissingNode.getInstance();
        }
    }

}
