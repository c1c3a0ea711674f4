package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.SchemaValidator;
import dev.contractkit.specs.dialect.State;
import dev.contractkit.specs.dialect.WebSocketBinding;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The checks that need more than one exchange: a declared chain of operations ({@code state_transitions}),
 * following paging links ({@code pagination_links}) and the messages of a WebSocket channel
 * ({@code websocket_message_schema}). Every request they send is also judged by the per-exchange checks.
 */
final class Scenarios {
    /** How long messages are collected after the chain's changes, at most. */
    static final Duration MESSAGE_WINDOW = Duration.ofSeconds(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the engine offers a scenario. */
    interface Runner {
        /** Sends a case (to the given URL, else the case's), judges it with the per-exchange checks. */
        Optional<Exchange> send(TestCase c, Optional<HttpUrl> url);

        /** Records one verdict of a scenario check. */
        void verdict(Check check, String label, String operationId, String request, int status, Outcome outcome);

        /** A note for the report. */
        void note(String note);
    }

    private final Contract contract;
    private final Cases cases;
    private final Target target;
    private final Transport transport;
    private final Runner runner;

    Scenarios(Contract contract, Cases cases, Target target, Transport transport, Runner runner) {
        this.contract = contract;
        this.cases = cases;
        this.target = target;
        this.transport = transport;
        this.runner = runner;
    }

    void run() {
        ContractDocument doc = contract.document();
        List<Channel> channels = target.checks().contains(Check.WEBSOCKET_MESSAGE_SCHEMA) ? channels() : List.of();
        List<Listening> open = new ArrayList<>();
        channels.forEach(ch -> connect(ch).ifPresent(open::add));
        List<String> expected = new ArrayList<>();
        boolean stateful = target.checks().contains(Check.STATE_TRANSITIONS)
                || target.checks().contains(Check.USE_AFTER_FREE)
                || target.checks().contains(Check.ENSURE_RESOURCE_AVAILABILITY);
        for (Chains.Chain chain : Chains.of(doc)) {
            if (stateful || !open.isEmpty()) {
                if (runChain(chain)) {
                    chain.emits().ifPresent(expected::add);
                }
            }
        }
        if (target.checks().contains(Check.VERSION_REMOVALS)) {
            VersionRemovals.run(contract, cases, target, runner);
        }
        if (target.checks().contains(Check.STATE_TRANSITIONS)) {
            CancelMachine.of(doc, cases, runner).ifPresent(CancelMachine::run);
        }
        open.forEach(l -> judgeMessages(l, expected));
        if (target.checks().contains(Check.PAGINATION_LINKS)) {
            doc.operations().forEach(this::followPages);
        }
        if (target.checks().contains(Check.SSE_EVENT_SCHEMA) || target.checks().contains(Check.AGUI_EVENT_ORDER)) {
            doc.operations().forEach(this::judgeEventStream);
        }
    }

    // ---- sse_event_schema, agui_event_order

    /** Runs an SSE operation once with its example body (fresh threadId/runId) and judges every event. */
    private void judgeEventStream(Operation op) {
        if (!op.method().equalsIgnoreCase("POST") || op.node().path("responses").findParents("text/event-stream").isEmpty()) {
            return;
        }
        String label = "event stream: " + op.operationId();
        if (!op.node().path("responses").toString().contains("RUN_STARTED")) {
            // the event schemas the suite knows are AG-UI's; another stream's events have no schema here to judge
            runner.note(Check.SSE_EVENT_SCHEMA.key() + " and " + Check.AGUI_EVENT_ORDER.key() + " of " + op
                    + ": not checked: its text/event-stream does not show AG-UI events (RUN_STARTED ...), the only"
                    + " event schemas the suite knows");
            return;
        }
        if (cases.lacksCredential(op)) {
            runner.note(Check.SSE_EVENT_SCHEMA.key() + " and " + Check.AGUI_EVENT_ORDER.key() + " of " + op + ": "
                    + cases.notChecked(op));
            return;
        }
        Optional<JsonNode> body = exampleBody(op).map(b -> {
            if (b instanceof ObjectNode o) {
                String fresh = "conformance-" + java.util.UUID.randomUUID().toString().substring(0, 8);
                if (o.has("threadId")) {
                    o.put("threadId", fresh);
                }
                if (o.has("runId")) {
                    o.put("runId", fresh + "-run");
                }
            }
            return b;
        });
        Optional<Exchange> sent = runner.send(cases.scenario(op, Map.of(), body, label), Optional.empty());
        if (sent.isEmpty()) {
            return;
        }
        Exchange e = sent.get();
        boolean stream = e.header("Content-Type").orElse("").startsWith("text/event-stream");
        if (e.status() != 200 || !stream) {
            Outcome fail = Outcome.fail(ResponseChecks.STATUS, Integer.toString(e.status()), op.operationId()
                    + " answered " + e.status() + " " + e.header("Content-Type").orElse("") + " to its example body, not a"
                    + " text/event-stream (" + ResponseChecks.abbreviate(e.body()) + ")");
            runner.verdict(Check.SSE_EVENT_SCHEMA, label, op.operationId(), e.request(), e.status(), fail);
            runner.verdict(Check.AGUI_EVENT_ORDER, label, op.operationId(), e.request(), e.status(), fail);
            return;
        }
        List<JsonNode> events;
        try {
            events = dev.contractkit.specs.agui.EventSchemas.parseSse(e.body());
        } catch (IllegalArgumentException bad) {
            Outcome fail = Outcome.fail(ResponseChecks.BODY, "", bad.getMessage());
            runner.verdict(Check.SSE_EVENT_SCHEMA, label, op.operationId(), e.request(), e.status(), fail);
            return;
        }
        dev.contractkit.specs.agui.EventSchemas schemas = dev.contractkit.specs.agui.EventSchemas.load();
        List<Outcome.Problem> problems = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            for (String p : schemas.validate(events.get(i))) {
                problems.add(new Outcome.Problem(ResponseChecks.BODY + "/events/" + i, events.get(i).toString(), p));
            }
        }
        if (events.isEmpty()) {
            problems.add(new Outcome.Problem(ResponseChecks.BODY, "", "the stream holds no event"));
        }
        runner.verdict(Check.SSE_EVENT_SCHEMA, label, op.operationId(), e.request(), e.status(), Outcome.of(problems));
        List<Outcome.Problem> order = dev.contractkit.agui.EventOrder.check(events).stream()
                .map(v -> new Outcome.Problem(ResponseChecks.BODY + "/events", "", v)).toList();
        runner.verdict(Check.AGUI_EVENT_ORDER, label, op.operationId(), e.request(), e.status(), Outcome.of(order));
    }

