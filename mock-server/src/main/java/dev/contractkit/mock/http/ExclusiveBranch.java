package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Pointers;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A {@code oneOf} value made valid for its own branch alone, where branches overlap (influxdata's dashboard cells,
 * telnyx's detail records, digitallocker's errors: one branch is the other plus optional properties). A value built
 * for branch <i>i</i> that branch <i>j</i> takes too is changed, one property at a time, until only <i>i</i> takes
 * it: a property <i>j</i> requires and <i>i</i> does not is left out; else a property <i>j</i> declares and <i>i</i>
 * does not is given a value <i>j</i> refuses (where <i>i</i> allows other properties); else a property <i>i</i>
 * declares and the value lacks is added where <i>j</i> refuses it. When no change separates
 * them, every value of <i>i</i> is one of <i>j</i> too: the document's fault, which the caller reports.
 */
final class ExclusiveBranch {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<JsonNode> FOREIGN = List.of(NODES.numberNode(0), NODES.textNode("x"),
            NODES.booleanNode(true), NODES.arrayNode(), NODES.objectNode());

    private final ContractDocument doc;
    private final JsonNode parent;
    private final String pointer;
    private final List<String> branchPointers;
    private final UnaryOperator<JsonNode> sampler;

    private ExclusiveBranch(ContractDocument doc, JsonNode parent, String pointer, List<String> branchPointers,
            UnaryOperator<JsonNode> sampler) {
        this.doc = doc;
        this.parent = parent;
        this.pointer = pointer;
        this.branchPointers = branchPointers;
        this.sampler = sampler;
    }

    /**
     * @param doc            the document
     * @param parent         the schema holding the {@code oneOf}
     * @param pointer        its pointer
     * @param branchPointers each branch's pointer, in order
     * @param chosen         the branch the value was built for
     * @param value          that value (not changed)
     * @param sampler          builds a value for a property's schema
     * @return a changed copy that the whole schema takes, or empty when no change of one property at a time gives one
     */
    static Optional<ObjectNode> of(ContractDocument doc, JsonNode parent, String pointer, List<String> branchPointers,
            int chosen, ObjectNode value, UnaryOperator<JsonNode> sampler) {
        return new ExclusiveBranch(doc, parent, pointer, branchPointers, sampler).separate(chosen, value.deepCopy());
    }

    private Optional<ObjectNode> separate(int chosen, ObjectNode value) {
        String own = branchPointers.get(chosen);
        for (int step = 0; step < 4 * branchPointers.size(); step++) {
            if (takes(pointer, value)) {
                return Optional.of(value);
            }
            if (!takes(own, value)) {
                return Optional.empty();
            }
            int other = other(chosen, value);
            if (other < 0 || !(leaveOut(chosen, other, value) || refuse(chosen, other, value) || add(chosen, other, value))) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** @return another branch that takes the value, or -1 */
    private int other(int chosen, ObjectNode value) {
        for (int j = 0; j < branchPointers.size(); j++) {
            if (j != chosen && takes(branchPointers.get(j), value)) {
                return j;
            }
        }
        return -1;
    }

    /** Leaves out a property the other branch requires and this one does not. */
    private boolean leaveOut(int chosen, int other, ObjectNode value) {
        Set<String> mine = names(shape(chosen).path("required"));
        mine.addAll(names(parent.path("required")));
        mine.add(parent.path("discriminator").path("propertyName").asText(""));
        for (String name : names(shape(other).path("required"))) {
            if (value.has(name) && !mine.contains(name)) {
                ObjectNode copy = value.deepCopy();
                copy.remove(name);
                if (takes(branchPointers.get(chosen), copy)) {
                    value.remove(name);
                    return true;
                }
            }
        }
        return false;
    }

    /** Gives a property the other branch declares, and this one does not, a value the other branch refuses. */
    private boolean refuse(int chosen, int other, ObjectNode value) {
        ObjectNode mine = shape(chosen);
        if (mine.path("additionalProperties").isBoolean() && !mine.path("additionalProperties").asBoolean()) {
            return false;
        }
        for (var it = shape(other).path("properties").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (mine.path("properties").has(name) || parent.path("properties").has(name)) {
                continue;
            }
            for (JsonNode foreign : FOREIGN) {
                ObjectNode copy = value.deepCopy();
                copy.set(name, foreign);
                if (!takes(branchPointers.get(other), copy) && takes(branchPointers.get(chosen), copy)) {
                    value.set(name, foreign);
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Adds a property this branch declares and the value lacks, built for this branch's schema of it, where the other
     * branch refuses it (influxdata's variable properties: each branch an optional {@code type} of its own enum).
     */
    private boolean add(int chosen, int other, ObjectNode value) {
        for (var it = shape(chosen).path("properties").properties().iterator(); it.hasNext(); ) {
            var property = it.next();
            if (value.has(property.getKey())) {
                continue;
            }
            ObjectNode copy = value.deepCopy();
            copy.set(property.getKey(), sampler.apply(property.getValue()));
            if (!takes(branchPointers.get(other), copy) && takes(branchPointers.get(chosen), copy)) {
                value.set(property.getKey(), copy.get(property.getKey()));
                return true;
            }
        }
        return false;
    }

    /** A branch's schema with its {@code allOf} parts merged (its properties, required and additionalProperties). */
    private ObjectNode shape(int branch) {
        String p = branchPointers.get(branch);
        JsonNode s = doc.at(p);
        for (int hops = 0; hops < 20 && s.has("$ref") && s.get("$ref").asText().startsWith("#"); hops++) {
            p = Pointers.ofRef(s.get("$ref").asText());
            s = doc.at(p);
        }
        return s.isObject() ? SchemaMerge.merge(doc, s, p) : NODES.objectNode();
    }

    private boolean takes(String schemaPointer, JsonNode value) {
        return doc.validator().validate(schemaPointer, value, doc.file()).isEmpty();
    }

    private static Set<String> names(JsonNode array) {
        Set<String> names = new HashSet<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }
}
