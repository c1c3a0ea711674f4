package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** Local {@code $ref}s whose target is missing: checked the same way in OpenAPI and AsyncAPI documents. */
final class DanglingRefs {
    private DanglingRefs() {
    }

    /**
     * @param doc any contract
     * @return one finding per local {@code $ref} that points nowhere, at the pointer of the {@code $ref}
     */
    static List<Finding> of(ContractDocument doc) {
        return below(doc, doc.root(), "");
    }

    private static List<Finding> below(ContractDocument doc, JsonNode node, String pointer) {
        List<Finding> out = new ArrayList<>();
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith("#")
                    && doc.at(Pointers.ofRef(ref.asText())).isMissingNode()) {
                out.add(new Finding(doc.file(), pointer + "/$ref", "$ref target does not exist", ref.toString()));
            }
            node.fields().forEachRemaining(e ->
                    out.addAll(below(doc, e.getValue(), Pointers.append(pointer, e.getKey()))));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                out.addAll(below(doc, node.get(i), pointer + "/" + i));
            }
        }
        return out;
    }
}
