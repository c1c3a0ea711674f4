package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.ExampleBodies;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Transport;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.Observation;
import dev.contractkit.conformance.checks.PageLinks;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.dialect.State;
import okhttp3.HttpUrl;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The link-following part of {@code pagination_links}: with the smallest {@code limit}, {@code rel="next"} is
 * followed to the last page and {@code rel="last"} once (a list too short for a second page is seeded first). The
 * check ({@code PaginationLinksCheck}) judges each link and page seen; their problems make one verdict per list.
 */
final class PagingScenario {
    private final Contract contract;
    private final CaseGenerator cases;
    private final Transport transport;
    private final ScenarioRunner runner;

    PagingScenario(Contract contract, CaseGenerator cases, Transport transport, ScenarioRunner runner) {
        this.contract = contract;
        this.cases = cases;
        this.transport = transport;
        this.runner = runner;
    }

    void run() {
        contract.document().operations().forEach(this::followPages);
    }

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
        Optional<PageLinks.Page> shortPage = unseeded.flatMap(PageLinks.Page::of);
        if (shortPage.isEmpty()) {
            return;
        }
        boolean seeded = shortPage.get().total() <= shortPage.get().count()
                && seed(op, (int) (Math.max(1, smallest) + 1 - shortPage.get().total()),
                unseeded.get().testCase().call().query());
        // the items the suite created (removed again at the end of the run) make a second page
        Optional<Exchange> first = seeded ? runner.send(cases.scenario(op, params, Optional.empty(),
                "paging: first page, seeded"), Optional.empty()) : unseeded;
        Optional<PageLinks.Page> page = first.flatMap(PageLinks.Page::of);
        if (page.isEmpty()) {
            return;
        }
        Map<String, String> links = PageLinks.links(first.get().header("Link").orElse(""));
        TestCase follow = cases.scenario(op, params, Optional.empty(), "paging: a Link followed");
        HttpUrl listUrl = follow.call().url(transport.base());
        List<Verdict.Problem> problems = new ArrayList<>();
        if (links.containsKey("next")) {
            walkNext(follow, listUrl, page.get(), links.get("next"), problems);
        } else if (page.get().total() <= page.get().count()) {
            runner.note(op + ": too few items (" + page.get().total() + ") to follow rel=\"next\"");
        }
        if (links.containsKey("last")) {
            String link = links.get("last");
            if (judged(new Observation.PageLink("last", listUrl, link), problems)) {
                follow(follow, link, "last").ifPresent(last -> judged(new Observation.LastPage(link, last), problems));
            }
        }
        if (links.containsKey("next") || links.containsKey("last")) {
            runner.verdict(Check.PAGINATION_LINKS, CaseGenerator.label(op), op.operationId(), first.get().request(),
                    first.get().status(), Verdict.of(problems));
        }
    }

    /** Pages followed by {@code rel="next"} at most, from the first: enough for the suite's own seed. */
    static final int MAX_PAGES = 50;

    /**
     * Follows {@code rel="next"} from the first page to the last, as long as the check passes each link (it stays on
     * the list's origin and path) and each page it answers (the one after the previous); then the check judges the
     * walk (it gave the total).
     */
    private void walkNext(TestCase follow, HttpUrl listUrl, PageLinks.Page first, String firstNext,
                          List<Verdict.Problem> problems) {
        PageLinks.Page previous = first;
        String link = firstNext;
        long seen = first.count();
        for (int pages = 1; link != null; pages++) {
            String current = link;
            if (!judged(new Observation.PageLink("next", listUrl, current), problems)) {
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
            if (!judged(new Observation.NextPage(current, previous, next.get()), problems)) {
                return;
            }
            PageLinks.Page p = PageLinks.Page.of(next.get()).orElseThrow();
            seen += p.count();
            previous = p;
            link = PageLinks.links(next.get().header("Link").orElse("")).get("next");
        }
        judged(new Observation.PageWalk(firstNext, seen, previous.total()), problems);
    }

    /** Adds what the check found wrong in what was seen to {@code problems}; true when it found nothing. */
    private static boolean judged(Observation observed, List<Verdict.Problem> problems) {
        if (Checks.of(Check.PAGINATION_LINKS).judge(observed) instanceof Verdict.Fail fail) {
            problems.addAll(fail.problems());
            return false;
        }
        return true;
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
            Optional<JsonNode> body = ExampleBodies.of(contract.document(), create.get()).map(ExampleBodies::withoutPastTimes)
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
}