    // ---- ensure_resource_availability, use_after_free, state_transitions

    /**
     * Runs one declared chain: create (example body), read it back, update (example body) and read the change,
     * delete, read again.
     *
     * @return true when the create succeeded (so the channel owes its message)
     */
    private boolean runChain(Chains.Chain chain) {
        String label = "chain: " + chain.name();
        Operation create = chain.create();
        if (cases.lacksCredential(create)) {
            runner.note("chain " + chain.name() + " (" + chain.source() + "): " + cases.notChecked(create));
            return false;
        }
        Optional<JsonNode> body = exampleBody(create).map(Scenarios::withoutPastTimes)
                .map(b -> cases.unique(create, b, "chain"));
        Optional<Exchange> created = runner.send(cases.scenario(create, Map.of(), body, label), Optional.empty());
        if (created.isEmpty()) {
            return false;
        }
        Exchange c = created.get();
        if (c.status() < 200 || c.status() >= 300) {
            runner.note("chain " + chain.name() + " (" + chain.source() + ") did not start: " + create.operationId()
                    + " answered " + c.status() + " to its example body (" + ResponseChecks.abbreviate(c.body()) + ")");
            return false;
        }
        JsonNode id = jsonAt(c, chain.idPointer());
        if (!id.isValueNode()) {
            verdict(Check.ENSURE_RESOURCE_AVAILABILITY, create, c, Outcome.fail(ResponseChecks.BODY + chain.idPointer(),
                    "", create.operationId() + " answered " + c.status() + " without the new id at " + chain.idPointer()
                            + " (" + chain.source() + ")"));
            return true;
        }
        Map<String, JsonNode> ids = Map.of(chain.idParam(), id);
        Operation read = chain.read();
        Optional<Exchange> first = runner.send(cases.scenario(read, ids, Optional.empty(), label), Optional.empty());
        if (first.isEmpty()) {
            return true;
        }
        verdict(Check.ENSURE_RESOURCE_AVAILABILITY, read, first.get(), first.get().status() == 200 ? Outcome.PASS
                : Outcome.fail(ResponseChecks.STATUS, Integer.toString(first.get().status()), read.operationId() + " of "
                + id + ", just created by " + create.operationId() + " (" + c.status() + "), answered "
                + first.get().status() + "; a created resource is available at once (200)"));
        if (first.get().status() != 200) {
            return true;
        }
        if (chain.update().isPresent() && !update(chain, ids, label)) {
            return true;
        }
        if (chain.delete().isPresent()) {
            deleteAndRead(chain, id, ids, label);
        }
        return true;
    }

