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
import java.util.TreeMap;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.rules.EchoedRequestIds;
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

        Entry at(Expectation other) {
            return new Entry(other, callback, responder);
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
        Map<String, Map<String, Responder>> methods = new LinkedHashMap<>();
        Map<String, String> files = new LinkedHashMap<>();
        List<DeclaredResponses> all = new ArrayList<>();
        Map<ContractDocument.Operation, DeclaredResponses> declared = new LinkedHashMap<>();
        for (ContractDocument doc : docs) {
            for (ContractDocument.Operation op : doc.operations()) {
                DeclaredResponses responses = DeclaredResponses.of(doc, op);
                declared.put(op, responses);
                files.putIfAbsent(op.path(), doc.file());
                problems.addAll(responses.unsatisfiable());
                all.add(responses);
            }
        }
        ErrorReplies errors = new ErrorReplies(all);
        List<Entry> entries = new ArrayList<>();
        Map<String, Integer> rank = rank(declared.keySet());
        declared.forEach((op, responses) -> {
            PathTemplate path = PathTemplate.parse(op.path());
            int priority = -10 - 2 * rank.get(op.path());
            Optional<HttpRequest> keyed = KeyedPath.matcher(op, path);
            Entry entry = state.proxy().isPresent()
                    ? new Entry(null, new ProxyResponder(Optional.of(op), Optional.of(responses), state.proxy().get()), null)
                    : new Entry(null, new OperationResponder(op, responses, errors, accepted, state));
            String id = idPrefix + op.method() + " " + op.path();
            methods.computeIfAbsent(op.path(), p -> new LinkedHashMap<>()).put(op.method(), entry.responder());
            entries.add(entry.at(expectation(HttpRequest.request().withMethod(op.method())
                    .withPath(keyed.isPresent() ? path.literalRegex() : path.regex()), priority, id)));
            keyed.ifPresent(k -> entries.add(entry.at(expectation(k, priority, id + " (keyed)"))));
        });
        Expectation anyOther = expectation(HttpRequest.request(), -20 - 2 * rank.size(), idPrefix + "not-found");
        if (state.proxy().isPresent()) { // forwarded too, and reported as outside the contract
            entries.add(new Entry(anyOther, new ProxyResponder(Optional.empty(), Optional.empty(), state.proxy().get()), null));
            return List.copyOf(entries);
        }
        // the replies of no operation (404, 405) echo the request id as the operations' do
        Optional<EchoedRequestIds> echo = docs.stream().map(EchoedRequestIds::of).flatMap(Optional::stream).findFirst();
        notAllowed(idPrefix, methods, files, rank, errors, problems).forEach(e -> entries.add(echoing(e, echo)));
        entries.add(echoing(new Entry(anyOther, request -> errors.reply(404, Optional.empty(),
                "no operation of the contract matches " + request.method() + " " + request.path())), echo));
        return List.copyOf(entries);
    }

    /**
     * The 405 answers, one per URL shape: templates that differ only in their parameters' names
     * ({@code /providers/{providerID}} with DELETE, {@code /providers/{providerId}} with GET, as vtex's documents
     * have) match the same URLs, so they answer as one path, with the methods of both in {@code Allow}, below every
     * operation of them. OpenAPI says such paths MUST NOT exist: listed as a problem of the document.
     */
    private static List<Entry> notAllowed(String idPrefix, Map<String, Map<String, Responder>> methods, Map<String, String> files,
                                          Map<String, Integer> rank, ErrorReplies errors, List<Finding> problems) {
        Map<String, List<String>> byShape = new LinkedHashMap<>();
        methods.keySet().forEach(t -> byShape.computeIfAbsent(PathTemplate.parse(t).wireRegex(), r -> new ArrayList<>()).add(t));
        List<Entry> out = new ArrayList<>();
        byShape.values().forEach(templates -> {
            Map<String, List<Responder>> allowed = new TreeMap<>();
            int last = 0;
            for (String t : templates) {
                methods.get(t).forEach((m, r) -> allowed.computeIfAbsent(m, k -> new ArrayList<>()).add(r));
                last = Math.max(last, rank.get(t));
            }
            if (templates.stream().filter(t -> PathTemplate.parse(t).key().isEmpty()).count() > 1) {
                problems.add(new Finding(files.get(templates.get(0)), "/paths", "paths " + String.join(" and ", templates) + " differ only in "
                        + "their parameters' names, which OpenAPI says MUST NOT exist; served as one path", ""));
            }
            String keyed = String.join(", ", templates.stream().filter(t -> !PathTemplate.parse(t).key().isEmpty()).toList());
            out.add(notAllowed(idPrefix, PathTemplate.parse(templates.get(0)), -11 - 2 * last, allowed, keyed, errors));
        });
        return out;
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

    private static Entry notAllowed(String idPrefix, PathTemplate path, int priority, Map<String, List<Responder>> byMethod,
                                    String keyed, ErrorReplies errors) {
        String allowed = String.join(", ", byMethod.keySet());
        Expectation e = expectation(HttpRequest.request().withPath(path.regex()), priority,
                idPrefix + "method-not-allowed-" + path.template());
        return new Entry(e, request -> byMethod.containsKey(request.method())
                // operations of that method are here, told apart by a query parameter or header the request lacks: the
                // only one answers (and says what the request lacks), of several none can be chosen
                ? byMethod.get(request.method()).size() == 1 ? byMethod.get(request.method()).get(0).answer(request)
                : errors.reply(404, Optional.empty(), "no operation of the contract matches " + request.method() + " "
                        + request.path() + ": operations of " + PathTemplate.head(path.template()) + " are told apart by"
                        + " a query parameter or header, and the request has none of theirs (" + keyed + ")")
                : errors.reply(405, Optional.empty(), "method " + request.method() + " is not allowed on "
                        + path.template() + "; allowed: " + allowed).withHeader("Allow", allowed));
    }

    private static Entry echoing(Entry entry, Optional<EchoedRequestIds> echo) {
        if (echo.isEmpty()) {
            return entry;
        }
        Responder inner = entry.responder();
        return new Entry(entry.expectation(), request -> echo.get().apply(request, inner.answer(request)));
    }

    private static Expectation expectation(HttpRequest request, int priority, String id) {
        return new Expectation(request, Times.unlimited(), TimeToLive.unlimited(), priority)
                .withId(id)
                .thenRespond(new HttpObjectCallback().withClientId(id));
    }
}
