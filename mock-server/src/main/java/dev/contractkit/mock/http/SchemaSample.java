package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A value built from a schema, for a response the document gives no example of (or whose example breaks its
 * schema). {@link #valid} builds it in up to three passes and checks each with the document's validator, keeping
 * the first that passes: the schemas' own {@code example}/{@code examples}/{@code default} taken as written; then
 * only those that pass their own schema (the others are reported as the document's problems); then none.
 * Otherwise: {@code const}, an {@code enum} value, and by type ({@code type} lists and {@code nullable} read as
 * their first type other than {@code null}): an object with its required properties (all of them where none is
 * required, near the top), {@code minProperties} filled from the other properties, {@code patternProperties} and
 * {@code additionalProperties}; no {@code writeOnly} property in a response; an array of {@code minItems} items (at
 * least one unless {@code maxItems} is 0), distinct ones for {@code uniqueItems}, {@code prefixItems} in order;
 * strings and numbers by {@link ScalarSample}. {@code allOf} parts are merged ({@link SchemaMerge}); of
 * {@code oneOf}/{@code anyOf}, the first branch whose value passes the whole schema, with a discriminator's
 * property set to the branch's mapping name; where {@code oneOf} branches overlap, a value changed until its branch
 * alone takes it ({@link ExclusiveBranch}). Values stop growing at a depth of 12 and past 20,000 nodes.
 */
public final class SchemaSample {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 12;
    private static final int FULL_DEPTH = 4;
    private static final int BUDGET = 20_000;
    private static final Pattern REQUIRED = Pattern.compile("required property '(.+)' not found");

    /** How far the schemas' own examples and defaults are taken. */
    private enum Trust { ALL, VALID, NONE }

    /**
     * A value built for a schema and what is wrong.
     *
     * @param value          the value (the best one found when none passes)
     * @param problems       where the value still breaks the schema (empty when it passes)
     * @param brokenExamples examples and defaults inside the schema that break their own schema, left out
     */
    public record Built(JsonNode value, List<Finding> problems, List<Finding> brokenExamples) {
    }

    private final ContractDocument doc;
    private final Trust trust;
    private final boolean response;
    private final Set<String> writeOnlyLeftOut = new HashSet<>();
    private final Set<Finding> brokenExamples = new LinkedHashSet<>();
    private int nodes;

    private SchemaSample(ContractDocument doc, Trust trust, boolean response) {
        this.doc = doc;
        this.trust = trust;
        this.response = response;
    }

    /** @return a value for the schema at this node of the document, its examples taken as written (unchecked) */
    public static JsonNode of(ContractDocument doc, JsonNode schema) {
        return new SchemaSample(doc, Trust.ALL, false).sample(schema, null, 0, 0, null);
    }

    /**
     * @param doc           the document
     * @param schemaPointer the schema's pointer
     * @param response      true for a response body: no {@code writeOnly} property
     * @return the first value that passes the schema, and what the document's own examples break
     */
    public static Built valid(ContractDocument doc, String schemaPointer, boolean response) {
        Built best = null;
        Set<Finding> broken = new LinkedHashSet<>();
        for (Trust trust : Trust.values()) {
            SchemaSample s = new SchemaSample(doc, trust, response);
            JsonNode value = s.sample(doc.at(schemaPointer), schemaPointer, 0, 0, null);
            broken.addAll(s.brokenExamples);
            List<Finding> problems = s.relevant(doc.validator().validate(schemaPointer, value, doc.file()));
            if (problems.isEmpty()) {
                if (trust == Trust.NONE && broken.isEmpty()) {
                    broken.add(new Finding(doc.file(), schemaPointer, "an example or default inside the schema breaks it"
                            + " (a value built without them passes)", ""));
                }
                return new Built(value, List.of(), List.copyOf(broken));
            }
            if (best == null || problems.size() < best.problems().size()) {
                best = new Built(value, problems, List.of());
            }
        }
        return new Built(best.value(), best.problems(), List.copyOf(broken));
    }

    /** The findings, but a required {@code writeOnly} property left out of a response (OpenAPI: required in requests). */
    private List<Finding> relevant(List<Finding> findings) {
        if (writeOnlyLeftOut.isEmpty()) {
            return findings;
        }
        return findings.stream().filter(f -> {
            Matcher m = REQUIRED.matcher(f.message());
            return !(m.find() && writeOnlyLeftOut.contains(m.group(1)));
        }).toList();
    }

    private JsonNode sample(JsonNode node, String pointer, int depth, int variant, String refName) {
        String p = pointer;
        String name = refName;
        JsonNode s = node;
        for (int hops = 0; hops < 20 && s.has("$ref"); hops++) {
            String ref = s.get("$ref").asText();
            if (!ref.startsWith("#")) {
                break;
            }
            p = Pointers.ofRef(ref);
            name = p.substring(p.lastIndexOf('/') + 1);
            s = doc.at(p);
        }
        nodes++;
        if (!s.isObject()) {
            return s.isBoolean() && !s.asBoolean() ? NODES.nullNode() : NODES.textNode("string");
        }
        if (s.has("const")) {
            return s.get("const");
        }
        Optional<JsonNode> given = variant == 0 ? given(s, p) : Optional.empty();
        if (given.isPresent()) {
            return given.get();
        }
        if (s.path("enum").isArray() && !s.path("enum").isEmpty()) {
            return choice(s.path("enum"), variant);
        }
        if (s.has("allOf")) {
            return sample(SchemaMerge.merge(doc, s, p), p, depth, variant, name);
        }
        for (String kind : new String[]{"oneOf", "anyOf"}) {
            if (s.path(kind).isArray() && !s.path(kind).isEmpty()) {
                return branch(s, kind, p, depth, variant);
            }
        }
        return switch (type(s)) {
            case "object" -> object(s, p, depth, variant, name);
            case "array" -> array(s, p, depth, variant);
            case "integer" -> ScalarSample.integer(s, variant);
            case "number" -> ScalarSample.number(s, variant);
            case "boolean" -> NODES.booleanNode(variant % 2 == 0);
            case "null" -> NODES.nullNode();
            default -> ScalarSample.string(s, variant);
        };
    }

    /** The schema's own example, first {@code examples} item or default, as far as they are trusted. */
    private Optional<JsonNode> given(JsonNode s, String pointer) {
        if (trust == Trust.NONE) {
            return Optional.empty();
        }
        for (String key : new String[]{"example", "examples", "default"}) {
            JsonNode value = s.get(key);
            if (key.equals("examples")) {
                value = value != null && value.isArray() && !value.isEmpty() ? value.get(0) : null;
            }
            if (value == null) {
                continue;
            }
            if (trust == Trust.ALL) {
                return Optional.of(value);
            }
            if (pointer == null) {
                continue;
            }
            String at = pointer + "/" + key + (key.equals("examples") ? "/0" : "");
            List<Finding> broken = doc.validator().validate(pointer, value, doc.file());
            if (broken.isEmpty()) {
                return Optional.of(value);
            }
            brokenExamples.add(new Finding(doc.file(), at, (key.equals("default") ? "default" : "example")
                    + " breaks its schema: " + broken.get(0).message(), value.toString()));
        }
        return Optional.empty();
    }

    private static JsonNode choice(JsonNode values, int variant) {
        List<JsonNode> usable = new ArrayList<>();
        values.forEach(v -> {
            if (!v.isNull()) {
                usable.add(v);
            }
        });
        return usable.isEmpty() ? NODES.nullNode() : usable.get(variant % usable.size());
    }

    /**
     * A {@code oneOf}/{@code anyOf} branch: the first whose value passes the whole schema (the schema's own properties
     * merged in), its discriminator property named after the branch.
     */
    private JsonNode branch(JsonNode s, String kind, String pointer, int depth, int variant) {
        JsonNode branches = s.get(kind);
        JsonNode first = null;
        List<String> pointers = new ArrayList<>();
        List<JsonNode> built = new ArrayList<>();
        for (int i = 0; i < branches.size(); i++) {
            JsonNode b = branches.get(i);
            String ref = b.path("$ref").asText("");
            String branchPointer = ref.startsWith("#") ? Pointers.ofRef(ref) : pointer == null ? null : pointer + "/" + kind + "/" + i;
            JsonNode value = sample(b, branchPointer, depth + 1, variant, ref.isEmpty() ? null : ref.substring(ref.lastIndexOf('/') + 1));
            if (value instanceof ObjectNode object) {
                if (s.has("properties")) {
                    ObjectNode own = (ObjectNode) object(without(s, kind), pointer, depth, variant, null);
                    own.setAll(object);
                    object = own;
                }
                discriminate(s, ref, object);
                value = object;
            }
            if (first == null) {
                first = value;
            }
            if (pointer == null || branches.size() == 1 || doc.validator().validate(pointer, value, doc.file()).isEmpty()) {
                return value;
            }
            pointers.add(branchPointer);
            built.add(value);
        }
        if (kind.equals("oneOf") && !pointers.contains(null)) {
            for (int i = 0; i < built.size(); i++) {
                if (built.get(i) instanceof ObjectNode object) {
                    Optional<ObjectNode> alone = ExclusiveBranch.of(doc, s, pointer, pointers, i, object,
                            schema -> sample(schema, null, depth + 1, variant, null));
                    if (alone.isPresent()) {
                        return alone.get();
                    }
                }
            }
        }
        return first;
    }

    private static JsonNode without(JsonNode s, String key) {
        ObjectNode copy = ((ObjectNode) s).deepCopy();
        copy.remove(key);
        copy.remove("discriminator");
        return copy;
    }

    /** Sets the discriminator's property to the mapping name of the branch reached through {@code ref}. */
    private void discriminate(JsonNode s, String ref, ObjectNode value) {
        JsonNode discriminator = s.path("discriminator");
        String property = discriminator.path("propertyName").asText("");
        if (property.isEmpty() || ref.isEmpty()) {
            return;
        }
        String simple = ref.substring(ref.lastIndexOf('/') + 1);
        String name = simple;
        for (Iterator<Map.Entry<String, JsonNode>> it = discriminator.path("mapping").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> m = it.next();
            if (m.getValue().asText().equals(ref) || m.getValue().asText().equals(simple)) {
                name = m.getKey();
                break;
            }
        }
        value.put(property, name);
    }

    private String type(JsonNode s) {
        JsonNode t = s.path("type");
        if (t.isArray()) {
            for (JsonNode each : t) {
                if (!each.asText().equals("null")) {
                    return each.asText();
                }
            }
            return t.isEmpty() ? "string" : "null";
        }
        if (t.isTextual()) {
            return t.asText();
        }
        return s.has("properties") || s.has("additionalProperties") || s.has("required") ? "object"
                : s.has("items") || s.has("prefixItems") ? "array"
                : s.has("minimum") || s.has("maximum") || s.has("multipleOf") ? "number" : "string";
    }

    private JsonNode object(JsonNode s, String pointer, int depth, int variant, String refName) {
        ObjectNode out = NODES.objectNode();
        Set<String> required = new LinkedHashSet<>();
        s.path("required").forEach(n -> required.add(n.asText()));
        boolean growing = depth <= MAX_DEPTH && nodes < BUDGET;
        boolean all = required.isEmpty() && depth < FULL_DEPTH && growing;
        List<String> optional = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            if (response && doc.resolve(p.getValue()).path("writeOnly").asBoolean(false)) {
                writeOnlyLeftOut.add(p.getKey());
                continue;
            }
            if (required.contains(p.getKey()) || all) {
                out.set(p.getKey(), property(s, pointer, p.getKey(), depth, variant));
            } else {
                optional.add(p.getKey());
            }
        }
        for (String name : required) {
            if (!out.has(name) && !writeOnlyLeftOut.contains(name)) {
                out.set(name, extra(s, pointer, name, depth, variant));
            }
        }
        int least = s.path("minProperties").asInt(0);
        for (int i = 0; out.size() < least && i < optional.size(); i++) {
            out.set(optional.get(i), property(s, pointer, optional.get(i), depth, variant));
        }
        for (int i = 1; out.size() < least && i <= least + 1; i++) {
            String key = extraKey(s, i);
            if (!out.has(key)) {
                out.set(key, extra(s, pointer, key, depth, variant));
            }
        }
        if (s.path("maxProperties").isNumber()) {
            int most = s.path("maxProperties").asInt();
            List<String> names = new ArrayList<>();
            out.fieldNames().forEachRemaining(names::add);
            for (int i = names.size() - 1; i >= 0 && out.size() > most; i--) {
                if (!required.contains(names.get(i))) {
                    out.remove(names.get(i));
                }
            }
        }
        if (refName != null && s.path("discriminator").path("propertyName").isTextual()) {
            String property = s.path("discriminator").path("propertyName").asText();
            JsonNode allowed = doc.resolve(s.path("properties").path(property)).path("enum");
            ObjectNode mine = NODES.objectNode();
            discriminate(s, "#/components/schemas/" + refName, mine);
            JsonNode name = mine.get(property);
            JsonNode mapping = s.path("discriminator").path("mapping");
            boolean named = mapping.isEmpty() || !name.asText().equals(refName) || mapping.has(refName);
            boolean fits = named && (!allowed.isArray() || allowed.isEmpty() || contains(allowed, name));
            if (out.has(property) && fits) {
                out.set(property, name);
            }
        }
        return out;
    }

    private JsonNode property(JsonNode s, String pointer, String name, int depth, int variant) {
        JsonNode schema = s.path("properties").path(name);
        String at = pointer == null ? null : Pointers.append(pointer, "properties", name);
        return depth > MAX_DEPTH || nodes >= BUDGET ? shallow(schema) : sample(schema, at, depth + 1, variant, null);
    }

    /** A value without further objects and arrays, for where the value must stop growing. */
    private JsonNode shallow(JsonNode schema) {
        JsonNode s = doc.resolve(schema);
        String type = type(s);
        return type.equals("object") ? NODES.objectNode() : type.equals("array") ? NODES.arrayNode()
                : sample(s, null, MAX_DEPTH, 0, null);
    }

    /** A key {@code patternProperties} or {@code additionalProperties} allows. */
    private static String extraKey(JsonNode s, int i) {
        Iterator<String> patterns = s.path("patternProperties").fieldNames();
        if (patterns.hasNext()) {
            return PatternStrings.sample(patterns.next(), 1, Integer.MAX_VALUE, i - 1).orElse("key" + i);
        }
        return "key" + i;
    }

    /** The value of a property the schema does not list: by {@code patternProperties}, else {@code additionalProperties}. */
    private JsonNode extra(JsonNode s, String pointer, String key, int depth, int variant) {
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("patternProperties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            if (finds(p.getKey(), key)) {
                return sample(p.getValue(), pointer == null ? null : Pointers.append(pointer, "patternProperties", p.getKey()),
                        depth + 1, variant, null);
            }
        }
        JsonNode additional = s.path("additionalProperties");
        if (additional.isObject() && depth <= MAX_DEPTH) {
            return sample(additional, pointer == null ? null : pointer + "/additionalProperties", depth + 1, variant, null);
        }
        return NODES.textNode("string");
    }

    private JsonNode array(JsonNode s, String pointer, int depth, int variant) {
        ArrayNode out = NODES.arrayNode();
        int most = s.path("maxItems").isNumber() ? s.path("maxItems").asInt() : Integer.MAX_VALUE;
        int count = Math.min(most, Math.max(1, s.path("minItems").asInt(0)));
        if (depth > MAX_DEPTH || nodes >= BUDGET) {
            count = Math.min(count, s.path("minItems").asInt(0));
        }
        JsonNode prefix = s.path("prefixItems");
        boolean unique = s.path("uniqueItems").asBoolean(false);
        Set<JsonNode> seen = new HashSet<>();
        for (int i = 0; out.size() < count && i < count + 20; i++) {
            JsonNode item = i < prefix.size()
                    ? sample(prefix.get(i), pointer == null ? null : pointer + "/prefixItems/" + i, depth + 1, variant, null)
                    : sample(s.path("items"), pointer == null ? null : pointer + "/items", depth + 1,
                    unique ? variant + i : variant, null);
            if (!unique || seen.add(item)) {
                out.add(item);
            }
        }
        return out;
    }

    private static boolean finds(String pattern, String text) {
        try {
            return Pattern.compile(pattern).matcher(text).find();
        } catch (PatternSyntaxException e) {
            return false;
        }
    }

    private static boolean contains(JsonNode array, JsonNode value) {
        for (JsonNode n : array) {
            if (n.equals(value)) {
                return true;
            }
        }
        return false;
    }
}
