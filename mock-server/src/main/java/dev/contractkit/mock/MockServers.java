package dev.contractkit.mock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.Api;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.contractkit.specs.check.AsyncApiCheck;
import dev.contractkit.specs.check.ContractCheck;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;

import dev.contractkit.mock.netty.ListenerGuard;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.JsonAnswer;
import dev.contractkit.mock.state.ContractProxy;
import org.mockserver.closurecallback.websocketregistry.LocalCallbackRegistry;

/**
 * Contract mocks on MockServer 5.15: one listener per API, on the API's port, answering every operation with the
 * contract's examples and refusing what the contract does not allow, in the contract's own error shape
 * (401 without credentials, 400 naming the broken parameter rule, 404 unknown path, 405 undeclared method).
 * {@code Prefer: code=404} or {@code Prefer: example=empty} picks another declared response. Every contract is
 * checked at start: for the kit's own APIs a broken example stops the start with a {@link BrokenContractException}
 * (unless lenient); a document read from disk starts all the same and lists its problems ({@link #problems(Api)}),
 * unless {@link MockOptions.Builder#strict(boolean) strict}.
 * MockServer's own control plane ({@code /mockserver/expectation}, {@code verify}, {@code retrieve},
 * {@code reset}) stays available on every port of a loopback bind (elsewhere only with
 * {@link MockOptions.Builder#controlPlane(boolean)} and a token); expectations added there win over the contract's.
 * Every listener refuses a foreign {@code Host} (421), oversized bodies (413) and proxying ({@link ListenerGuard}).
 *
 * <pre>{@code
 * try (MockServers mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0).build())) {
 *     String base = mocks.url(Api.FORMS);   // e.g. http://127.0.0.1:40215
 *     // GET base + "/forms/1" with "Authorization: Token token=any" answers the contract's example
 * }
 * }</pre>
 */
public final class MockServers implements AutoCloseable {
    private final String host;
    private final Map<Api, ApiMock> mocks;
    private final Map<Api, List<Finding>> problems;

    private MockServers(String host, Map<Api, ApiMock> mocks, Map<Api, List<Finding>> problems) {
        this.host = host;
        this.mocks = mocks;
        this.problems = problems;
    }

