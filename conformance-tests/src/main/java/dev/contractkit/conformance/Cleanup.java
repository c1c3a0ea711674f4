package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Chains;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Transport;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.dialect.State;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the run created, and how to remove it: every {@code POST} that answered 2xx with the new resource's id
 * ({@code id} in the body, or the place its declared chain names; every id of an {@code x-kit-state ids} list)
 * is remembered with the {@code DELETE} of the same collection ({@code POST /things} ↔
 * {@code DELETE /things/{id}}, or the chain's delete). Before the run ends, and from a shutdown hook when it is
 * interrupted, the deletes are sent, newest first. A create without a delete is named in a note.
 */
final class Cleanup {
    /** One resource to delete. */
    private record Created(Contract contract, TestCase delete, String what) {
    }

    private final List<Created> created = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final Map<String, Boolean> undeletable = new LinkedHashMap<>();
    private boolean done;

    /**
     * Remembers what the exchange created, if anything.
     *
     * @param cases the contract's cases (they place the credential on the delete)
     */
    synchronized void record(Contract contract, CaseGenerator cases, Exchange e) {
        Optional<Operation> op = e.testCase().operation();
        if (done || op.isEmpty() || !op.get().method().equals("POST") || e.status() < 200 || e.status() >= 300) {
            return;
        }
        Optional<Delete> delete = deleteFor(contract.document(), op.get());
        if (delete.isEmpty()) {
            if (creates(op.get()) && undeletable.putIfAbsent(op.get().operationId(), true) == null) {
                notes.add(op.get() + " created a resource the contract declares no delete for; it was left on the server");
            }
            return;
        }
        JsonNode body;
        try {
            body = e.json();
        } catch (IOException | RuntimeException ex) {
            return;
        }
        List<JsonNode> ids = new ArrayList<>();
        JsonNode listed = delete.get().ids().map(body::path).orElse(null);
        if (listed != null && listed.isArray()) {
            listed.forEach(ids::add);
        } else if (body.at(delete.get().idPointer()).isValueNode()) {
            ids.add(body.at(delete.get().idPointer()));
        }
        for (JsonNode id : ids) {
            // the collection's own path values (a project's id ...) as the create had them, then the new id
            Map<String, JsonNode> values = new LinkedHashMap<>();
            e.testCase().call().pathValues().forEach((k, v) -> values.put(k, TextNode.valueOf(v)));
            values.put(delete.get().idParam(), id);
            TestCase c = cases.scenario(delete.get().op(), values, Optional.empty(),
                    "clean-up: " + op.get().operationId() + " created " + id);
            created.add(new Created(contract, c, delete.get().op().operationId() + " " + id));
        }
    }

    /** @return how many resources are waiting for their delete */
    synchronized int pending() {
        return created.size();
    }

    /**
     * Sends every delete (newest first), once: a second call does nothing.
     *
     * @return notes on what could not be removed
     */
    synchronized List<String> run(String baseUrl, Duration timeout) {
        if (done) {
            return List.of();
        }
        done = true;
        List<String> out = new ArrayList<>(notes);
        try (Transport transport = new Transport(baseUrl, timeout)) {
            for (int i = created.size() - 1; i >= 0; i--) {
                Created c = created.get(i);
                try {
                    Exchange e = transport.send(c.contract(), c.delete());
                    // 404/410: gone already (a chain deleted it, or a test deleted it)
                    if ((e.status() < 200 || e.status() >= 300) && e.status() != 404 && e.status() != 410) {
                        out.add("clean-up: " + c.what() + " answered " + e.status() + "; the resource may be left");
                    }
                } catch (IOException | IllegalArgumentException ex) {
                    out.add("clean-up: " + c.what() + ": no response (" + ex + "); the resource may be left");
                }
            }
        }
        return out;
    }

    /** Where a create's resource is deleted. */
    private record Delete(Operation op, String idParam, String idPointer, Optional<String> ids) {
    }

    private static boolean creates(Operation op) {
        return op.responses().containsKey("201") || State.of(op.node()).filter(State::creates).isPresent();
    }

    private static Optional<Delete> deleteFor(ContractDocument doc, Operation create) {
        for (Chains.Chain chain : Chains.of(doc)) {
            if (chain.create().operationId().equals(create.operationId()) && chain.delete().isPresent()) {
                Optional<String> ids = State.of(create.node()).flatMap(State::ids);
                return Optional.of(new Delete(chain.delete().get(), chain.idParam(),
                        ids.isPresent() ? "/id" : chain.idPointer(), ids));
            }
        }
        if (!creates(create)) {
            return Optional.empty();
        }
        for (Operation op : doc.operations()) {
            String rest = op.path().startsWith(create.path() + "/{") ? op.path().substring(create.path().length() + 2) : "";
            if (op.method().equals("DELETE") && !rest.isEmpty() && rest.indexOf('}') == rest.length() - 1 && !rest.contains("/")) {
                String param = rest.substring(0, rest.length() - 1);
                // the body's own field of that name, else its id when the parameter is an id (not an iid)
                String pointer = param.equals("id") || param.endsWith("Id") || (param.endsWith("_id") && !param.endsWith("iid"))
                        ? "/id" : "/" + param;
                return Optional.of(new Delete(op, param, pointer, Optional.empty()));
            }
        }
        return Optional.empty();
    }
}
