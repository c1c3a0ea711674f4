package dev.contractkit.mock.http;

import dev.contractkit.specs.check.ContractDocument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The operations of one API's documents, by the ids the control and verification APIs take. An API may have
 * several documents sharing operation ids (codehost: {@code codehost-v4.yaml} and {@code codehost-v5.yaml} both
 * name {@code getRunner}), so an id names every operation of that id in every document, and a document-qualified
 * id ({@code codehost-v4#getRunner}: the file name without its extension, {@code #}, the id) names one.
 */
public final class OperationIds {
    private final Map<ContractDocument, String> names = new LinkedHashMap<>();
    private final List<ContractDocument.Operation> operations = new ArrayList<>();
    private final List<PathTemplate> paths = new ArrayList<>();

    /** @param docs the API's documents, in the order it serves them */
    public OperationIds(List<ContractDocument> docs) {
        Set<String> taken = new LinkedHashSet<>();
        for (ContractDocument doc : docs) {
            String base = doc.file().replaceFirst(".*[/\\\\]", "").replaceFirst("\\.(ya?ml|json)$", "");
            names.put(doc, taken.add(base) ? base : doc.file()); // two files of one name: the path tells them apart
            for (ContractDocument.Operation op : doc.operations()) {
                operations.add(op);
                paths.add(PathTemplate.parse(op.path()));
            }
        }
    }

    /** @return the document's name in qualified ids, e.g. {@code codehost-v4} */
    public String document(ContractDocument doc) {
        return names.getOrDefault(doc, doc.file());
    }

    /** @return {@code codehost-v4#getRunner} */
    public String qualified(ContractDocument.Operation op) {
        return document(op.document()) + "#" + op.operationId();
    }

    /** @return true when the API has several documents (ids may then name more than one operation) */
    public boolean several() {
        return names.size() > 1;
    }

    /**
     * @param id an operation id (every document's operation of that id) or a document-qualified one (that one)
     * @return the operations it names, in document order
     * @throws IllegalArgumentException naming the known ids when it names none
     */
    public List<ContractDocument.Operation> resolve(String id) {
        List<ContractDocument.Operation> found = operations.stream().filter(op -> op.operationId().equals(id)).toList();
        if (found.isEmpty()) {
            found = operations.stream().filter(op -> qualified(op).equals(id)).toList();
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException("no operation '" + id + "'; known: " + String.join(", ", known()));
        }
        return found;
    }

    /** @return the ids this API knows: its operation ids, then (several documents) the qualified ones */
    public List<String> known() {
        Set<String> out = new LinkedHashSet<>();
        operations.forEach(op -> out.add(op.operationId()));
        if (several()) {
            operations.forEach(op -> out.add(qualified(op)));
        }
        return List.copyOf(out);
    }

    /**
     * @return the operation a request reaches, as the contract's expectations route it: the most specific template
     * matching the path ({@link PathTemplate#SPECIFIC_FIRST}: {@code /runners/all} before {@code /runners/{id}}),
     * then its operation of that method (none: the request was refused with 405)
     */
    public Optional<ContractDocument.Operation> answering(String method, String path) {
        Optional<PathTemplate> best = paths.stream().filter(t -> t.pattern().matcher(path).matches())
                .min(PathTemplate.SPECIFIC_FIRST);
        if (best.isEmpty()) {
            return Optional.empty();
        }
        for (int i = 0; i < operations.size(); i++) {
            if (operations.get(i).method().equalsIgnoreCase(method) && paths.get(i).template().equals(best.get().template())) {
                return Optional.of(operations.get(i));
            }
        }
        return Optional.empty();
    }
}
