package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.dialect.SecurityScheme;
import org.mockserver.closurecallback.websocketregistry.LocalCallbackRegistry;
import org.mockserver.configuration.Configuration;
import org.mockserver.mock.Expectation;
import org.mockserver.mock.HttpState;
import org.mockserver.model.HttpRequest;
import org.mockserver.model.KeyToMultiValue;
import org.mockserver.model.NottableString;
import org.mockserver.netty.MockServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.http.OperationIds;
import dev.contractkit.mock.http.ServerPath;
import dev.contractkit.mock.state.ContractProxy;
import dev.contractkit.mock.state.MockState;
import dev.contractkit.mock.state.OutcomeSwitch;
import dev.contractkit.mock.respond.ContractExpectations;
import dev.contractkit.mock.netty.Callbacks;
import dev.contractkit.mock.netty.ContractFastPath;
import dev.contractkit.mock.netty.KitChannels;
import dev.contractkit.mock.netty.KitPipeline;
import dev.contractkit.mock.netty.ListenerGuard;

/**
 * One MockServer listener serving one API's contracts. The contract's expectations come back by themselves
 * after {@code PUT /mockserver/reset} (or a {@code clear} that removed them): the listener re-installs them.
 */
final class ApiMock implements AutoCloseable {
    private final Listener server;
    private final List<ContractExpectations.Entry> entries;
    private final Set<String> ids;
    private final KitChannels kit;
    private final MockState state;
    private String rolesClaim = SecurityScheme.DEFAULT_ROLES_CLAIM;
    private ContractFastPath fastPath;
    private final List<Finding> findings = new ArrayList<>();
    private OperationIds operations;

