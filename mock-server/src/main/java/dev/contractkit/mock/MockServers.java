package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.contractkit.specs.check.AsyncApiCheck;
import dev.contractkit.specs.check.ContractCheck;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Contract mocks on MockServer 5.15: one listener per API, on the API's port, answering every operation with the
 * contract's examples and refusing what the contract does not allow, in the contract's own error shape
 * (401 without credentials, 400 naming the broken parameter rule, 404 unknown path, 405 undeclared method).
 * {@code Prefer: code=404} or {@code Prefer: example=empty} picks another declared response. Every contract is
 * checked at start: a broken example stops the start with a {@link BrokenContractException}, unless lenient.
 * MockServer's own control plane ({@code /mockserver/expectation}, {@code verify}, {@code retrieve},
 * {@code reset}) stays available on every port; expectations added there win over the contract's.
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
    private final List<Finding> warnings;

    private MockServers(String host, Map<Api, ApiMock> mocks, List<Finding> warnings) {
        this.host = host;
        this.mocks = mocks;
        this.warnings = warnings;
    }

    /**
     * Checks the contracts and starts one listener per API.
     *
     * @param options what to serve
     * @return the running mocks; close them to stop every listener
     * @throws BrokenContractException when a contract fails its check and the options are not lenient
     * @throws IllegalStateException   when a port cannot be bound (naming the API and the port)
     */
    public static MockServers start(MockOptions options) {
        Map<Api, List<ContractDocument>> contracts = new LinkedHashMap<>();
        Map<Api, List<ContractDocument>> events = new LinkedHashMap<>();
        for (Api api : options.apis()) {
            contracts.put(api, options.contracts(api)
                    .orElseGet(() -> api.openapi().stream().map(ContractDocument::load).toList()));
            events.put(api, options.asyncapi(api)
                    .orElseGet(() -> api.asyncapi().stream().map(ContractDocument::load).toList()));
        }
        // the check (swagger-parser, schema compilation) and MockServer's start take similar time: overlap them
        CompletableFuture<List<Finding>> checked = CompletableFuture.supplyAsync(() -> contracts.values().stream()
                .flatMap(List::stream).flatMap(doc -> ContractCheck.check(doc).stream()).toList());
        // AsyncAPI: every message example validates against its payload schema (and the other AsyncApiCheck rules)
        CompletableFuture<List<Finding>> checkedEvents = CompletableFuture.supplyAsync(() -> events.values().stream()
                .flatMap(List::stream).flatMap(doc -> AsyncApiCheck.check(doc).stream()).toList());
        Map<Api, ApiMock> started = new EnumMap<>(Api.class);
        AtomicReference<MockServers> self = new AtomicReference<>();
        Supplier<JsonNode> index = () -> self.get() == null ? Json.MAPPER.createArrayNode() : self.get().index();
        try {
            contracts.forEach((api, docs) -> started.put(api, ApiMock.start(api, docs, events.get(api), options.host(),
                    options.port(api), options.credentials(api), index, options.outcome(api))));
            List<Finding> findings = new java.util.ArrayList<>(findings(checked));
            findings.addAll(findings(checkedEvents));
            if (!findings.isEmpty() && !options.lenient()) {
                throw new BrokenContractException(findings);
            }
            MockServers mocks = new MockServers(options.host(), started, List.copyOf(findings));
            self.set(mocks);
            return mocks;
        } catch (RuntimeException e) {
            started.values().forEach(ApiMock::close);
            throw e;
        }
    }

    private static List<Finding> findings(CompletableFuture<List<Finding>> checked) {
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

    /** @return the contract problems a lenient start went past (empty when strict or sound) */
    public List<Finding> warnings() {
        return warnings;
    }

    /** Stops every listener. */
    @Override
    public void close() {
        mocks.values().forEach(ApiMock::close);
    }
}