    /** @return false when the chain cannot go on */
    private boolean update(Chains.Chain chain, Map<String, JsonNode> ids, String label) {
        Operation update = chain.update().orElseThrow();
        Optional<JsonNode> body = exampleBody(update).map(Scenarios::withoutPastTimes);
        Optional<Exchange> updated = runner.send(cases.scenario(update, ids, body, label), Optional.empty());
        if (updated.isEmpty()) {
            return false;
        }
        Exchange u = updated.get();
        if (u.status() < 200 || u.status() >= 300) {
            verdict(Check.STATE_TRANSITIONS, update, u, Outcome.fail(ResponseChecks.STATUS, Integer.toString(u.status()),
                    update.operationId() + " of a resource just created and read answered " + u.status()
                            + " to its example body; expected 2xx (" + ResponseChecks.abbreviate(u.body()) + ")"));
            return false;
        }
        Optional<Exchange> after = runner.send(cases.scenario(chain.read(), ids, Optional.empty(), label), Optional.empty());
        if (after.isEmpty() || body.isEmpty() || !(body.get() instanceof ObjectNode sent)) {
            return after.isPresent();
        }
        Exchange a = after.get();
        List<Outcome.Problem> problems = new ArrayList<>();
        JsonNode read = jsonAt(a, "");
        sent.fields().forEachRemaining(f -> {
            JsonNode got = read.path(f.getKey());
            if (f.getValue().isValueNode() && !f.getValue().isNull() && !got.isMissingNode()
                    && !sameValue(f.getValue(), got)) {
                problems.add(new Outcome.Problem(ResponseChecks.BODY + "/" + f.getKey(), got.toString(),
                        chain.read().operationId() + " after " + update.operationId() + " shows " + f.getKey() + " = "
                                + got + "; the update set it to " + f.getValue()));
            }
        });
        verdict(Check.STATE_TRANSITIONS, chain.read(), a, a.status() != 200
                ? Outcome.fail(ResponseChecks.STATUS, Integer.toString(a.status()), chain.read().operationId()
                + " after " + update.operationId() + " answered " + a.status() + "; expected 200")
                : Outcome.of(problems));
        return a.status() == 200;
    }

