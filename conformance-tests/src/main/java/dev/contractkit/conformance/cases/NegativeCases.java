package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.check.Pointers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The requests an operation must refuse, each breaking one rule of the contract: a parameter value its schema
 * rejects, a required parameter or body left out, a body property broken, a JSON body cut short.
 */
final class NegativeCases {
    private static final int MAX_BODY_MUTATIONS = 40;

    private final Contract contract;
    private final Values values;
    private final Mutations mutations;
    private final RunCredentials credentials;

    NegativeCases(Contract contract, Values values, Mutations mutations, RunCredentials credentials) {
        this.contract = contract;
        this.values = values;
        this.mutations = mutations;
        this.credentials = credentials;
    }

    /** @return the cases, each naming where the request breaks the contract */
    List<TestCase> of(Operation op, RequestDraft base, SplittableRandom random) {
        List<TestCase> out = new ArrayList<>();
        List<String> credentialPlaces = credentials.placer().namesUsed(op);
        for (Parameter p : Parameters.of(op)) {
            if (credentialPlaces.contains(p.in() + ":" + p.name().toLowerCase(Locale.ROOT))) {
                continue; // the operation's credential travels there: ignored_auth judges it, not a broken parameter
            }
            String at = Pointers.append("/request", p.in(), p.name());
            JsonNode schema = contract.document().at(p.schemaPointer());
            if (schema.isMissingNode()) {
                continue;
            }
            RequestDraft.Value current = base.values().get(RequestDraft.key(p));
            JsonNode valid = current != null ? current.value() : values.canonical(schema);
            for (Mutations.Mutation m : mutations.of(schema, valid, random, true)) {
                // an object's or a list's value is broken inside it (telnyx's filter[status]: its 'value' property
                // not in the enum), the rest of it sent as it was
                JsonNode broken = m.applyTo(valid);
                boolean emptyPath = p.in().equals("path") && RequestDraft.text(broken).isEmpty();
                // an empty list or object travels as nothing (exploded) or as an empty text: a server cannot tell it
                // from a parameter left out, which an optional one may be (a required one left out is its own case)
                boolean empty = broken.isContainerNode() && broken.isEmpty();
                if (!emptyPath && !empty && !broken.isMissingNode()
                        && !contract.validator().validate(p.schemaPointer(), broken, op.toString()).isEmpty()) {
                    out.add(negativeCase(op, base.with(p, broken), at, broken, p.name() + " " + m.reason()));
                }
            }
            if (p.required() && !p.in().equals("path")) {
                out.add(negativeCase(op, base.without(p), at, MissingNode.getInstance(),
                        "required " + p.in() + " parameter '" + p.name() + "' missing"));
            }
        }
        if (op.method().equals("GET") || op.method().equals("HEAD")) {
            // a body on GET or HEAD has no defined meaning (RFC 9110 9.3.1; OpenAPI 3.0 does not support it, meshery
            // declares one): a server that ignores it is right, so a broken one is no verdict
            return out;
        }
        base.body().filter(b -> b.isJson() || b.isForm()).ifPresent(b -> out.addAll(bodyMutations(op, base, b, random)));
        base.body().filter(RequestDraft.Body::isJson).ifPresent(b -> out.add(malformed(op, base, b)));
        if (base.body().isPresent() && contract.document().at(op.requestBody().orElseThrow()).path("required").asBoolean()) {
            out.add(negativeCase(op, base.withBody(Optional.empty()), "/request/body", MissingNode.getInstance(),
                    "required request body missing"));
        }
        return out;
    }

    private List<TestCase> bodyMutations(Operation op, RequestDraft base, RequestDraft.Body body, SplittableRandom random) {
        List<TestCase> out = new ArrayList<>();
        JsonNode schema = contract.document().at(body.schemaPointer());
        for (Mutations.Mutation m : mutations.of(schema, body.value(), random, body.isForm())) {
            JsonNode mutated = m.applyTo(body.value());
            if (out.size() < MAX_BODY_MUTATIONS
                    && !contract.validator().validate(body.schemaPointer(), mutated, op.toString()).isEmpty()) {
                RequestDraft d = base.withBody(Optional.of(body.with(mutated)));
                out.add(negativeCase(op, d, "/request/body" + m.pointer(), m.value(), "body " + m.reason()));
            }
        }
        return out;
    }

    /** The example body with its last character cut off: not JSON at all, whatever parser the server uses. */
    private TestCase malformed(Operation op, RequestDraft base, RequestDraft.Body body) {
        RelativeRequest c = credentials.call(op, base);
        String text = body.text();
        String broken = text.substring(0, Math.max(0, text.length() - 1));
        RelativeRequest call = new RelativeRequest(c.method(), c.template(), c.pathValues(), c.query(), c.headers(),
                Optional.of(new RelativeRequest.Body(body.mediaType(), broken)));
        String reason = "body is malformed JSON (truncated)";
        return new TestCase(RequestKind.NEGATIVE, Optional.of(op), TestCase.label(op), reason, call,
                Optional.of(new TestCase.Negation("/request/body", TextNode.valueOf(
                        Excerpts.abbreviate(broken)), reason)));
    }

    private TestCase negativeCase(Operation op, RequestDraft d, String pointer, JsonNode value, String reason) {
        RelativeRequest call = credentials.call(op, d);
        return new TestCase(RequestKind.NEGATIVE, Optional.of(op), TestCase.label(op), reason, call,
                Optional.of(new TestCase.Negation(pointer, value, reason)));
    }
}
