package dev.contractkit.mock.respond;

import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import org.mockserver.matchers.TimeToLive;
import org.mockserver.matchers.Times;
import org.mockserver.mock.Expectation;
import org.mockserver.mock.action.ExpectationResponseCallback;
import org.mockserver.model.HttpObjectCallback;
import org.mockserver.model.HttpRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.http.PathTemplate;
import dev.contractkit.mock.state.MockState;

/**
 * The MockServer expectations one API's contracts turn into, each answered in-process by a callback:
 * one per operation (method + path expression), one per path for the methods it lacks (405 with {@code Allow}),
 * one catch-all (404). Priorities are negative, so an expectation a user adds with the default priority 0 wins;
 * among ours, the most specific path template comes first ({@link PathTemplate#SPECIFIC_FIRST}: {@code /forms/current}
 * before {@code /forms/{id}}, {@code /v1/{name}:cancel} before {@code /v1/{name}}), each path's operations before its
 * 405, so a method a more specific path lacks is a 405 there, not an operation of a looser path.
 */
public final class ContractExpectations {
    /**
     * One expectation, its MockServer callback (registered under the expectation's id) and, but in proxy mode,
     * the responder behind that callback, which the kit's fast path calls directly.
     *
     * @param expectation the expectation
     * @param callback    what MockServer calls
     * @param responder   the contract's answer, or null when forwarded (proxy mode)
     */
    public record Entry(Expectation expectation, ExpectationResponseCallback callback, Responder responder) {
        Entry(Expectation expectation, Responder responder) {
            this(expectation, responder.callback(), responder);
        }

        public String id() {
            return expectation.getId();
        }
    }

    private ContractExpectations() {
    }

    /**
     * @param idPrefix unique per listener: callbacks are registered JVM-wide under the expectation ids
     * @param docs     the API's contracts
     * @param accepted credentials the mock accepts; empty = any well-formed one
     * @param state    responses set through the control API, the stateful store
     * @param problems   receives the responses without example whose schema-built value breaks the schema
     * @return the expectations, most specific first
     */
    public static List<Entry> build(String idPrefix, List<ContractDocument> docs, Set<String> accepted, MockState state,
                             List<Finding> problems) {
        Map<String, List<OperationResponder>> byPath = new LinkedHashMap<>();
        Map<String, List<String>> methods = new LinkedHashMap<>();
        List<DeclaredResponses> all = new ArrayList<>();
        Map<ContractDocument.Operation, DeclaredResponses> declared = new LinkedHashMap<>();
        for (ContractDocument doc : docs) {
            for (ContractDocument.Operation op : doc.operations()) {
                DeclaredResponses responses = DeclaredResponses.of(doc, op);
                declared.put(op, responses);
                problems.addAll(responses.unsatisfiable());
                all.add(responses);
            }
        }
        ErrorReplies errors = new ErrorReplies(all);
        List<Entry> entries = new ArrayList<>();
        Map<String, Integer> rank = rank(declared.keySet());
        declared.forEach((op, responses) -> {
            PathTemplate path = PathTemplate.parse(op.path());
            methods.computeIfAbsent(op.path(), p -> new ArrayList<>()).add(op.method());
            Expectation e = expectation(HttpRequest.request().withMethod(op.method()).withPath(path.regex()),
                    -10 - 2 * rank.get(op.path()), idPrefix + op.method() + " " + op.path());
            entries.add(state.proxy().isPresent()
                    ? new Entry(e, new ProxyResponder(Optional.of(op), Optional.of(responses), state.proxy().get()), null)
                    : new Entry(e, new OperationResponder(op, responses, errors, accepted, state)));
        });
        Expectation anyOther = expectation(HttpRequest.request(), -20 - 2 * rank.size(), idPrefix + "not-found");
        if (state.proxy().isPresent()) { // forwarded too, and reported as outside the contract
            entries.add(new Entry(anyOther, new ProxyResponder(Optional.empty(), Optional.empty(), state.proxy().get()), null));
            return List.copyOf(entries);
        }
        methods.forEach((template, allowed) -> entries.add(notAllowed(idPrefix, PathTemplate.parse(template),
                -11 - 2 * rank.get(template), String.join(", ", new TreeSet<>(allowed)), errors)));
        entries.add(new Entry(anyOther, request -> errors.reply(404, Optional.empty(),
                "no operation of the contract matches " + request.method() + " " + request.path())));
        return List.copyOf(entries);
    }

    /** Each path template's place in matching order, most specific first. */
    private static Map<String, Integer> rank(Set<ContractDocument.Operation> operations) {
        List<PathTemplate> templates = operations.stream().map(ContractDocument.Operation::path).distinct()
                .map(PathTemplate::parse).sorted(PathTemplate.SPECIFIC_FIRST).toList();
        Map<String, Integer> rank = new LinkedHashMap<>();
        for (int i = 0; i < templates.size(); i++) {
            rank.put(templates.get(i).template(), i);
        }
        return rank;
    }

    private static Entry notAllowed(String idPrefix, PathTemplate path, int priority, String allowed, ErrorReplies errors) {
        Expectation e = expectation(HttpRequest.request().withPath(path.regex()), priority,
                idPrefix + "method-not-allowed-" + path.template());
        return new Entry(e, request -> errors.reply(405, Optional.empty(), "method " + request.method()
                + " is not allowed on " + path.template() + "; allowed: " + allowed).withHeader("Allow", allowed));
    }

    private static Expectation expectation(HttpRequest request, int priority, String id) {
        return new Expectation(request, Times.unlimited(), TimeToLive.unlimited(), priority)
                .withId(id)
                .thenRespond(new HttpObjectCallback().withClientId(id));
    }
}