    private void deleteAndRead(Chains.Chain chain, JsonNode id, Map<String, JsonNode> ids, String label) {
        Operation delete = chain.delete().orElseThrow();
        Operation read = chain.read();
        Optional<Exchange> deleted = runner.send(cases.scenario(delete, ids, Optional.empty(), label), Optional.empty());
        if (deleted.isEmpty()) {
            return;
        }
        Exchange d = deleted.get();
        Check judged = chain.softDelete().isPresent() ? Check.STATE_TRANSITIONS : Check.USE_AFTER_FREE;
        if (d.status() < 200 || d.status() >= 300) {
            verdict(judged, delete, d, Outcome.fail(ResponseChecks.STATUS, Integer.toString(d.status()),
                    delete.operationId() + " of " + id + " (created and read just before) answered " + d.status()
                            + "; expected 2xx"));
            return;
        }
        Optional<Exchange> after = runner.send(cases.scenario(read, ids, Optional.empty(), label), Optional.empty());
        if (after.isEmpty()) {
            return;
        }
        Exchange a = after.get();
        if (chain.softDelete().isEmpty()) {
            verdict(Check.USE_AFTER_FREE, read, a, a.status() == 404 || a.status() == 410 ? Outcome.PASS
                    : Outcome.fail(ResponseChecks.STATUS, Integer.toString(a.status()), read.operationId() + " of " + id
                    + " after " + delete.operationId() + " answered " + a.status()
                    + "; a deleted resource answers 404 (or 410)"));
            return;
        }
        ObjectNode want = chain.softDelete().get();
        if (a.status() != 200) {
            verdict(Check.STATE_TRANSITIONS, read, a, Outcome.fail(ResponseChecks.STATUS, Integer.toString(a.status()),
                    read.operationId() + " after " + delete.operationId() + " answered " + a.status()
                            + "; the delete is soft (" + chain.source() + "), so the read answers 200 with " + want));
            return;
        }
        JsonNode body = jsonAt(a, "");
        List<Outcome.Problem> problems = new ArrayList<>();
        want.fields().forEachRemaining(f -> {
            JsonNode got = body.path(f.getKey());
            if (!sameValue(f.getValue(), got)) {
                problems.add(new Outcome.Problem(ResponseChecks.BODY + "/" + f.getKey(),
                        got.isMissingNode() ? "" : got.toString(), read.operationId() + " after " + delete.operationId()
                        + " shows " + f.getKey() + " = " + (got.isMissingNode() ? "(absent)" : got)
                        + "; a soft-deleted resource shows " + f.getValue()));
            }
        });
        verdict(Check.STATE_TRANSITIONS, read, a, Outcome.of(problems));
    }

    private static boolean sameValue(JsonNode want, JsonNode got) {
        if (want.isNumber() && got.isNumber()) {
            return want.decimalValue().compareTo(got.decimalValue()) == 0;
        }
        if (want.isTextual() && got.isTextual()) {
            try {
                return java.time.OffsetDateTime.parse(want.asText()).isEqual(java.time.OffsetDateTime.parse(got.asText()));
            } catch (DateTimeParseException e) {
                return want.equals(got);
            }
        }
        return want.equals(got);
    }

