package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.DocumentProblem;
import dev.contractkit.conformance.cases.DocumentScan;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Pointers;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a verdict that is the document's fault from one that is the implementation's. An answer whose failing
 * value is exactly the value of one of the document's own examples, failing its schema the same way (an
 * implementation, a mock above all, answering what the document shows), is a {@link DocumentProblem}: the
 * implementation did what the document says, and the document contradicts itself. Only examples that belong to the
 * answer's response count: its media type's, or those of a schema that its schema reaches. And in a document without
 * the kit's dialect, a value that several {@code oneOf} branches take, where the document says nothing that tells
 * them apart (influxdata's dashboards: one branch's every value is one of the other's too), is the document's
 * overlap, not the implementation's fault: no answer could pass it. The kit's own contracts keep it a violation.
 */
public final class DocumentFaults {
    private static final String BODY = Exchange.BODY;
    /** networknt's message for a value that several {@code oneOf} branches take. */
    private static final Pattern OVERLAP = Pattern.compile("valid to one and only one schema, but (\\d+) are valid");

    private final ContractDocument doc;
    private final DocumentScan scan;
    private final Map<String, Set<String>> reach = new HashMap<>();

    public DocumentFaults(ContractDocument doc) {
        this.doc = doc;
        this.scan = DocumentScan.of(doc);
    }

    public DocumentScan scan() {
        return scan;
    }

    /**
     * @param check   the check that failed
     * @param e       the exchange
     * @param problem one of its problems
     * @return the document problem that explains it, seen at that request; empty when it is the implementation's
     */
    public Optional<DocumentProblem> explains(Check check, Exchange e, Verdict.Problem problem) {
        if (check != Check.RESPONSE_SCHEMA_CONFORMANCE && check != Check.ERROR_ENVELOPE
                || !problem.pointer().startsWith(BODY)) {
            return Optional.empty();
        }
        Optional<String> response = e.declaredResponse();
        Optional<String> media = response.flatMap(r -> e.contract().declaredMedia(r, e.mediaType())
                .or(() -> e.contract().mediaTypes(r).stream().findFirst()))
                .map(m -> Pointers.append(response.get(), "content", m));
        if (media.isEmpty()) {
            return Optional.empty();
        }
        Matcher overlap = OVERLAP.matcher(problem.message());
        if (!e.contract().usesKitDialect() && overlap.find()) {
            return Optional.of(new DocumentProblem(doc.file(), media.get() + "/schema", problem.value(),
                    "oneOf branches that overlap: " + overlap.group(1) + " of them take the value at "
                            + problem.pointer() + " (read as anyOf, which is likely meant, the value passes)",
                    check.key() + " " + e.testCase().label() + ": " + e.request() + " -> " + e.status()));
        }
        if (scan.brokenExamples().isEmpty()) {
            return Optional.empty();
        }
        Set<String> owners = reachable(media.get());
        String own = doc.resolvePointer(media.get());
        // the media type's own example first, then those of the schemas it reaches
        return scan.brokenExamples().stream().filter(b -> b.owner().equals(own)).filter(b -> same(b, problem))
                .findFirst()
                .or(() -> scan.brokenExamples().stream().filter(b -> owners.contains(b.owner()))
                        .filter(b -> same(b, problem)).findFirst())
                .map(b -> b.where().seenAt(check.key() + " " + e.testCase().label() + ": " + e.request() + " -> "
                        + e.status()));
    }

    /** The same finding: message and value equal, the answer's place ending with the example's place. */
    private static boolean same(DocumentScan.BrokenExample b, Verdict.Problem problem) {
        Verdict.Problem p = b.problem();
        return p.message().equals(problem.message()) && p.value().equals(problem.value())
                && problem.pointer().endsWith(p.pointer());
    }

    /** @return the media type object and every schema its schema reaches (pointers, {@code $ref}s followed) */
    private Set<String> reachable(String media) {
        return reach.computeIfAbsent(media, m -> {
            Set<String> out = new HashSet<>();
            out.add(doc.resolvePointer(m));
            Deque<String> todo = new ArrayDeque<>();
            todo.add(m + "/schema");
            while (!todo.isEmpty()) {
                String p = todo.pop();
                JsonNode s = doc.at(p);
                if (s.has("$ref") && s.get("$ref").asText().startsWith("#")) {
                    todo.add(Pointers.ofRef(s.get("$ref").asText()));
                    continue;
                }
                if (!s.isContainerNode() || !out.add(p)) {
                    continue;
                }
                s.properties().forEach(f -> {
                    if (f.getValue().isContainerNode() && !f.getKey().equals("example") && !f.getKey().equals("enum")
                            && !f.getKey().equals("default") && !f.getKey().equals("const")) {
                        todo.add(Pointers.append(p, f.getKey()));
                    }
                });
                for (int i = 0; s.isArray() && i < s.size(); i++) {
                    todo.add(p + "/" + i);
                }
            }
            return out;
        });
    }
}
