package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a document for the faults that are its own: examples (of media types, named ones, of parameters, headers
 * and schemas) that break their schema, schemas nothing can satisfy (a minimum above the maximum, an enum none of
 * whose values the rest of the schema allows, a required property a closed object forbids), local {@code $ref}s
 * that point nowhere, security requirements naming no declared scheme, path parameters the template lacks or that
 * are not required, template variables without a parameter.
 */
public final class DocumentScan {
    private static final Pattern TEMPLATE = Pattern.compile("\\{([^}/]+)}");
    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");
    private static final List<String> SCHEMA_LISTS = List.of("allOf", "anyOf", "oneOf", "prefixItems");
    private static final List<String> SCHEMA_ONE = List.of("items", "additionalProperties", "not", "if", "then", "else",
            "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems");

    /**
     * An example value that breaks its schema, as {@code ResponseRules.problem} states such a finding.
     *
     * @param owner   the media type, header or schema object the example belongs to
     * @param problem the finding, its pointer relative to the example
     * @param where   the document problem
     */
    public record BrokenExample(String owner, Verdict.Problem problem, DocumentProblem where) {
    }

    private final ContractDocument doc;
    private final Map<String, DocumentProblem> problems = new LinkedHashMap<>();
    private final List<BrokenExample> broken = new ArrayList<>();
    private final Set<String> unsatisfiable = new HashSet<>();
    private final Set<String> schemasSeen = new HashSet<>();
    private final Set<String> ownersSeen = new HashSet<>();

    private DocumentScan(ContractDocument doc) {
        this.doc = doc;
    }

    public static DocumentScan of(ContractDocument doc) {
        DocumentScan scan = new DocumentScan(doc);
        scan.refs(doc.root(), "");
        if (scan.problems.isEmpty()) { // with a dangling $ref, the validator cannot compile the schemas around it
            scan.components();
            doc.operations().forEach(scan::operation);
        }
        return scan;
    }

    public List<DocumentProblem> problems() {
        return List.copyOf(problems.values());
    }

    public List<BrokenExample> brokenExamples() {
        return broken;
    }

    /** @return true when the schema at that pointer (a {@code $ref} followed) can hold no value */
    boolean unsatisfiable(String schemaPointer) {
        return unsatisfiable.contains(doc.resolvePointer(schemaPointer));
    }

    private void add(String pointer, String value, String message) {
        problems.putIfAbsent(pointer + " " + message, new DocumentProblem(doc.file(), pointer, value, message, ""));
    }