    /**
     * Checks the contracts and starts one listener per API.
     *
     * @param options what to serve
     * @return the running mocks; close them to stop every listener
     * @throws BrokenContractException when a contract fails its check and its API is strict ({@link MockOptions#strict(Api)})
     * @throws IllegalStateException   when a port cannot be bound (naming the API and the port)
     */
    public static MockServers start(MockOptions options) {
        LazyCertificates.install(); // MockServer's TLS keys when a TLS client comes, not at every start
        Map<Api, List<ContractDocument>> contracts = new LinkedHashMap<>();
        Map<Api, List<ContractDocument>> events = new LinkedHashMap<>();
        for (Api api : options.apis()) {
            contracts.put(api, options.contracts(api)
                    .orElseGet(() -> api.openapi().stream().map(f -> load(api, f)).toList()));
            events.put(api, options.asyncapi(api)
                    .orElseGet(() -> api.asyncapi().stream().map(f -> load(api, f)).toList()));
        }
        // the kit's own contracts passed the OpenAPI parser in the build (specs): at start only their examples are
        // checked again; documents given through MockOptions.contracts get the full check
        Set<ContractDocument> shipped = Collections.newSetFromMap(new IdentityHashMap<>());
        options.apis().stream().filter(api -> api.inCatalogue() && options.contracts(api).isEmpty()).forEach(api -> shipped.addAll(contracts.get(api)));
        // documents given on the command line (any OpenAPI 3.0/3.1 document): their examples are checked, the
        // kit's own conventions (3.0.x, operation ids) are not asked of them
        Set<ContractDocument> outside = Collections.newSetFromMap(new IdentityHashMap<>());
        options.apis().stream().filter(api -> !api.inCatalogue() && options.contracts(api).isEmpty())
                .forEach(api -> outside.addAll(contracts.get(api)));
        Set<ContractDocument> outsideEvents = Collections.newSetFromMap(new IdentityHashMap<>());
        options.apis().stream().filter(api -> !api.inCatalogue() && options.asyncapi(api).isEmpty())
                .forEach(api -> outsideEvents.addAll(events.get(api)));
        // the check (swagger-parser, schema compilation) and MockServer's start take similar time: overlap them
        CompletableFuture<Map<Api, List<Finding>>> checked = CompletableFuture.supplyAsync(() -> perApi(contracts,
                doc -> check(doc, shipped, outside).stream()
                        .filter(f -> !f.message().equals(ContractCheck.NO_EXAMPLE)).toList())); // built from the schema
        // AsyncAPI: every message example validates against its payload schema (and the other AsyncApiCheck rules)
        CompletableFuture<Map<Api, List<Finding>>> checkedEvents = CompletableFuture.supplyAsync(() -> perApi(events,
                doc -> AsyncApiCheck.check(doc).stream()
                        // a document given on the command line: only its examples must hold, not the kit's conventions
                        .filter(f -> !outsideEvents.contains(doc) || f.message().startsWith("example breaks its schema"))
                        .toList()));
        Map<Api, ApiMock> started = new LinkedHashMap<>();
        AtomicReference<MockServers> self = new AtomicReference<>();
        Supplier<JsonNode> index = () -> self.get() == null ? Json.MAPPER.createArrayNode() : self.get().index();
        try {
            startAll(options, contracts, events, index, started);
            Map<Api, List<Finding>> openapi = findings(checked);
            Map<Api, List<Finding>> asyncapi = findings(checkedEvents);
            Map<Api, List<Finding>> problems = new LinkedHashMap<>();
            for (Api api : options.apis()) {
                Set<Finding> each = new LinkedHashSet<>(openapi.getOrDefault(api, List.of())); // each problem once
                each.addAll(asyncapi.getOrDefault(api, List.of()));
                each.addAll(started.get(api).findings());
                problems.put(api, List.copyOf(each));
            }
            List<Finding> refusing = problems.entrySet().stream().filter(e -> options.strict(e.getKey()))
                    .flatMap(e -> e.getValue().stream()).toList();
            if (!refusing.isEmpty()) {
                throw new BrokenContractException(refusing);
            }
            MockServers mocks = new MockServers(options.host(), started, problems);
            self.set(mocks);
            return mocks;
        } catch (RuntimeException e) {
            started.values().forEach(ApiMock::close);
            throw e;
        }
    }

    private static Map<Api, List<Finding>> perApi(Map<Api, List<ContractDocument>> documents,
                                                  Function<ContractDocument, List<Finding>> check) {
        Map<Api, List<Finding>> out = new LinkedHashMap<>();
        documents.forEach((api, docs) -> out.put(api, docs.stream().flatMap(doc -> check.apply(doc).stream()).toList()));
        return out;
    }

