package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.Emits;
import dev.contractkit.specs.dialect.State;
import dev.contractkit.specs.check.Finding;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.rules.RequestFields;

/**
 * What one operation does in {@code --stateful} mode, as its {@code x-kit-state} says:
 * {@code {resource: coupons, action: create|read|list|update|delete, id: id, items: coupons, initial: {...},
 * soft: {active: false}}}. Creates keep the request's fields (plus {@code initial}, a generated id and
 * timestamps) over the success example; reads, updates and deletes find the item by the last path parameter
 * (404 with the contract's example when there is none); lists show the stored items, filtered by query
 * parameters named like item fields and paged by {@code limit}/{@code offset}. Every answer is projected onto
 * the response schema and validated against it before it is sent. An operation of a document without any
 * {@code x-kit-state} that belongs to a plain collection ({@link CrudShape}) behaves as if it declared one.
 */
public final class StatefulOperation {
    private static final Pattern LAST_PARAMETER = Pattern.compile(".*\\{([^}]+)}");
    private static final Pattern STAMPS = Pattern.compile("(created|updated)(_at|At)");
    private static final Pattern DELETED_STAMP = Pattern.compile("deleted(_at|At)");

    private final ContractDocument doc;
    private final ContractDocument.Operation operation;
    private final DeclaredResponses responses;
    private final ErrorReplies errors;
    private final InMemoryResources store;
    private final Clock clock;
    private final String resource;
    private final String action;
    private final String idField;
    private final String itemsField;
    private final JsonNode initial;
    private final Optional<ObjectNode> soft;
    private final int status;
    private final String mediaType;
    private final String schema;
    private final JsonNode example;
    private final Optional<String> idParameter;
    private final String idsField;
    private final boolean noContent;
    private final WriteEvents events;
    private final MockState.EventSink sink;