    private void refs(JsonNode node, String pointer) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith("#")
                    && doc.at(Pointers.ofRef(ref.asText())).isMissingNode()) {
                add(pointer + "/$ref", ref.toString(), "the $ref points nowhere: the document has no "
                        + Pointers.ofRef(ref.asText()) + "; what uses it cannot be checked");
            }
            if (pointer.endsWith("/content") && node.has("")) {
                add(pointer + "/", "\"\"", "a media type key is empty: no request can be sent in it, so that content"
                        + " is not checked");
            }
            node.properties().forEach(f -> refs(f.getValue(), Pointers.append(pointer, f.getKey())));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                refs(node.get(i), pointer + "/" + i);
            }
        }
    }

    private void components() {
        for (Iterator<String> it = doc.at("/components/schemas").fieldNames(); it.hasNext(); ) {
            schema(Pointers.append("/components/schemas", it.next()));
        }
    }

    private void operation(Operation op) {
        Set<String> inTemplate = new HashSet<>();
        Matcher m = TEMPLATE.matcher(op.path());
        while (m.find()) {
            inTemplate.add(m.group(1));
        }
        Set<String> declared = new HashSet<>();
        for (Parameter p : op.parameters()) {
            if (p.in().equals("path")) {
                declared.add(p.name());
                String at = doc.resolvePointer(p.schemaPointer().substring(0, p.schemaPointer().length() - "/schema".length()));
                if (!inTemplate.contains(p.name())) {
                    add(at, "\"" + p.name() + "\"", "path parameter '" + p.name() + "' of " + op
                            + " is not in the path template");
                } else if (!p.required()) {
                    add(at + "/required", "", "path parameter '" + p.name() + "' of " + op
                            + " is not required; OpenAPI says a path parameter MUST be required: true");
                }
            }
            parameter(p);
        }
        inTemplate.stream().filter(v -> !declared.contains(v)).sorted().forEach(v -> add(op.pointer() + "/parameters",
                "\"" + v + "\"", "the path template of " + op + " has {" + v + "} but no path parameter of that name"));
        security(op);
        op.requestBody().ifPresent(b -> content(b + "/content"));
        op.responses().values().forEach(this::response);
    }

    private void security(Operation op) {
        JsonNode schemes = doc.root().path("components").path("securitySchemes");
        String at = op.node().has("security") ? op.pointer() + "/security" : "/security";
        for (String name : op.security()) {
            if (!schemes.has(name)) {
                add(at, "\"" + name + "\"", "the security requirement of " + op + " names '" + name
                        + "', which components/securitySchemes does not declare");
            }
        }
    }

    private void parameter(Parameter p) {
        String at = p.schemaPointer().substring(0, p.schemaPointer().length() - "/schema".length());
        if (!doc.at(p.schemaPointer()).isMissingNode()) {
            schema(p.schemaPointer());
            if (p.node().has("example")) {
                example(at, p.schemaPointer(), p.node().get("example"), at + "/example");
            }
            namedExamples(at, p.schemaPointer());
        }
        if (p.node().has("content")) {
            content(at + "/content");
        }
        formNesting(p, at);
    }

    /**
     * A {@code form}-style object parameter with a property that is an object or a list of objects (telnyx's
     * {@code filter[status]} details): OpenAPI's style table serializes primitive properties only. The suite sends
     * such a property as JSON text, as clients do, and the kit's mock reads it so.
     */
    private void formNesting(Parameter p, String at) {
        JsonNode schema = doc.resolve(p.node().path("schema"));
        if (!ParameterStyle.style(p).equals("form") || !schema.path("properties").isObject()) {
            return;
        }
        schema.path("properties").properties().forEach(f -> {
            JsonNode property = doc.resolve(f.getValue());
            JsonNode items = doc.resolve(property.path("items"));
            boolean nested = property.path("type").asText().equals("object") || property.has("properties")
                    || items.path("type").asText().equals("object") || items.has("properties")
                    || items.path("type").asText().equals("array");
            if (nested) {
                add(at, "", p.in() + " parameter '" + p.name() + "': its property '" + f.getKey() + "' is an object or a"
                        + " list of objects, which the form style gives no serialization for (sent as JSON text)");
            }
        });
    }

    private void response(String pointer) {
        content(pointer + "/content");
        for (Iterator<String> it = doc.at(pointer + "/headers").fieldNames(); it.hasNext(); ) {
            String header = doc.resolvePointer(Pointers.append(pointer + "/headers", it.next()));
            if (doc.at(header).has("schema")) {
                schema(header + "/schema");
                if (doc.at(header).has("example")) {
                    example(header, header + "/schema", doc.at(header).get("example"), header + "/example");
                }
                namedExamples(header, header + "/schema");
            }
        }
    }

    private void content(String pointer) {
        for (Iterator<String> it = doc.at(pointer).fieldNames(); it.hasNext(); ) {
            String media = Pointers.append(pointer, it.next());
            String schema = media + "/schema";
            if (doc.at(schema).isMissingNode()) {
                continue;
            }
            schema(schema);
            if (doc.at(media).has("example")) {
                example(media, schema, doc.at(media).get("example"), media + "/example");
            }
            namedExamples(media, schema);
        }
    }

    private void namedExamples(String owner, String schema) {
        for (Iterator<String> it = doc.at(owner + "/examples").fieldNames(); it.hasNext(); ) {
            String named = doc.resolvePointer(Pointers.append(owner + "/examples", it.next()));
            JsonNode value = doc.at(named).path("value");
            if (!value.isMissingNode()) {
                example(owner, schema, value, named + "/value");
            }
        }
    }

    private void example(String owner, String schema, JsonNode value, String at) {
        if (!ownersSeen.add(at)) {
            return;
        }
        List<Finding> findings;
        try {
            findings = doc.validator().validate(schema, value, doc.file() + " " + at);
        } catch (RuntimeException e) { // a schema the validator cannot compile (a pattern it cannot read, ...)
            add(schema, "", "the schema cannot be read by the validator (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + Excerpts.abbreviate(e.getMessage())) + ")");
            return;
        }
        for (Finding f : findings) {
            Verdict.Problem p = Verdict.Problem.of("", f);
            DocumentProblem problem = new DocumentProblem(doc.file(), at + p.pointer(), p.value(),
                    "the example breaks its schema: " + p.message(), "");
            problems.putIfAbsent(problem.pointer() + " " + problem.message(), problem);
            broken.add(new BrokenExample(doc.resolvePointer(owner), p, problem));
        }
    }

    /** A schema and every schema inside it ({@code $ref}s are walked where they point, once). */
    private void schema(String pointer) {
        JsonNode s = doc.at(pointer);
        if (!s.isObject() || !schemasSeen.add(pointer)) {
            return;
        }
        if (s.has("$ref")) {
            JsonNode ref = s.get("$ref");
            if (ref.isTextual() && ref.asText().startsWith("#")) {
                schema(Pointers.ofRef(ref.asText()));
            }
            return;
        }
        if (s.has("example")) {
            example(pointer, pointer, s.get("example"), pointer + "/example");
        }
        if (s.path("examples").isArray()) {
            for (int i = 0; i < s.get("examples").size(); i++) {
                example(pointer, pointer, s.get("examples").get(i), pointer + "/examples/" + i);
            }
        }
        unsatisfiable(pointer, s);
        for (String key : SCHEMA_MAPS) {
            s.path(key).fieldNames().forEachRemaining(name -> schema(Pointers.append(pointer, key, name)));
        }
        for (String key : SCHEMA_LISTS) {
            for (int i = 0; i < s.path(key).size(); i++) {
                schema(pointer + "/" + key + "/" + i);
            }
        }
        for (String key : SCHEMA_ONE) {
            if (s.path(key).isArray()) {
                for (int i = 0; i < s.get(key).size(); i++) {
                    schema(pointer + "/" + key + "/" + i);
                }
            } else {
                schema(pointer + "/" + key);
            }
        }
    }

    private void unsatisfiable(String pointer, JsonNode s) {
        List<String> why = new ArrayList<>();
        bounds(s, "minimum", "maximum", why);
        bounds(s, "minLength", "maxLength", why);
        bounds(s, "minItems", "maxItems", why);
        bounds(s, "minProperties", "maxProperties", why);
        if (s.path("additionalProperties").isBoolean() && !s.get("additionalProperties").asBoolean()
                && !s.has("patternProperties") && !s.has("allOf")) {
            for (JsonNode r : s.path("required")) {
                if (!s.path("properties").has(r.asText())) {
                    why.add("the required property '" + r.asText() + "' is not among the properties of this closed"
                            + " object (additionalProperties: false)");
                }
            }
        }
        if (s.path("enum").isArray() && !s.get("enum").isEmpty()) {
            boolean any = false;
            try {
                for (JsonNode v : s.get("enum")) {
                    any = any || doc.validator().validate(pointer, v, doc.file() + " " + pointer).isEmpty();
                }
            } catch (RuntimeException e) {
                any = true; // reported where an example meets it; no verdict on the enum
            }
            if (!any) {
                why.add("no value of its enum " + Excerpts.abbreviate(s.get("enum").toString())
                        + " satisfies the rest of the schema");
            }
        }
        if (!why.isEmpty()) {
            unsatisfiable.add(pointer);
            add(pointer, "", "no value can satisfy this schema: " + String.join("; ", why));
        }
    }

    private static void bounds(JsonNode s, String min, String max, List<String> why) {
        if (s.path(min).isNumber() && s.path(max).isNumber()
                && new BigDecimal(s.get(min).asText()).compareTo(new BigDecimal(s.get(max).asText())) > 0) {
            why.add(min + " " + s.get(min).asText() + " is above " + max + " " + s.get(max).asText());
        }
    }
}
