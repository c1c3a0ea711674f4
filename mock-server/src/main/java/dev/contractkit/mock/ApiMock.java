package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.mockserver.closurecallback.websocketregistry.LocalCallbackRegistry;
import org.mockserver.configuration.Configuration;
import org.mockserver.mock.Expectation;
import org.mockserver.netty.MockServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * One MockServer listener serving one API's contracts. The contract's expectations come back by themselves
 * after {@code PUT /mockserver/reset} (or a {@code clear} that removed them): the listener re-installs them.
 */
final class ApiMock implements AutoCloseable {
    private final Listener server;
    private final List<ContractExpectations.Entry> entries;
    private final Set<String> ids;
    private final KitChannels kit;

    private ApiMock(Listener server, List<ContractExpectations.Entry> entries, KitChannels kit) {
        this.server = server;
        this.entries = entries;
        this.kit = kit;
        this.ids = entries.stream().map(ContractExpectations.Entry::id).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * @throws IllegalStateException naming the API, address and port when the port cannot be bound
     */
    static ApiMock start(Api api, List<ContractDocument> docs, List<ContractDocument> asyncapi, String host, int port,
                         java.util.Set<String> credentials, java.util.function.Supplier<com.fasterxml.jackson.databind.JsonNode> index,
                         java.util.Optional<String> preset) {
        Outcome outcome = new Outcome(docs);
        preset.ifPresent(example -> outcome.preset(api.id(), example));
        KitChannels kit = new KitChannels(api, docs, asyncapi, credentials, index, outcome);
        List<ContractExpectations.Entry> entries = ContractExpectations.build(
                "contractkit-" + api.id() + "-" + UUID.randomUUID() + "-", docs, credentials, outcome);
        Listener server;
        try {
            if (port != 0) {
                probe(host, port); // MockServer prints two stack traces for a port in use; say it in one line instead
            }
            server = new Listener(MockConfiguration.of(host), port);
        } catch (RuntimeException e) {
            throw new IllegalStateException(api.id() + ": cannot listen on " + host + ":" + port + " ("
                    + rootMessage(e) + ")", e);
        }
        ApiMock mock = new ApiMock(server, entries, kit);
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

    KitChannels kit() {
        return kit;
    }

    /** (Re-)installs the contract's expectations unless every one of them is active. */
    private synchronized void install(List<Expectation> active) {
        if (active.stream().map(Expectation::getId).collect(Collectors.toSet()).containsAll(ids)) {
            return;
        }
        for (ContractExpectations.Entry entry : entries) {
            LocalCallbackRegistry.registerCallback(entry.id(), entry.callback());
        }
        server.state().add(entries.stream().map(ContractExpectations.Entry::expectation).toArray(Expectation[]::new));
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

        org.mockserver.mock.HttpState state() {
            return httpState;
        }
    }
}