    /**
     * Starts the listeners side by side (MockServer's start is mostly class loading and Netty set-up, which
     * overlap well); the first failure is thrown once every start has ended, and {@code started} holds the
     * ones that did start, so the caller can close them.
     */
    private static void startAll(MockOptions options, Map<Api, List<ContractDocument>> contracts,
                                 Map<Api, List<ContractDocument>> events, Supplier<JsonNode> index, Map<Api, ApiMock> started) {
        // MockServer creates its JVM-wide callback registry lazily, unsynchronised: create it before the threads race
        LocalCallbackRegistry.responseCallbackRegistry();
        ExecutorService pool = Executors.newFixedThreadPool(
                Math.max(1, Math.min(contracts.size(), 4)), r -> {
                    Thread t = new Thread(r, "kit-mock-start");
                    t.setDaemon(true);
                    return t;
                });
        try {
            Map<Api, CompletableFuture<ApiMock>> starting = new LinkedHashMap<>();
            contracts.forEach((api, docs) -> starting.put(api, CompletableFuture.supplyAsync(() -> ApiMock.start(api, docs,
                    events.get(api), options.host(), options.port(api), options.credentials(api), options.stateful(),
                    options.proxy(api), index, options.outcome(api), options), pool)));
            RuntimeException first = null;
            for (Map.Entry<Api, CompletableFuture<ApiMock>> e : starting.entrySet()) {
                try {
                    started.put(e.getKey(), e.getValue().join());
                } catch (CompletionException failed) {
                    if (first == null) {
                        first = failed.getCause() instanceof RuntimeException r ? r : failed;
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            pool.shutdown();
        }
    }

    private static List<Finding> check(ContractDocument doc, Set<ContractDocument> shipped,
                                       Set<ContractDocument> outside) {
        if (outside.contains(doc)) {
            return ContractCheck.checkExamples(doc).stream()
                    .filter(f -> !f.message().equals("operation has no operationId")).toList();
        }
        return shipped.contains(doc) ? ContractCheck.checkExamples(doc) : ContractCheck.check(doc);
    }

    /** A catalogue API's file from the specs jar, a document given on the command line from disk. */
    private static ContractDocument load(Api api, String file) {
        return api.inCatalogue() ? ContractDocument.load(file) : ContractDocument.parse(file, api.readUtf8(file));
    }

    private static Map<Api, List<Finding>> findings(CompletableFuture<Map<Api, List<Finding>>> checked) {
        try {
            return checked.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** @return the APIs being served, in catalogue order */
    public List<Api> apis() {
        return List.copyOf(mocks.keySet());
    }

    /**
     * @param api a served API
     * @return the port its listener is bound to
     * @throws IllegalArgumentException when the API is not served
     */
    public int port(Api api) {
        ApiMock mock = mocks.get(api);
        if (mock == null) {
            throw new IllegalArgumentException(api.id() + " is not served; served: " + apis());
        }
        return mock.port();
    }

    /**
     * @param api a served API
     * @return its base URL, e.g. {@code http://127.0.0.1:8081}
     * @throws IllegalArgumentException when the API is not served
     */
    public String url(Api api) {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port(api);
    }

    /**
     * @param api a served API
     * @return the URL its document's paths are under: {@link #url} and the path of the document's first server URL
     * ({@code servers: [{url: /api/v3}]}: {@code http://127.0.0.1:4010/api/v3}); the paths answer at {@link #url}
     * as well
     * @throws IllegalArgumentException when the API is not served
     */
    public String baseUrl(Api api) {
        return url(api) + mocks.get(api).serverPath();
    }

    /**
     * @param api a served API
     * @return the WebSocket URL of each of its AsyncAPI channels, e.g. {@code ws://127.0.0.1:8082/ws/coupons}
     */
    public List<String> channelUrls(Api api) {
        port(api);
        return mocks.get(api).kit().addresses().stream().map(a -> url(api).replaceFirst("^http", "ws") + a).toList();
    }

    /** @return the body of {@code GET /mockserver/kit/apis}: every served API, its URL and channels */
    JsonNode index() {
        ArrayNode out = Json.MAPPER.createArrayNode();
        mocks.forEach((api, mock) -> out.add(mock.kit().describe(url(api))));
        return out;
    }

    /** @return the listener serving the API (tests in this package) */
    ApiMock mock(Api api) {
        return mocks.get(api);
    }

    /**
     * Between tests: removes expectations clients added, the request log, responses set through the control API,
     * and (stateful) goes back to the contract's examples; the contract's own expectations stay.
     */
    public void reset() {
        mocks.values().forEach(ApiMock::reset);
    }

    /**
     * Sets the response of one operation until {@link #reset()}: a declared status and, optionally, one of its
     * named examples (what {@code PUT /mockserver/kit/responses} does).
     *
     * @param api         a served API
     * @param operationId the operation: an operation id sets it in every document of the API that has it (each
     *                    checked against its own document), a document-qualified one ({@code codehost-v4#getRunner})
     *                    in that document only
     * @param status      a status the operation declares
     * @param example     the name of an example under that status, or null for its first
     * @throws IllegalArgumentException naming the problem (unknown operation, undeclared status, unknown example)
     */
    public void setResponse(Api api, String operationId, int status, String example) {
        port(api);
        ObjectNode spec = Json.MAPPER.createObjectNode()
                .put("operation", operationId).put("status", status);
        if (example != null) {
            spec.put("example", example);
        }
        JsonAnswer answer = mocks.get(api).state().overrides().control("PUT", spec.toString());
        if (answer.status() != 200) {
            throw new IllegalArgumentException(answer.body().path("message").asText());
        }
    }

    /**
     * @param api         a served API
     * @param operationId one of its operations: an operation id names that operation in every document of the API
     *                    (codehost's {@code getRunner}: {@code /api/v4/...} and {@code /api/v5/...}), a
     *                    document-qualified one ({@code codehost-v4#getRunner}) only that document's
     * @return the requests it received for that operation since the start or the last reset, oldest first, each
     * with the {@link RecordedRequest#document() document} it reached (MockServer keeps the last
     * {@code mockserver.maxLogEntries}, default 100, requests per API)
     * @throws IllegalArgumentException when the API does not have the operation (naming the ids it has)
     */
    public List<RecordedRequest> received(Api api, String operationId) {
        port(api);
        return mocks.get(api).received(operationId);
    }

    /**
     * A bearer token the API's mock accepts, as its token endpoint would issue it: roles {@code user}, plus
     * {@code admin} for a username starting with {@code admin}, under the contract's {@code x-kit-roles-claim}.
     *
     * @param api      a served API
     * @param username the token's subject
     * @return a signed JWT, valid for an hour
     */
    public String token(Api api, String username) {
        port(api);
        ApiMock mock = mocks.get(api);
        return mock.state().tokens().mint(username, mock.rolesClaim(), Duration.ofHours(1), "Bearer");
    }

    /**
     * @param api a served API
     * @return the URL it forwards to, when it runs as a validating proxy
     */
    public Optional<URI> proxyTarget(Api api) {
        port(api);
        return mocks.get(api).state().proxy().map(ContractProxy::target);
    }

    /**
     * @param api a served API running as a validating proxy
     * @return {@code {target, exchanges, withViolations, recent: [{operation, method, path, status, violations}]}}
     * @throws IllegalArgumentException when the API is not proxied
     */
    public JsonNode proxyReport(Api api) {
        port(api);
        return mocks.get(api).state().proxy().orElseThrow(() -> new IllegalArgumentException(api.id() + " is not proxied"))
                .describe(false);
    }

    /**
     * @return what the documents declare that the mock does not serve, one line each naming the feature and
     * where (e.g. an MQTT channel); the rest of the document is served
     */
    public List<String> notices() {
        return mocks.values().stream().flatMap(m -> m.kit().notices().stream()).toList();
    }

    /** @return the contract problems the start went past, of every API (empty when strict or sound) */
    public List<Finding> warnings() {
        return problems.values().stream().flatMap(List::stream).toList();
    }

    /**
     * @param api a served API
     * @return its documents' own problems the start went past, each once (empty when sound): examples that break
     * their schemas (answered with a value built from the schema instead, {@code X-Kit-Example-Replaced} saying
     * so), schemas no value was found for ...
     */
    public List<Finding> problems(Api api) {
        port(api);
        return problems.getOrDefault(api, List.of());
    }

    /** Stops every listener. */
    @Override
    public void close() {
        mocks.values().forEach(ApiMock::close);
    }
}