    private ApiMock(Listener server, List<ContractExpectations.Entry> entries, KitChannels kit, MockState state) {
        this.server = server;
        this.state = state;
        this.entries = entries;
        this.kit = kit;
        this.ids = entries.stream().map(ContractExpectations.Entry::id).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * @throws IllegalStateException naming the API, address and port when the port cannot be bound
     */
    static ApiMock start(Api api, List<ContractDocument> docs, List<ContractDocument> asyncapi, String host, int port,
                         Set<String> credentials, boolean stateful, Optional<URI> proxy,
                         Supplier<JsonNode> index,
                         Optional<String> preset, MockOptions options) {
        OutcomeSwitch outcome = new OutcomeSwitch(docs);
        preset.ifPresent(example -> outcome.preset(api.id(), example));
        MockState state = new MockState(api.id(), stateful, proxy.map(target -> new ContractProxy(api.id(), target, System.err)),
                outcome, preset);
        state.enforceRateLimits(options.enforceRateLimits());
        List<Finding> problems = new ArrayList<>();
        KitChannels kit = new KitChannels(api, docs, asyncapi, credentials, index, state);
        List<ContractExpectations.Entry> entries =
                ContractExpectations.build("contractkit-" + api.id() + "-" + UUID.randomUUID() + "-", docs, credentials, state, problems);
        Listener server;
        Configuration configuration = MockConfiguration.of(host);
        if (port != 0) {
            try {
                probe(host, port); // MockServer prints two stack traces for a port in use; say it in one line instead
            } catch (IllegalStateException inUse) {
                throw new IllegalStateException(api.id() + ": port " + port + " on " + host + " is in use ("
                        + inUse.getMessage() + "; the reference server, ./kit serve, uses the same ports): choose another"
                        + " with --port " + api.id() + "=<port> or KIT_" + api.id().toUpperCase(Locale.ROOT)
                        .replace('-', '_') + "_PORT, 0 for any free one", inUse);
            }
        }
        try {
            server = MatcherCacheLock.call(() -> new Listener(configuration, port));
        } catch (RuntimeException e) {
            throw new IllegalStateException(api.id() + ": cannot listen on " + host + ":" + port + " ("
                    + rootMessage(e) + ")", e);
        }
        kit.handshakeRules(entries);
        ServerPath serverPath = proxy.isEmpty() ? ServerPath.of(docs) : ServerPath.NONE; // a proxy forwards paths as sent
        kit.serverPath(serverPath);
        kit.guard(new ListenerGuard(new ListenerGuard.Settings(options.host(), options.allowedHosts(),
                options.controlPlaneEnabled(), options.controlToken(), options.maxBodyBytes()), errors(docs)));
        ApiMock mock = new ApiMock(server, entries, kit, state);
        kit.onReset(mock::reset);
        kit.callbacks(new Callbacks(docs, mock::lastReceived));
        mock.findings.addAll(problems);
        mock.rolesClaim = docs.stream().flatMap(d -> SecurityScheme.all(d.root(), d::resolve).values().stream())
                .flatMap(s -> s.rolesClaim().stream()).reduce((first, last) -> last)
                .orElse(SecurityScheme.DEFAULT_ROLES_CLAIM);
        mock.operations = new OperationIds(docs);
        if (proxy.isEmpty()) {
            mock.fastPath = new ContractFastPath(entries, server.state(), configuration, server.getLocalPort());
            kit.fastPath(mock.fastPath);
        }
        try {
            KitPipeline.install(server, kit);
        } catch (RuntimeException e) {
            server.stop();
            throw e;
        }
        mock.install(List.of());
        server.registerListener(mock::install);
        return mock;
    }

    int port() {
        return server.getLocalPort();
    }

    /** @return the documents' server path ({@code /api/v3}), "" when served at the root only */
    String serverPath() {
        return kit.serverPath().base();
    }

    /** The API's error shape for the listener's refusals, built at the first one (start-up stays as fast). */
    private static Supplier<ErrorReplies> errors(List<ContractDocument> docs) {
        AtomicReference<ErrorReplies> built = new AtomicReference<>();
        return () -> built.updateAndGet(e -> e != null ? e : new ErrorReplies(docs.stream()
                .flatMap(d -> d.operations().stream().map(op -> DeclaredResponses.of(d, op))).toList()));
    }

    /** @return how many entries MockServer's own request log holds now (read without handing it the fast path's) */
    int loggedEntries() {
        return server.state().getMockServerLog().size();
    }

    KitChannels kit() {
        return kit;
    }

    /** @return responses without an example whose schema-built value breaks the schema */
    List<Finding> findings() {
        return findings;
    }

    /** @return the claim path of roles in bearer tokens ({@code x-kit-roles-claim}), e.g. {@code realm_access.roles} */
    String rolesClaim() {
        return rolesClaim;
    }

    MockState state() {
        return state;
    }

    /**
     * @param id an operation id (its requests in every document of the API) or a document-qualified one
     *           ({@code codehost-v4#getRunner}: that document's only)
     * @return the requests the operation received, oldest first; each attributed as the contract routes it
     */
    List<RecordedRequest> received(String id) {
        List<ContractDocument.Operation> wanted = operations.resolve(id);
        kit.flushLog();
        CompletableFuture<List<RecordedRequest>> out = new CompletableFuture<>();
        MatcherCacheLock.run(() -> server.state().getMockServerLog().retrieveRequests(HttpRequest.request(),
                found -> out.complete(found.stream().map(r -> (HttpRequest) r).flatMap(r -> operations
                        .answering(r.getMethod().getValue(), r.getPath().getValue()).filter(wanted::contains).stream()
                        .map(op -> new RecordedRequest(r.getMethod().getValue(), r.getPath().getValue(),
                                multi(r.getQueryStringParameterList()), multi(r.getHeaderList()),
                                r.getBodyAsString() == null ? "" : r.getBodyAsString(),
                                operations.document(op.document()))))
                        .toList())));
        return out.join();
    }

    /** @return the last request the operation received, as its callbacks read it */
    private Optional<Callbacks.Received> lastReceived(String operationId) {
        return received(operationId).stream().reduce((first, last) -> last)
                .map(r -> new Callbacks.Received(r.path(), r.query(), r.headers(), r.body()));
    }

    private static Map<String, List<String>> multi(List<? extends KeyToMultiValue> entries) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.getName().getValue(),
                e.getValues().stream().map(NottableString::getValue).toList()));
        return out;
    }

    /** Removes expectations added by clients and the request log (MockServer's reset), and the kit's state. */
    void reset() {
        kit.flushLog(); // the requests answered so far are from before the reset: MockServer's reset drops them
        state.reset();
        MatcherCacheLock.run(() -> server.state().reset());
        install(List.of()); // now, not when MockServer's listener gets round to it: the next request may be on its way
    }

    /** (Re-)installs the contract's expectations unless every one of them is active. */
    private synchronized void install(List<Expectation> notified) {
        // MockServer notifies its listeners later, on its own thread: what it sends may be older than what is
        // active now (a reset re-installed the contract meanwhile), so the current state decides. Acting on a
        // stale list re-added the contract while requests came in, and one of them could find no expectation.
        List<Expectation> active = server.state().getRequestMatchers().retrieveActiveExpectations(null);
        Set<String> activeIds = active.stream().map(Expectation::getId).collect(Collectors.toSet());
        if (fastPath != null) {
            // answered in the kit's handler only while the contract's expectations are the only ones
            fastPath.enabled(activeIds.equals(ids));
        }
        if (activeIds.containsAll(ids)) {
            return;
        }
        for (ContractExpectations.Entry entry : entries) {
            LocalCallbackRegistry.registerCallback(entry.id(), entry.callback());
        }
        MatcherCacheLock.run(() -> server.state().add(entries.stream().map(ContractExpectations.Entry::expectation)
                .toArray(Expectation[]::new)));
        if (fastPath != null && activeIds.isEmpty()) {
            fastPath.enabled(true); // at start and after a reset; MockServer's listener confirms (or not) later
        }
    }

    @Override
    public void close() {
        kit.close();
        server.stop();
        ids.forEach(LocalCallbackRegistry::unregisterCallback);
    }

    private static void probe(String host, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** MockServer's listener, with its expectation store reachable in-process. */
    private static final class Listener extends MockServer {
        Listener(Configuration configuration, int port) {
            super(configuration, port);
        }

        HttpState state() {
            return httpState;
        }
    }
}