    private static JsonNode jsonAt(Exchange e, String pointer) {
        try {
            return e.json().at(pointer);
        } catch (IOException | IllegalArgumentException ex) {
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
    }

    private void verdict(Check check, Operation op, Exchange e, Outcome outcome) {
        runner.verdict(check, Cases.label(op), op.operationId(), e.request(), e.status(), outcome);
    }

    private Optional<JsonNode> exampleBody(Operation op) {
        return exampleBody(contract.document(), op);
    }

    /** @return a copy of the operation's JSON example body, if it has one */
    static Optional<JsonNode> exampleBody(ContractDocument document, Operation op) {
        JsonNode content = document.at(op.requestBody().orElse("/none")).path("content");
        for (Iterator<Map.Entry<String, JsonNode>> it = content.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> m = it.next();
            if (!Contract.isJson(m.getKey())) {
                continue;
            }
            if (m.getValue().has("example")) {
                return Optional.of(m.getValue().get("example").deepCopy());
            }
            for (JsonNode ex : m.getValue().path("examples")) {
                return Optional.of(document.resolve(ex).path("value").deepCopy());
            }
        }
        return Optional.empty();
    }

    /** An example written last year may hold an end date in the past; such optional fields are left out. */
    private static JsonNode withoutPastTimes(JsonNode body) {
        if (body instanceof ObjectNode o) {
            List<String> past = new ArrayList<>();
            o.fields().forEachRemaining(f -> {
                if (f.getValue().isTextual()) {
                    try {
                        if (Instant.parse(f.getValue().asText()).isBefore(Instant.now())) {
                            past.add(f.getKey());
                        }
                    } catch (DateTimeParseException e) {
                        // not a time
                    }
                }
            });
            past.forEach(o::remove);
        }
        return body;
    }

    // ---- pagination_links (following)

    private void followPages(Operation op) {
        // the page size: limit (coupons) or count (forms)
        Optional<Parameter> limit = op.parameters().stream()
                .filter(p -> p.in().equals("query") && (p.name().equals("limit") || p.name().equals("count"))).findFirst();
        boolean declaresLink = op.responses().entrySet().stream().filter(r -> r.getKey().startsWith("2"))
                .anyMatch(r -> {
                    for (Iterator<String> it = contract.document().at(r.getValue()).path("headers").fieldNames(); it.hasNext(); ) {
                        if (it.next().equalsIgnoreCase("Link")) {
                            return true;
                        }
                    }
                    return false;
                });
        if (!declaresLink) {
            return;
        }
        if (cases.lacksCredential(op)) {
            runner.note(Check.PAGINATION_LINKS.key() + " of " + op + ": " + cases.notChecked(op));
            return;
        }
        long smallest = limit.map(p -> contract.document().resolve(p.node().path("schema")).path("minimum").asLong(1))
                .orElse(1L);
        Map<String, JsonNode> params = limit.isPresent()
                ? Map.of(limit.get().name(), IntNode.valueOf((int) Math.max(1, smallest))) : Map.of();
        Optional<Exchange> unseeded = runner.send(cases.scenario(op, params, Optional.empty(), "paging: first page"),
                Optional.empty());
        Optional<HeaderChecks.Page> shortPage = unseeded.flatMap(HeaderChecks.Page::of);
        if (shortPage.isEmpty()) {
            return;
        }
        boolean seeded = shortPage.get().total() <= shortPage.get().count()
                && seed(op, (int) (Math.max(1, smallest) + 1 - shortPage.get().total()),
                unseeded.get().testCase().call().query());
        // the items the suite created (removed again at the end of the run) make a second page
        Optional<Exchange> first = seeded ? runner.send(cases.scenario(op, params, Optional.empty(),
                "paging: first page, seeded"), Optional.empty()) : unseeded;
        Optional<HeaderChecks.Page> page = first.flatMap(HeaderChecks.Page::of);
        if (page.isEmpty()) {
            return;
        }
        Map<String, String> links = HeaderChecks.links(first.get().header("Link").orElse(""));
        TestCase follow = cases.scenario(op, params, Optional.empty(), "paging: a Link followed");
        HttpUrl listUrl = follow.call().url(transport.base());
        List<Outcome.Problem> problems = new ArrayList<>();
        if (links.containsKey("next")) {
            walkNext(follow, listUrl, page.get(), links.get("next"), problems);
        } else if (page.get().total() <= page.get().count()) {
            runner.note(op + ": too few items (" + page.get().total() + ") to follow rel=\"next\"");
        }
        if (links.containsKey("last")) {
            String link = links.get("last");
            elsewhere(listUrl, link, "last").ifPresentOrElse(problems::add, () ->
                    follow(follow, link, "last").ifPresent(last -> {
                        Optional<HeaderChecks.Page> p = HeaderChecks.Page.of(last);
                        if (last.status() != 200 || p.isEmpty()) {
                            problems.add(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(link),
                                    "rel=\"last\" followed answered " + last.status() + ", not a page"));
                        } else if (p.get().count() == 0 || p.get().offset() + p.get().count() != p.get().total()) {
                            problems.add(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(link),
                                    "rel=\"last\" followed does not give the last page (offset " + p.get().offset()
                                            + ", " + p.get().count() + " items, total " + p.get().total() + ")"));
                        }
                    }));
        }
        if (links.containsKey("next") || links.containsKey("last")) {
            runner.verdict(Check.PAGINATION_LINKS, Cases.label(op), op.operationId(), first.get().request(),
                    first.get().status(), Outcome.of(problems));
        }
    }

    /** Pages followed by {@code rel="next"} at most, from the first: enough for the suite's own seed. */
    static final int MAX_PAGES = 50;

    /**
     * Follows {@code rel="next"} from the first page to the last: every link must stay on the list's origin and
     * path, answer a page that starts where the previous one ended, and the walk must end at the total.
     */
    private void walkNext(TestCase follow, HttpUrl listUrl, HeaderChecks.Page first, String firstNext,
                          List<Outcome.Problem> problems) {
        HeaderChecks.Page previous = first;
        String link = firstNext;
        long seen = first.count();
        for (int pages = 1; link != null; pages++) {
            String current = link;
            Optional<Outcome.Problem> wrong = elsewhere(listUrl, current, "next");
            if (wrong.isPresent()) {
                problems.add(wrong.get());
                return;
            }
            if (pages >= MAX_PAGES) {
                runner.note(follow.operation().map(Object::toString).orElse("?") + ": followed rel=\"next\" through "
                        + MAX_PAGES + " pages, not to the end");
                return;
            }
            Optional<Exchange> next = follow(follow, current, "next");
            if (next.isEmpty()) {
                return; // no answer: reported as an error of the run
            }
            Optional<HeaderChecks.Page> p = HeaderChecks.Page.of(next.get());
            if (next.get().status() != 200 || p.isEmpty()) {
                problems.add(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(current),
                        "rel=\"next\" followed answered " + next.get().status() + ", not a page"));
                return;
            }
            if (p.get().offset() != previous.offset() + previous.count() || p.get().count() == 0
                    || p.get().items().path(0).equals(previous.items().path(0))) {
                problems.add(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(current),
                        "rel=\"next\" followed does not give the next page (offset " + p.get().offset() + " after "
                                + previous.offset() + " with " + previous.count() + " items, " + p.get().count()
                                + " items)"));
                return;
            }
            seen += p.get().count();
            previous = p.get();
            link = HeaderChecks.links(next.get().header("Link").orElse("")).get("next");
        }
        if (seen != previous.total()) {
            problems.add(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(firstNext),
                    "following rel=\"next\" to the last page gave " + seen + " items, not the total " + previous.total()));
        }
    }

    /**
     * @return a problem when the link leaves the list: another origin than the server under test (not followed:
     *         the suite's credentials stay with the server), or another path than the list's own
     */
    private Optional<Outcome.Problem> elsewhere(HttpUrl listUrl, String link, String rel) {
        HttpUrl url = listUrl.resolve(link);
        if (url == null) {
            return Optional.of(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(link),
                    "rel=\"" + rel + "\" is not a URL"));
        }
        if (!url.scheme().equals(listUrl.scheme()) || !url.host().equals(listUrl.host()) || url.port() != listUrl.port()) {
            return Optional.of(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(link),
                    "rel=\"" + rel + "\" points to another origin (" + url.scheme() + "://" + url.host() + ":" + url.port()
                            + ") than the server under test (" + listUrl.scheme() + "://" + listUrl.host() + ":"
                            + listUrl.port() + "); not followed (a server behind a proxy takes its public URL from"
                            + " configuration or the proxy's X-Forwarded-* headers)"));
        }
        if (!url.encodedPath().equals(listUrl.encodedPath())) {
            return Optional.of(new Outcome.Problem(HeaderChecks.LINK, ResponseChecks.quote(link),
                    "rel=\"" + rel + "\" points at " + url.encodedPath() + ", not at the list's own path "
                            + listUrl.encodedPath()));
        }
        return Optional.empty();
    }

    /**
     * Creates items for a list too short to have a second page: with the create of the list's resource
     * ({@code x-kit-state}), its example body made unique, and a body field named like a query parameter of
     * the list (a filter such as {@code category=seasonal}) set to that parameter's value so the items show up.
     * The run's clean-up removes them again.
     *
     * @return true when all were created
     */
    private boolean seed(Operation list, int needed, List<Map.Entry<String, String>> query) {
        String resource = State.of(list.node()).map(State::resource).orElse("");
        Optional<Operation> create = contract.document().operations().stream()
                .filter(o -> State.of(o.node()).filter(s -> s.creates() && s.resource().equals(resource)).isPresent())
                .findFirst();
        if (create.isEmpty() || needed <= 0) {
            return false;
        }
        if (cases.lacksCredential(create.get())) {
            runner.note(Check.PAGINATION_LINKS.key() + " of " + list + ": too few items to follow rel=\"next\", and"
                    + " seeding them with " + create.get().operationId() + " is " + cases.notChecked(create.get()));
            return false;
        }
        for (int i = 0; i < needed; i++) {
            int n = i;
            Optional<JsonNode> body = exampleBody(create.get()).map(Scenarios::withoutPastTimes)
                    .map(b -> cases.unique(create.get(), b, "seed-" + n)).map(b -> matching(b, query));
            Optional<Exchange> made = runner.send(cases.scenario(create.get(), Map.of(), body,
                    "paging: seeding " + resource), Optional.empty());
            if (made.isEmpty() || made.get().status() < 200 || made.get().status() >= 300) {
                runner.note(Check.PAGINATION_LINKS.key() + " of " + list + ": seeding " + resource + " with "
                        + create.get().operationId() + " answered " + made.map(Exchange::status).orElse(0));
                return false;
            }
        }
        return true;
    }

    private static JsonNode matching(JsonNode body, List<Map.Entry<String, String>> query) {
        if (body instanceof ObjectNode o) {
            for (Map.Entry<String, String> q : query) {
                JsonNode had = o.path(q.getKey());
                if (had.isTextual()) {
                    o.put(q.getKey(), q.getValue());
                } else if (had.isBoolean()) {
                    o.put(q.getKey(), Boolean.parseBoolean(q.getValue()));
                }
            }
        }
        return body;
    }

    private Optional<Exchange> follow(TestCase c, String link, String rel) {
        HttpUrl url = transport.base().resolve(link);
        if (url == null) {
            return Optional.empty();
        }
        return runner.send(new TestCase(c.kind(), c.operation(), c.label(), "paging: rel=\"" + rel + "\" followed",
                c.call(), c.negation()), Optional.of(url));
    }

    // ---- websocket_message_schema

    /**
     * An AsyncAPI channel an operation of the contract opens ({@code x-kit-websocket}).
     *
     * @param op        the handshake operation
     * @param doc       the AsyncAPI document
     * @param address   the channel's address
     * @param messages  message name ({@code name}, e.g. {@code coupon_created}) to its payload schema pointer
     */
    record Channel(Operation op, ContractDocument doc, String address, Map<String, String> messages) {
    }

    private List<Channel> channels() {
        List<Channel> out = new ArrayList<>();
        for (Operation op : contract.document().operations()) {
            Optional<WebSocketBinding> ws = WebSocketBinding.of(op.node());
            if (ws.isEmpty()) {
                continue;
            }
            ContractDocument doc;
            try {
                doc = ContractDocument.load(ws.get().asyncapi());
            } catch (RuntimeException e) {
                runner.note(op + ": cannot load " + ws.get().asyncapi() + " (" + e.getMessage() + ")");
                continue;
            }
            String channel = ws.get().channel();
            JsonNode ch = doc.root().path("channels").path(channel);
            Map<String, String> messages = new LinkedHashMap<>();
            ch.path("messages").fieldNames().forEachRemaining(name -> {
                String pointer = doc.resolvePointer("/channels/" + channel + "/messages/" + name);
                String key = doc.at(pointer).path("name").asText(name);
                messages.put(key, pointer + "/payload");
            });
            out.add(new Channel(op, doc, ch.path("address").asText(op.path()), messages));
        }
        return out;
    }

    /** A channel connected; messages queue up. */
    private record Listening(Channel channel, WebSocket socket, String request, BlockingQueue<String> received) {
    }

    private Optional<Listening> connect(Channel ch) {
        String label = Cases.label(ch.op());
        HttpCall call = new HttpCall("GET", ch.address(), Map.of(), List.of(), List.of(), Optional.empty());
        HttpUrl url = call.url(transport.base());
        Request.Builder b = new Request.Builder().url(url);
        target.headers().forEach(h -> b.header(h.getKey(), h.getValue()));
        HttpUrl.Builder withQuery = url.newBuilder();
        for (Credentials.Placement p : cases.credentialFor(ch.op())) {
            switch (p.in()) {
                case "query" -> withQuery.addQueryParameter(p.name(), p.value());
                case "cookie" -> b.addHeader("Cookie", p.name() + "=" + p.value());
                default -> b.header(p.name(), p.value());
            }
        }
        b.url(withQuery.build());
        String display = "GET " + url.encodedPath() + " (WebSocket)";
        if (cases.lacksCredential(ch.op())) {
            runner.note(Check.WEBSOCKET_MESSAGE_SCHEMA.key() + " of the channel " + ch.address() + ": "
                    + cases.notChecked(ch.op()));
            return Optional.empty();
        }
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        CountDownLatch opened = new CountDownLatch(1);
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicReference<Integer> status = new AtomicReference<>(0);
        WebSocket socket = transport.client().newWebSocket(b.build(), new WebSocketListener() {
            @Override
            public void onOpen(WebSocket webSocket, Response response) {
                status.set(response.code());
                opened.countDown();
            }

            @Override
            public void onMessage(WebSocket webSocket, String text) {
                received.add(text);
            }

            @Override
            public void onFailure(WebSocket webSocket, Throwable t, Response response) {
                if (response != null) {
                    status.set(response.code());
                }
                failure.compareAndSet(null, t + (response == null ? "" : " (answered " + response.code() + ")"));
                opened.countDown();
            }
        });
        try {
            if (!opened.await(target.timeout().toMillis(), TimeUnit.MILLISECONDS) || failure.get() != null) {
                socket.cancel();
                runner.verdict(Check.WEBSOCKET_MESSAGE_SCHEMA, label, ch.op().operationId(), display, status.get(),
                        Outcome.fail(ResponseChecks.STATUS, Integer.toString(status.get()), "the WebSocket handshake"
                                + " with the run's credential failed: " + (failure.get() == null ? "no answer within "
                                + target.timeout().toSeconds() + " s" : failure.get())));
                return Optional.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            socket.cancel();
            return Optional.empty();
        }
        return Optional.of(new Listening(ch, socket, display, received));
    }

    private void judgeMessages(Listening l, List<String> expected) {
        Channel ch = l.channel();
        String label = Cases.label(ch.op());
        List<String> messages = new ArrayList<>();
        long deadline = System.nanoTime() + MESSAGE_WINDOW.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                String m = l.received().poll(Math.max(1, (deadline - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
                if (m == null) {
                    break;
                }
                messages.add(m);
                if (types(messages).containsAll(expected) && l.received().isEmpty()) {
                    // what the chain owes has arrived; give the rest a moment
                    String more = l.received().poll(200, TimeUnit.MILLISECONDS);
                    if (more == null) {
                        break;
                    }
                    messages.add(more);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        l.socket().close(1000, "conformance run done");
        SchemaValidator validator = SchemaValidator.forAsyncApi(ch.doc());
        for (String text : messages) {
            runner.verdict(Check.WEBSOCKET_MESSAGE_SCHEMA, label, ch.op().operationId(), l.request(), 101,
                    judgeMessage(ch, validator, text));
        }
        Set<String> arrived = types(messages);
        for (String type : expected) {
            if (!arrived.contains(type) && ch.messages().containsKey(type)) {
                runner.verdict(Check.WEBSOCKET_MESSAGE_SCHEMA, label, ch.op().operationId(), l.request(), 101,
                        Outcome.fail("/messages", "", "no " + type + " message within "
                                + MESSAGE_WINDOW.toSeconds() + " s after the change that the contract says sends it ("
                                + messages.size() + " other messages)"));
            }
        }
        if (messages.isEmpty() && expected.isEmpty()) {
            runner.note(ch.op() + ": no message arrived on " + ch.address() + " and no declared chain could trigger one;"
                    + " message schemas were not checked");
        }
    }

    private static Outcome judgeMessage(Channel ch, SchemaValidator validator, String text) {
        JsonNode message;
        try {
            message = JSON.readTree(text);
        } catch (IOException e) {
            return Outcome.fail("/message", ResponseChecks.quote(ResponseChecks.abbreviate(text)),
                    "the message is not JSON: " + e.getMessage());
        }
        String type = message.path("type").asText("");
        List<Finding> best = null;
        String bestName = "";
        for (Map.Entry<String, String> m : ch.messages().entrySet()) {
            List<Finding> f = validator.validate(m.getValue(), message, m.getKey());
            if (f.isEmpty()) {
                return Outcome.PASS;
            }
            if (best == null || m.getKey().equals(type)) {
                best = f;
                bestName = m.getKey();
            }
        }
        if (best == null) {
            return Outcome.PASS;
        }
        String name = bestName;
        return Outcome.of(best.stream().map(f -> new Outcome.Problem("/message" + (f.pointer().startsWith("/")
                ? f.pointer() : f.pointer().replaceFirst("^\\$", "").replace('.', '/')), f.value(),
                "not a valid " + name + " message (nor any other of " + ch.address() + "): " + f.message())).toList());
    }

    private static Set<String> types(List<String> messages) {
        Set<String> out = new java.util.HashSet<>();
        for (String m : messages) {
            try {
                out.add(JSON.readTree(m).path("type").asText(""));
            } catch (IOException e) {
                // judged elsewhere
            }
        }
        return out;
    }
}
