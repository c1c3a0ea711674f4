package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.dialect.Emits;
import dev.contractkit.specs.dialect.State;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The create → read → update → delete chains a contract declares, for the stateful checks
 * ({@code ensure_resource_availability}, {@code use_after_free}, {@code state_transitions}).
 *
 * <p>Two sources, in this order:
 * <ol>
 *   <li>OpenAPI {@code links} on a 2xx response of a {@code POST}: each link names an operation and passes it a
 *   value of the response ({@code $response.body#/id}); the linked {@code GET} reads, {@code PUT}/{@code PATCH}
 *   updates and {@code DELETE} deletes.</li>
 *   <li>the kit's {@code x-kit-state} (the same declaration the mock's {@code --stateful} mode follows): the
 *   {@code create}, {@code read}, {@code update} and {@code delete} of one {@code resource}; the id is the
 *   answer's {@code id}, or the first of its {@code ids} list.</li>
 * </ol>
 * A delete is soft when its {@code x-kit-state} says {@code soft: {field: value}}: the resource then still reads,
 * showing those values. A create's {@code x-kit-emits} names the message it sends on the API's channel.
 */
public final class Chains {
    private static final String BODY = "$response.body#";

    private Chains() {
    }

    /**
     * One declared chain.
     *
     * @param create     the operation that creates the resource (its example body is sent)
     * @param idPointer  where the create's answer holds the new id, e.g. {@code /id}
     * @param idParam    the path parameter of read, update and delete that takes the id
     * @param read       reads it back
     * @param update     changes it (its example body is sent), if declared
     * @param delete     deletes it, if declared
     * @param softDelete what a read shows after a soft delete; empty: the delete is hard (then 404)
     * @param emits      the message (its {@code type}) the create sends on the API's channel, if declared
     * @param source     where the chain was declared, for messages
     */
    public record Chain(Operation create, String idPointer, String idParam, Operation read, Optional<Operation> update,
                 Optional<Operation> delete, Optional<ObjectNode> softDelete, Optional<String> emits, String source) {

        public String name() {
            return create.operationId() + " → " + read.operationId()
                    + update.map(u -> " → " + u.operationId()).orElse("")
                    + delete.map(d -> " → " + d.operationId() + " → " + read.operationId()).orElse("");
        }
    }

    /** @return every chain of the document; a create with links gives the chain, else its {@code x-kit-state} */
    public static List<Chain> of(ContractDocument doc) {
        List<Chain> out = new ArrayList<>();
        Set<String> creates = new LinkedHashSet<>();
        for (Operation op : doc.operations()) {
            fromLinks(doc, op).ifPresent(c -> {
                out.add(c);
                creates.add(op.operationId());
            });
        }
        for (Chain c : fromState(doc)) {
            if (!creates.contains(c.create().operationId())) {
                out.add(c);
            }
        }
        return out;
    }

    private static Optional<Chain> fromLinks(ContractDocument doc, Operation create) {
        if (!create.method().equals("POST")) {
            return Optional.empty();
        }
        for (Map.Entry<String, String> response : create.responses().entrySet()) {
            if (!response.getKey().startsWith("2")) {
                continue;
            }
            Map<String, Operation> byMethod = new LinkedHashMap<>();
            String idPointer = null;
            String idParam = null;
            for (Iterator<Map.Entry<String, JsonNode>> it = doc.at(response.getValue()).path("links").fields(); it.hasNext(); ) {
                JsonNode link = doc.resolve(it.next().getValue());
                Optional<Operation> target = doc.operation(link.path("operationId").asText(""));
                if (target.isEmpty()) {
                    continue;
                }
                for (Iterator<Map.Entry<String, JsonNode>> ps = link.path("parameters").fields(); ps.hasNext(); ) {
                    Map.Entry<String, JsonNode> p = ps.next();
                    String expression = p.getValue().asText("");
                    if (expression.startsWith(BODY) && isPathParameter(target.get(), p.getKey())) {
                        idPointer = idPointer == null ? expression.substring(BODY.length()) : idPointer;
                        idParam = idParam == null ? p.getKey() : idParam;
                        String method = target.get().method().equals("PATCH") ? "PUT" : target.get().method();
                        byMethod.putIfAbsent(method, target.get());
                    }
                }
            }
            // a create makes a new resource: it does not itself take the id (POST /geo_nodes/{id}/repair is no create)
            if (byMethod.containsKey("GET") && !create.path().contains("{" + idParam + "}")) {
                return Optional.of(chain(create, idPointer, idParam, byMethod.get("GET"),
                        Optional.ofNullable(byMethod.get("PUT")), Optional.ofNullable(byMethod.get("DELETE")),
                        "OpenAPI links of " + create.operationId() + " " + response.getKey()));
            }
        }
        return Optional.empty();
    }

    private static List<Chain> fromState(ContractDocument doc) {
        Map<String, Map<String, Operation>> resources = new LinkedHashMap<>();
        for (Operation op : doc.operations()) {
            State.of(op.node()).ifPresent(state -> resources.computeIfAbsent(state.resource(), r -> new LinkedHashMap<>())
                    .putIfAbsent(state.action(), op));
        }
        List<Chain> out = new ArrayList<>();
        resources.forEach((resource, actions) -> {
            Operation create = actions.get("create");
            Operation read = actions.get("read");
            if (create == null || read == null) {
                return;
            }
            String idPointer = State.of(create.node()).flatMap(State::ids).map(ids -> "/" + ids + "/0").orElse("/id");
            Optional<String> idParam = lastPathParameter(read);
            idParam.ifPresent(p -> out.add(chain(create, idPointer, p, read, Optional.ofNullable(actions.get("update")),
                    Optional.ofNullable(actions.get("delete")), "x-kit-state of resource '" + resource + "'")));
        });
        return out;
    }

    private static Chain chain(Operation create, String idPointer, String idParam, Operation read,
                               Optional<Operation> update, Optional<Operation> delete, String source) {
        Optional<ObjectNode> soft = delete.flatMap(d -> State.of(d.node())).flatMap(State::soft);
        Optional<String> emits = Emits.of(create.node()).single();
        return new Chain(create, idPointer, idParam, read, update, delete, soft, emits, source);
    }

    private static boolean isPathParameter(Operation op, String name) {
        return op.parameters().stream().anyMatch(p -> p.in().equals("path") && p.name().equals(name));
    }

    private static Optional<String> lastPathParameter(Operation op) {
        List<Parameter> path = op.parameters().stream().filter(p -> p.in().equals("path")).toList();
        if (path.isEmpty()) {
            return Optional.empty();
        }
        String template = op.path();
        return path.stream().max((a, b) -> Integer.compare(template.indexOf("{" + a.name() + "}"),
                template.indexOf("{" + b.name() + "}"))).map(Parameter::name);
    }
}
