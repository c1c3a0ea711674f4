package dev.contractkit.reference.platform;

import dev.contractkit.specs.Api;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Two reference servers in child JVMs on one PostgreSQL database of their own and one Redis key prefix of their
 * own, behind a real nginx running {@code docs/deployment/nginx-replicas.conf} (its addresses and ports replaced
 * by the replicas' and free ones). Everything is stopped and dropped by {@link #close()}, also after a failure.
 *
 * <pre>{@code
 * try (Replicas r = Replicas.start(dir, List.of(Api.COUPONS), Map.of())) {
 *     r.replica(0).url(Api.COUPONS);   // replica A directly
 *     r.proxy(Api.COUPONS);            // through nginx
 * }
 * }</pre>
 */
public final class Replicas implements AutoCloseable {
    /** The APIs the nginx configuration proxies, with their default ports as written there. */
    private static final List<Api> PROXIED = List.of(Api.COUPONS, Api.ANSWERS, Api.AGENT, Api.EXEC);
    private static final String REDIS_URL = System.getenv().getOrDefault("KIT_TEST_REDIS_URL", "redis://127.0.0.1:6379");

    private final List<AutoCloseable> resources = new ArrayList<>();
    private final List<ServerProcess> replicas = new ArrayList<>();
    private final Map<Api, Integer> proxyPorts = new LinkedHashMap<>();
    private PostgresDatabase database;
    private String redisPrefix;
    /** The coupon users' passwords behind the proxy (demo passwords are refused there). */
    public static final String ADMIN_PASSWORD = "replicas-admin-secret";
    /** Alice's. */
    public static final String ALICE_PASSWORD = "replicas-alice-secret";
    /** Bob's. */
    public static final String BOB_PASSWORD = "replicas-bob-secret";
    private static final String USERS = "admin:" + ADMIN_PASSWORD + ":admin+user,alice:" + ALICE_PASSWORD + ":user,bob:"
            + BOB_PASSWORD + ":user";
    private Nginx nginx;

    private Replicas() {
    }

    /**
     * @param dir  a directory of its own
     * @param apis the APIs each replica serves
     * @param env  more {@code KIT_*} settings for both replicas
     * @return two running replicas behind nginx
     */
    public static Replicas start(Path dir, List<Api> apis, Map<String, String> env) {
        Replicas r = new Replicas();
        try {
            r.database = PostgresDatabase.create();
            r.resources.add(r.database);
            r.redisPrefix = "kit-test-" + UUID.randomUUID().toString().substring(0, 8) + ":";
            String prefix = r.redisPrefix;
            r.resources.add(() -> deleteKeys(prefix));
            List<ServerSocket> reserved = new ArrayList<>();
            for (Api api : PROXIED) {
                ServerSocket port = Nginx.reservePort();
                reserved.add(port);
                r.resources.add(port);
                r.proxyPorts.put(api, port.getLocalPort());
            }
            Map<String, String> common = new HashMap<>();
            common.put("KIT_DB_URL", r.database.url());
            common.put("KIT_DB_USER", r.database.user());
            common.put("KIT_DB_POOL_SIZE", "8");
            common.put("KIT_REDIS_URL", REDIS_URL);
            common.put("KIT_REDIS_PREFIX", r.redisPrefix);
            common.put("KIT_TOKEN", TestDatabases.TOKEN);
            common.put("KIT_TRUSTED_PROXIES", "127.0.0.1");
            common.put("KIT_COUPONS_ISSUER_URL", r.proxy(Api.COUPONS) + "/realms/contractkit");
            common.put("KIT_COUPONS_PASSWORD_ITERATIONS", TestDatabases.PASSWORD_ITERATIONS);
            // behind the proxy the demo passwords are refused (and the start with them): users of the test's own
            common.put("KIT_COUPONS_USERS", USERS);
            common.putAll(env);
            for (String name : List.of("a", "b")) {
                // one after the other: the first one migrates and seeds the new database
                ServerProcess p = ServerProcess.start(name, dir.resolve(name), common, apis);
                r.replicas.add(p);
                r.resources.add(p);
            }
            r.nginx = Nginx.start(dir.resolve("nginx"), r.nginxConfig(), List.copyOf(r.proxyPorts.values()));
            r.resources.add(r.nginx);
            for (ServerSocket port : reserved) {
                try {
                    port.close(); // nginx listens on it now
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return r;
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
    }

    /** @return {@code docs/deployment/nginx-replicas.conf} with the replicas' addresses and the proxy's ports */
    private String nginxConfig() {
        String conf;
        try {
            conf = Files.readString(repositoryRoot().resolve("docs/deployment/nginx-replicas.conf"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Api api : PROXIED) {
            int port = api.defaultPort();
            for (int i = 0; i < 2; i++) {
                String target = replicas.get(i).apiServed(api) ? "127.0.0.1:" + replicas.get(i).port(api) : "127.0.0.1:9";
                conf = conf.replace("10.0.0.1" + (i + 1) + ":" + port + ";", target + ";");
            }
            conf = conf.replace("listen " + port + ";", "listen 127.0.0.1:" + proxyPorts.get(api) + " reuseport;");
        }
        return conf;
    }

    private static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("docs/deployment"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("docs/deployment not found above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    private static void deleteKeys(String prefix) {
        try (JedisPooled redis = new JedisPooled(URI.create(REDIS_URL))) {
            String cursor = ScanParams.SCAN_POINTER_START;
            do {
                ScanResult<String> page = redis.scan(cursor, new ScanParams().match(prefix + "*").count(500));
                if (!page.getResult().isEmpty()) {
                    redis.del(page.getResult().toArray(String[]::new));
                }
                cursor = page.getCursor();
            } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        }
    }

    /**
     * @param i 0 (replica A) or 1 (replica B)
     * @return that replica
     */
    public ServerProcess replica(int i) {
        return replicas.get(i);
    }

    /**
     * @param api a proxied API (coupons, answers, agent, exec)
     * @return its base URL through nginx
     */
    public String proxy(Api api) {
        return "http://127.0.0.1:" + proxyPorts.get(api);
    }

    /** @return the database both replicas use */
    public PostgresDatabase database() {
        return database;
    }

    /** @return the Redis key prefix both replicas use */
    public String redisPrefix() {
        return redisPrefix;
    }

    /** @return nginx's log, for failure messages */
    public String proxyLog() {
        return nginx == null ? "" : nginx.log();
    }

    @Override
    public void close() {
        for (int i = resources.size() - 1; i >= 0; i--) {
            try {
                resources.get(i).close();
            } catch (Exception e) {
                System.err.println("replicas: could not clean up " + resources.get(i) + ": " + e.getMessage());
            }
        }
        resources.clear();
    }
}
