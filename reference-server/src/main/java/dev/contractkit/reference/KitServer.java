package dev.contractkit.reference;

import dev.contractkit.reference.platform.AllowedHosts;
import dev.contractkit.reference.platform.PublicUrl;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.ApiServer;
import dev.contractkit.reference.platform.Cluster;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.KitToken;
import dev.contractkit.reference.platform.Leases;
import dev.contractkit.reference.platform.ServerSettings;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import io.helidon.webserver.WebServer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The reference server: one database, one Helidon listener per API, in one process.
 *
 * <pre>{@code
 * try (KitServer server = KitServer.start(Settings.fromEnvironment(), List.of(Api.FORMS))) {
 *     System.out.println(server.url(Api.FORMS));   // http://127.0.0.1:8081
 * }
 * }</pre>
 */
public final class KitServer implements AutoCloseable {
    private final Database database;
    private final Cluster cluster;
    private final Leases leases;
    private final Map<Api, WebServer> servers;
    private final List<ApiModule> modules;
    private final String host;
    /** Set when {@link #close} begins: Helidon's own 500s during the stop are answered 503 (ApiServer). */
    private final AtomicBoolean stopping;

    private KitServer(Database database, Cluster cluster, Leases leases, Map<Api, WebServer> servers,
                      List<ApiModule> modules, String host, AtomicBoolean stopping) {
        this.stopping = stopping;
        this.database = database;
        this.cluster = cluster;
        this.leases = leases;
        this.servers = servers;
        this.modules = modules;
        this.host = host;
    }

    /**
     * Opens the database and starts the listeners. Ports come from {@code KIT_<API>_PORT}
     * (0 picks a free one), the address from {@code KIT_HOST} (default 127.0.0.1).
     *
     * @param settings the configuration
     * @param apis     the APIs to serve
     * @return the running server
     */
    public static KitServer start(Settings settings, List<Api> apis) {
        Map<Api, ApiProvider> providers = providers();
        for (Api api : apis) {
            // an API without a module, or a bad value of an API's settings, is refused before anything opens
            provider(providers, api).settings(settings);
        }
        ServerSettings server = ServerSettings.from(settings, apis);
        String host = server.host();
        Database database = Database.open(settings);
        Cluster cluster;
        Leases leases;
        try {
            cluster = Cluster.open(settings, database);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
        try {
            leases = Leases.start(settings, database);
        } catch (RuntimeException e) {
            cluster.close();
            database.close();
            throw e;
        }
        AllowedHosts allowed = AllowedHosts.of(settings, host);
        Settings forToken = settings;
        Supplier<KitToken> token = memo(() -> KitToken.load(forToken));
        if (apis.stream().anyMatch(KitServer::needsKitToken)) {
            token.get(); // made (and where it is printed) at start, so execcli finds it before the first call
        }
        Map<Api, WebServer> servers = new LinkedHashMap<>();
        AtomicBoolean stopping = new AtomicBoolean();
        List<ApiModule> modules = new ArrayList<>();
        try {
            for (Api api : startOrder(apis)) {
                if (api == Api.EXEC && servers.containsKey(Api.RUNTIME) && settings.get("exec.runtime-url").isEmpty()) {
                    // the co-hosted runtime is still reached over HTTP, at the URL it actually listens on
                    settings = settings.with("exec.runtime-url", "http://" + host + ":" + servers.get(Api.RUNTIME).port());
                }
                ApiModule module = provider(providers, api).create(
                        new ApiProvider.ModuleContext(settings, database, cluster, leases));
                modules.add(module);
                servers.put(api, ApiServer.start(module, database, host, server.ports().get(api),
                        new ApiServer.Limits(allowed, server.maxBodyBytes().get(api),
                                api == Api.AGENT ? "PAYLOAD_TOO_LARGE" : "BODY_TOO_LARGE", token,
                                PublicUrl.of(settings, api.id(), allowed::allowsHost), stopping::get)));
            }
        } catch (RuntimeException e) {
            servers.values().forEach(WebServer::stop);
            modules.forEach(ApiModule::close);
            cluster.close();
            leases.close();
            database.close();
            throw e;
        }
        return new KitServer(database, cluster, leases, servers, List.copyOf(modules), host, stopping);
    }

    /** @return true for the APIs whose contract names the kit token (exec, runtime, agent) */
    static boolean needsKitToken(Api api) {
        return api == Api.EXEC || api == Api.RUNTIME || api == Api.AGENT;
    }

    private static <T> Supplier<T> memo(Supplier<T> s) {
        return new Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = s.get();
                }
                return value;
            }
        };
    }

    /** The runtime starts before the control plane, so the control plane can be pointed at its real port. */
    private static List<Api> startOrder(List<Api> apis) {
        List<Api> out = new ArrayList<>(apis);
        if (out.remove(Api.RUNTIME)) {
            out.add(0, Api.RUNTIME);
        }
        return out;
    }

    /**
     * The APIs this server has a module for, found with {@link ServiceLoader} (each API's package has an
     * {@link ApiProvider}, listed in {@code META-INF/services}).
     *
     * @return provider by API, in the order found
     */
    public static Map<Api, ApiProvider> providers() {
        Map<Api, ApiProvider> out = new LinkedHashMap<>();
        for (ApiProvider p : ServiceLoader.load(ApiProvider.class, KitServer.class.getClassLoader())) {
            if (out.putIfAbsent(p.api(), p) != null) {
                throw new IllegalStateException("two providers for the API " + p.api().id() + ": "
                        + out.get(p.api()).getClass().getName() + " and " + p.getClass().getName());
            }
        }
        return out;
    }

    private static ApiProvider provider(Map<Api, ApiProvider> providers, Api api) {
        ApiProvider p = providers.get(api);
        if (p == null) {
            throw new IllegalArgumentException(api.id() + (api.mockOnly() ? " is served by the mock server only"
                    : " has no module in the reference server; the mock serves it") + " (./kit mock --api " + api.id() + ")");
        }
        return p;
    }

    /**
     * @param api a served API
     * @return the port it listens on
     */
    public int port(Api api) {
        WebServer server = servers.get(api);
        if (server == null) {
            throw new IllegalArgumentException(api.id() + " is not served here");
        }
        return server.port();
    }

    /**
     * @param api a served API
     * @return its base URL
     */
    public String url(Api api) {
        return "http://" + host + ":" + port(api);
    }

    /** @return the served APIs */
    public List<Api> apis() {
        return List.copyOf(servers.keySet());
    }

    /** @return what the replicas share: bus and rate-limit counters */
    public Cluster cluster() {
        return cluster;
    }

    /** @return the database */
    public Database database() {
        return database;
    }

    @Override
    public void close() {
        stopping.set(true);
        servers.values().forEach(WebServer::stop);
        modules.forEach(ApiModule::close);
        cluster.close();
        leases.close();
        database.close();
    }

    /** @return this process's replica id and lease (the owner of the runs and tasks it starts) */
    public Leases leases() {
        return leases;
    }
}
