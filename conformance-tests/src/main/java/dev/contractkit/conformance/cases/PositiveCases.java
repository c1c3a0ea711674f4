package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.check.Pointers;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The requests an operation must accept: examples and defaults, required parameters only, numbers at their
 * bounds, seeded random values, the body in each other media type. A case the generator could not make valid is
 * left out with a note.
 */
final class PositiveCases {
    private final Contract contract;
    private final Schemas schemas;
    private final Values values;
    private final ValidDrafts drafts;
    private final UniqueNames names;
    private final RunCredentials credentials;
    private final int count;
    private final Set<String> notes;
    private final Set<String> creates = new HashSet<>();

    /**
     * @param count how many requests with seeded random values each operation gets
     * @param notes where to say what could not be done as asked
     */
    PositiveCases(Contract contract, Schemas schemas, Values values, ValidDrafts drafts, UniqueNames names,
                  RunCredentials credentials, int count, Set<String> notes) {
        this.contract = contract;
        this.schemas = schemas;
        this.values = values;
        this.drafts = drafts;
        this.names = names;
        this.credentials = credentials;
        this.count = count;
        this.notes = notes;
        Chains.of(contract.document()).forEach(c -> creates.add(c.create().operationId()));
    }


    /** @return the cases that are valid, labelled with what they vary */
    List<TestCase> of(Operation op, RequestDraft base, SplittableRandom random) {
        Map<String, RequestDraft> cases = new LinkedHashMap<>();
        cases.put("examples and defaults", base);
        RequestDraft required = base;
        for (Parameter p : Parameters.of(op)) {
            required = p.required() ? required : required.without(p);
        }
        cases.put("required parameters only", required);
        for (Parameter p : Parameters.of(op)) {
            JsonNode schema = schemas.resolve(contract.document().at(p.schemaPointer()));
            String type = Schemas.type(schema);
            if (type.equals("integer") || type.equals("number")) {
                Schemas.lower(schema, BigDecimal.ONE).ifPresent(lo ->
                        cases.put(p.name() + " at its minimum", base.with(p, number(lo, type))));
                Schemas.upper(schema, BigDecimal.ONE).ifPresent(hi ->
                        cases.put(p.name() + " at its maximum", base.with(p, number(hi, type))));
            }
        }
        for (int i = 1; i <= count; i++) {
            RequestDraft d = base.withBody(drafts.body(op, Optional.of(random)));
            for (Parameter p : Parameters.of(op)) {
                d = d.with(p, randomOrBaseline(op, p, base, random));
            }
            cases.put("random values #" + i, d);
        }
        inOtherMediaTypes(op, base).forEach(cases::put);
        List<TestCase> out = new ArrayList<>();
        cases.forEach((what, draft) -> {
            RequestDraft d = creates.contains(op.operationId()) && draft.body().isPresent()
                    ? draft.withBody(Optional.of(draft.body().get().with(names.unique(op, draft.body().get().value(), "positive"))))
                    : draft;
            if (valid(op, d, what)) {
                RelativeRequest call = credentials.call(op, d);
                out.add(new TestCase(RequestKind.POSITIVE, Optional.of(op), TestCase.label(op), what, call, Optional.empty()));
            }
        });
        return out;
    }

    /**
     * The baseline's body once in each other media type the operation declares that can carry an object (JSON,
     * form-encoded, multipart: one text part per field), so {@code media_type_acceptance} sees every declared
     * encoding accepted: the media type's own example, else the baseline's value. A form or multipart body leaves out
     * {@code null} fields (those encodings cannot say null); one left with no field is not sent.
     */
    private Map<String, RequestDraft> inOtherMediaTypes(Operation op, RequestDraft base) {
        Map<String, RequestDraft> out = new LinkedHashMap<>();
        if (base.body().isEmpty() || !base.body().get().value().isObject() || base.body().get().isMultipart()) {
            return out;
        }
        RequestDraft.Body body = base.body().get();
        String pointer = op.requestBody().orElseThrow();
        JsonNode content = contract.document().at(pointer).path("content");
        for (String media : ValidDrafts.fieldNames(content)) {
            RequestDraft.Body other = new RequestDraft.Body(drafts.concrete(content, media),
                    Pointers.append(pointer, "content", media, "schema"), body.value());
            if (other.mediaType().equals(body.mediaType()) || !(other.isJson() || other.isForm() || other.isMultipart())) {
                continue;
            }
            JsonNode own = contract.document().at(pointer).path("content").path(media).path("example");
            JsonNode value = (own.isObject() ? own : body.value()).deepCopy();
            if (!other.isJson()) {
                ((ObjectNode) value).properties().removeIf(f -> f.getValue().isNull());
            }
            if (!value.isEmpty()) {
                out.put("examples and defaults as " + media, base.withBody(Optional.of(other.with(value))));
            }
        }
        return out;
    }

    /** A random value, or the baseline's when the generator cannot meet the schema (e.g. a strict pattern). */
    private JsonNode randomOrBaseline(Operation op, Parameter p, RequestDraft base, SplittableRandom random) {
        JsonNode value = values.random(contract.document().at(p.schemaPointer()), random);
        RequestDraft.Value fallback = base.values().get(RequestDraft.key(p));
        boolean valid = contract.validator().validate(p.schemaPointer(), value, op.toString()).isEmpty();
        // an empty list or object travels as nothing (or an empty text): sent for a required parameter, the server
        // cannot tell it from one left out (iot1click's required tagKeys, an array without minItems)
        boolean absentOnTheWire = p.required() && value.isContainerNode() && value.isEmpty();
        return (valid && !absentOnTheWire) || fallback == null ? value : fallback.value();
    }

    private static JsonNode number(BigDecimal v, String type) {
        return type.equals("integer") ? LongNode.valueOf(v.longValue()) : DecimalNode.valueOf(v);
    }

    private boolean valid(Operation op, RequestDraft d, String what) {
        if (d.body().isEmpty() && op.requestBody().isPresent()
                && contract.document().at(op.requestBody().get()).path("required").asBoolean(false)) {
            // spoonacular: its required body only under an empty media type key (a document problem): no valid
            // request can be sent, and a refusal of one without its body is right
            notes.add(op + ": could not build a valid request (its required body has no media type it can be sent in; "
                    + what + "); that case was left out");
            return false;
        }
        for (RequestDraft.Value v : d.values().values()) {
            if (!contract.validator().validate(v.parameter().schemaPointer(), v.value(), op.toString()).isEmpty()) {
                notes.add(op + ": could not build a valid value for " + v.parameter().in() + " parameter '"
                        + v.parameter().name() + "' (" + what + "); that case was left out");
                return false;
            }
        }
        if (d.body().isPresent() && (d.body().get().isJson() || d.body().get().isForm())
                && !contract.validator().validate(d.body().get().schemaPointer(),
                d.body().get().value(), op.toString()).isEmpty()) {
            notes.add(op + ": could not build a valid request body (" + what + "); that case was left out");
            return false;
        }
        return true;
    }
}