    private StatefulOperation(ContractDocument.Operation operation, State config, DeclaredResponses responses,
                              ErrorReplies errors, InMemoryResources store, Clock clock, MockState.EventSink sink) {
        this.events = WriteEvents.of(Emits.of(operation.node()));
        this.sink = sink;
        this.doc = operation.document();
        this.operation = operation;
        this.responses = responses;
        this.errors = errors;
        this.store = store;
        this.clock = clock;
        this.resource = config.resource();
        this.action = config.action();
        this.idField = config.id();
        this.itemsField = config.items();
        this.initial = config.initial();
        this.idsField = config.ids().orElse("");
        this.soft = config.soft();
        Reply success = responses.success();
        this.status = success.status();
        DeclaredResponses.Example declared = responses.forCode(status).orElseThrow();
        this.noContent = declared.mediaType().isEmpty();
        this.mediaType = noContent ? "application/json" : declared.mediaType();
        this.schema = declared.mediaPointer().isEmpty() ? "" : declared.mediaPointer() + "/schema";
        this.example = declared.value();
        Matcher m = LAST_PARAMETER.matcher(operation.path());
        this.idParameter = m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** @return the operation's stateful behaviour, when it has an {@code x-kit-state} */
    public static Optional<StatefulOperation> of(ContractDocument.Operation operation, DeclaredResponses responses,
                                          ErrorReplies errors, InMemoryResources store, Clock clock) {
        return of(operation, responses, errors, store, clock, (message, fields) -> { });
    }

    /** @param sink where the write's {@code x-kit-emits} messages go (the API's WebSocket channels) */
    public static Optional<StatefulOperation> of(ContractDocument.Operation operation, DeclaredResponses responses,
                                          ErrorReplies errors, InMemoryResources store, Clock clock,
                                          MockState.EventSink sink) {
        // a document that does not say how state is kept: a plain collection (POST /pets, GET /pets/{id}) it shows
        Optional<State> config = State.of(operation.node()).or(() -> CrudShape.inferred(operation).flatMap(State::from));
        if (config.isEmpty()) {
            return Optional.empty();
        }
        StatefulOperation op = new StatefulOperation(operation, config.get(), responses, errors, store, clock, sink);
        op.seed();
        return Optional.of(op);
    }

    private void seed() {
        if (action.equals("read") && example.isObject() && example.hasNonNull(idField)) {
            store.seed(resource, example.get(idField).asText(), (ObjectNode) example);
        } else if (action.equals("list")) {
            for (JsonNode item : itemsField.isEmpty() ? example : example.path(itemsField)) {
                if (item.isObject() && item.hasNonNull(idField)) {
                    store.seed(resource, item.get(idField).asText(), (ObjectNode) item);
                }
            }
        }
    }

    /** @return the answer, from the stored state */
    public Reply reply(Incoming request, Map<String, String> pathValues) {
        Optional<DeclaredResponses> own = Optional.of(responses);
        Optional<String> id = idParameter.map(pathValues::get);
        ObjectNode body = requestBody(request);
        JsonNode out;
        switch (action) {
            case "create" -> {
                out = idsField.isEmpty() ? create(body) : createMany(body);
                if (idsField.isEmpty()) {
                    events.sent(action, null, (ObjectNode) out, idField, sink);
                }
            }
            case "list" -> out = list(request);
            case "read", "update", "delete" -> {
                Optional<ObjectNode> found = id.flatMap(i -> store.get(resource, i));
                if (found.isEmpty()) {
                    return errors.reply(404, own, resource + " '" + id.orElse("") + "' does not exist (stateful mock)");
                }
                ObjectNode before = found.get().deepCopy();
                out = action.equals("read") ? found.get() : action.equals("update") ? update(id.get(), found.get(), body)
                        : delete(id.get(), found.get());
                if (!action.equals("read")) {
                    events.sent(action, before, store.get(resource, id.get()).orElse(before), idField, sink);
                }
            }
            default -> {
                return errors.reply(500, own, "x-kit-state of " + operation.operationId() + " has an unknown action '"
                        + action + "' (create, read, list, update, delete)");
            }
        }
        if (noContent) {
            return Reply.of(status, "", new byte[0]);
        }
        JsonNode projected = project(out, schema, example);
        List<Finding> problems = schema.isEmpty() ? List.of() : doc.validator().validate(schema, projected, "response");
        if (!problems.isEmpty()) {
            return errors.reply(500, own, "the stateful answer of " + operation.operationId()
                    + " would break the contract, so it is not sent: " + problems.get(0));
        }
        return Reply.of(status, mediaType, Json.bytes(projected, mediaType));
    }

    private ObjectNode create(ObjectNode body) {
        ObjectNode item = example.isObject() ? ((ObjectNode) example).deepCopy() : Json.MAPPER.createObjectNode();
        item.setAll(body);
        if (initial.isObject()) {
            item.setAll((ObjectNode) initial.deepCopy());
        }
        String now = now();
        for (String field : dateTimeFields(schema)) {
            if (STAMPS.matcher(field).matches()) {
                item.put(field, now);
            }
        }
        String id;
        if ("integer".equals(type(schema, idField))) {
            long n = store.nextNumber(resource, idField);
            item.put(idField, n);
            id = Long.toString(n);
        } else {
            id = UUID.randomUUID().toString();
            item.put(idField, id);
        }
        store.put(resource, id, item);
        return item;
    }

    /**
     * A create of several items at once ({@code items}: the request's array field, {@code ids}: the response's
     * field listing their ids), e.g. a task graph: each element is stored with {@code initial} over it, under its
     * own id when it has one ({@code initial} fills only what the element lacks). Reads fill what an element lacks from their own example.
     */
    private ObjectNode createMany(ObjectNode body) {
        ObjectNode out = example.isObject() ? ((ObjectNode) example).deepCopy() : Json.MAPPER.createObjectNode();
        ArrayNode ids = out.putArray(idsField);
        for (JsonNode element : body.path(itemsField)) {
            if (!element.isObject()) {
                continue;
            }
            ObjectNode item = ((ObjectNode) element).deepCopy();
            initial.fields().forEachRemaining(f -> item.putIfAbsent(f.getKey(), f.getValue().deepCopy()));
            String id = item.hasNonNull(idField) ? item.get(idField).asText() : UUID.randomUUID().toString();
            item.put(idField, id);
            String now = now();
            for (String stamp : List.of("created_at", "updated_at", "createdAt", "updatedAt")) {
                item.put(stamp, now);
            }
            store.put(resource, id, item);
            ids.add(id);
        }
        return out;
    }

    /** A partial update with JSON Merge Patch semantics: {@code null} (where the contract allows it) removes a field. */
    private ObjectNode update(String id, ObjectNode item, ObjectNode body) {
        body.remove(idField);
        body.fields().forEachRemaining(f -> {
            if (f.getValue().isNull()) {
                item.remove(f.getKey());
            } else {
                item.set(f.getKey(), f.getValue());
            }
        });
        for (String field : dateTimeFields(schema)) {
            if (field.startsWith("updated")) {
                item.put(field, now());
            }
        }
        store.put(resource, id, item);
        return item;
    }

    private JsonNode delete(String id, ObjectNode item) {
        String now = now();
        if (soft.isPresent()) {
            item.setAll(soft.get().deepCopy());
            store.put(resource, id, item);
        } else {
            store.remove(resource, id);
        }
        if (!example.isObject()) {
            return item;
        }
        ObjectNode out = ((ObjectNode) example).deepCopy();
        for (Iterator<String> names = example.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (item.has(name)) {
                out.set(name, item.get(name));
            } else if (DELETED_STAMP.matcher(name).matches()) {
                out.put(name, now);
            }
        }
        return out;
    }

    private JsonNode list(Incoming request) {
        // items "" : the answer is the array itself (a plain collection's GET /pets), else an object's array field
        String itemSchema = doc.resolvePointer(schema) + (itemsField.isEmpty() ? "" : "/properties/" + itemsField) + "/items";
        Set<String> fields = properties(itemSchema);
        List<ObjectNode> items = new ArrayList<>();
        outer:
        for (ObjectNode item : store.all(resource)) {
            for (ContractDocument.Parameter p : operation.parameters()) {
                List<String> asked = p.in().equals("query") ? request.query(p.name()) : List.of();
                if (asked.isEmpty() && p.in().equals("query")) { // a filter's declared default applies (active: true)
                    JsonNode dflt = doc.resolve(doc.at(p.schemaPointer())).path("default");
                    asked = dflt.isValueNode() && !dflt.isNull() ? List.of(dflt.asText()) : List.of();
                }
                if (!asked.isEmpty() && fields.contains(p.name()) && !item.path(p.name()).asText().equals(asked.get(0))) {
                    continue outer;
                }
            }
            items.add(item);
        }
        int offset = intParameter(request, "offset", 0);
        int limit = intParameter(request, "limit", Integer.MAX_VALUE);
        if (itemsField.isEmpty()) {
            ArrayNode page = Json.MAPPER.createArrayNode();
            items.stream().skip(offset).limit(limit).forEach(i -> page.add(project(i, itemSchema, example.path(0))));
            return page;
        }
        ObjectNode out = example.isObject() ? ((ObjectNode) example).deepCopy() : Json.MAPPER.createObjectNode();
        ArrayNode page = out.putArray(itemsField);
        JsonNode itemExample = example.path(itemsField).path(0);
        items.stream().skip(offset).limit(limit).forEach(i -> page.add(project(i, itemSchema, itemExample)));
        if (out.has("total")) {
            out.put("total", items.size());
        }
        if (out.has("offset")) {
            out.put("offset", offset);
        }
        if (out.has("limit") && limit != Integer.MAX_VALUE) {
            out.put("limit", limit);
        }
        return out;
    }

    private int intParameter(Incoming request, String name, int fallback) {
        Optional<ContractDocument.Parameter> declared = operation.parameters().stream()
                .filter(p -> p.in().equals("query") && p.name().equals(name)).findFirst();
        if (declared.isEmpty()) {
            return fallback;
        }
        List<String> asked = request.query(name);
        JsonNode dflt = doc.resolve(doc.at(declared.get().schemaPointer())).path("default");
        try {
            return asked.isEmpty() ? (dflt.canConvertToInt() ? dflt.asInt() : fallback) : Integer.parseInt(asked.get(0));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** Keeps the fields the schema declares (when it declares any), filling required ones from the example. */
    private JsonNode project(JsonNode value, String schemaPointer, JsonNode fallback) {
        Set<String> declared = schemaPointer.isEmpty() ? Set.of() : properties(schemaPointer);
        if (!value.isObject() || declared.isEmpty()) {
            return value;
        }
        Set<String> required = required(doc.resolve(doc.at(schemaPointer)));
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (String name : declared) {
            if (value.has(name)) {
                out.set(name, value.get(name));
            } else if (required.contains(name) && fallback.has(name)) { // an optional field left out stays out
                out.set(name, fallback.get(name));
            }
        }
        return out;
    }

    private Set<String> required(JsonNode schemaNode) {
        Set<String> out = new LinkedHashSet<>();
        schemaNode.path("required").forEach(r -> out.add(r.asText()));
        for (JsonNode part : schemaNode.path("allOf")) {
            out.addAll(required(doc.resolve(part)));
        }
        return out;
    }

    private Set<String> properties(String schemaPointer) {
        Set<String> out = new LinkedHashSet<>();
        collect(doc.resolve(doc.at(schemaPointer)), out);
        return out;
    }

    private void collect(JsonNode schemaNode, Set<String> out) {
        schemaNode.path("properties").fieldNames().forEachRemaining(out::add);
        for (JsonNode part : schemaNode.path("allOf")) {
            collect(doc.resolve(part), out);
        }
    }

    private List<String> dateTimeFields(String schemaPointer) {
        List<String> out = new ArrayList<>();
        for (String name : properties(schemaPointer)) {
            if ("date-time".equals(propertySchema(schemaPointer, name).path("format").asText())) {
                out.add(name);
            }
        }
        return out;
    }

    private String type(String schemaPointer, String name) {
        return propertySchema(schemaPointer, name).path("type").asText("");
    }

    private JsonNode propertySchema(String schemaPointer, String name) {
        JsonNode s = doc.resolve(doc.at(schemaPointer));
        JsonNode direct = s.path("properties").path(name);
        if (!direct.isMissingNode()) {
            return doc.resolve(direct);
        }
        for (JsonNode part : s.path("allOf")) {
            JsonNode p = doc.resolve(part).path("properties").path(name);
            if (!p.isMissingNode()) {
                return doc.resolve(p);
            }
        }
        return MissingNode.getInstance();
    }

    /** The request's fields, whether it sent them as JSON, form-encoded or multipart (typed by the schema). */
    private ObjectNode requestBody(Incoming request) {
        return RequestFields.of(request, doc, operation.requestBody());
    }

    private String now() {
        return Instant.now(clock).truncatedTo(ChronoUnit.MILLIS).toString();
    }
}
