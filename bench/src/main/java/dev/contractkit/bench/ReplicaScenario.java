package dev.contractkit.bench;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code ./kit bench replicas} (not in the default set: it needs PostgreSQL at 127.0.0.1:5432 and Redis at
 * 127.0.0.1:6379, or {@code KIT_BENCH_PG_URL} / {@code KIT_BENCH_REDIS_URL}): two reference servers on one new
 * database and one Redis prefix. Reports event delivery from a coupon created on replica A to a WebSocket
 * subscriber on replica B (baseline: a subscriber on A itself), and the redemption rate of both replicas loaded
 * at once against one replica alone.
 */
final class ReplicaScenario {
    private static final String PG = System.getenv().getOrDefault("KIT_BENCH_PG_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    private static final String REDIS = System.getenv().getOrDefault("KIT_BENCH_REDIS_URL", "redis://127.0.0.1:6379");
    private static final int CREATES = 100;

    private ReplicaScenario() {
    }

    /** Starts a reference server (coupons only) with these extra environment variables. */
    interface Starter {
        Target start(Map<String, String> env) throws Exception;
    }

    /** Loads the given coupons base URLs at once with redemptions; returns the sum of requests/s and the worst p99. */
    interface Load {
        double[] run(List<String> coupons) throws Exception;
    }

    /**
     * @param start starts one replica
     * @param load  the redemption load
     * @return the delivery and the redemption results
     */
    static List<ScenarioResult> run(Starter start, Load load) throws Exception {
        String db = "kit_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        execute("CREATE DATABASE " + db);
        try {
            Map<String, String> env = new LinkedHashMap<>();
            env.put("KIT_DB_URL", pgUrl(db));
            env.put("KIT_DB_USER", pgUser());
            env.put("KIT_REDIS_URL", REDIS);
            env.put("KIT_REDIS_PREFIX", db + ":");
            env.put("KIT_COUPONS_ISSUER_URL", "http://127.0.0.1/realms/contractkit"); // one issuer for both replicas
            try (Target a = start.start(env); Target b = start.start(env)) {
                List<ScenarioResult> out = new ArrayList<>();
                out.add(delivery(a.url("coupons"), b.url("coupons")));
                double[] one = load.run(List.of(a.url("coupons")));
                double[] two = load.run(List.of(a.url("coupons"), b.url("coupons")));
                out.add(new ScenarioResult("replicas-redeem", "POST /coupons/v1/redeem (a new order each) on one replica, "
                        + "then on two replicas at once (one PostgreSQL, one Redis; wrk per replica)",
                        "one replica", "", List.of(
                        new Measured("one replica", one[0], Double.NaN, one[1], 0, -1, -1, List.of(), 1),
                        new Measured("two replicas together", two[0], Double.NaN, two[1], 0, -1, -1, List.of(),
                                two[0] / one[0]))));
                return out;
            }
        } finally {
            execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
            redisCleanup(db + ":");
        }
    }

    private static ScenarioResult delivery(String couponsA, String couponsB) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String admin = Harness.token(http, couponsA, "admin", "admin-password");
        double[] local = deliveries(http, couponsA, couponsA, admin);
        double[] remote = deliveries(http, couponsA, couponsB, admin);
        double base = Streams.percentile(local, 50);
        return new ScenarioResult("replicas-delivery", CREATES + " coupons created on replica A, one after another; "
                + "time from sending the POST to the coupon_created message on a WebSocket subscriber",
                "subscriber on replica A (same replica)", "well under a second", List.of(
                new Measured("subscriber on replica A (same replica)", Double.NaN, base,
                        Streams.percentile(local, 99), 0, -1, -1, List.of(), 1),
                new Measured("subscriber on replica B (through the bus)", Double.NaN, Streams.percentile(remote, 50),
                        Streams.percentile(remote, 99), 0, -1, -1, List.of(), Streams.percentile(remote, 50) / base)));
    }

    private static double[] deliveries(HttpClient http, String writeTo, String listenOn, String admin) throws Exception {
        AtomicReference<String> marker = new AtomicReference<>("none");
        AtomicReference<CountDownLatch> arrived = new AtomicReference<>(new CountDownLatch(1));
        WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create(listenOn.replaceFirst("^http", "ws")
                + "/ws/coupons?token=" + URLEncoder.encode(admin, StandardCharsets.UTF_8)), new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    if (text.indexOf(marker.get()) >= 0) {
                        arrived.get().countDown();
                    }
                    text.setLength(0);
                }
                socket.request(1);
                return null;
            }
        }).get(30, TimeUnit.SECONDS);
        double[] ms = new double[CREATES];
        try {
            for (int i = -5; i < CREATES; i++) { // five warm-up creates
                String title = "bench replicas " + UUID.randomUUID();
                CountDownLatch latch = new CountDownLatch(1);
                arrived.set(latch);
                marker.set(title);
                long t0 = System.nanoTime();
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(writeTo + "/write/v1/coupons"))
                        .header("Authorization", "Bearer " + admin).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"title\":\"" + title + "\",\"discount_percent\":5}"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 201) {
                    throw new IllegalStateException("coupon create answered " + r.statusCode() + ": " + r.body());
                }
                if (!latch.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the coupon_created message did not arrive within 10 s");
                }
                if (i >= 0) {
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                }
            }
        } finally {
            ws.abort();
        }
        return ms;
    }

    /** @return the JDBC URL of this database on the bench's PostgreSQL server */
    static String pgUrl(String db) {
        return PG.substring(0, PG.lastIndexOf('/') + 1) + db;
    }

    static String pgUser() {
        return System.getenv().getOrDefault("KIT_BENCH_PG_USER", "postgres");
    }

    /** Runs a statement on the bench's PostgreSQL server ({@code KIT_BENCH_PG_URL}'s database, e.g. CREATE DATABASE). */
    static void execute(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(PG, pgUser(), "");
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Drops the scenario's Redis keys with redis-cli when it is installed (they are small and expire otherwise). */
    private static void redisCleanup(String prefix) {
        try {
            URI uri = URI.create(REDIS);
            String[] hp = {"-h", uri.getHost(), "-p", Integer.toString(uri.getPort() < 0 ? 6379 : uri.getPort())};
            Process keys = new ProcessBuilder(List.of("redis-cli", hp[0], hp[1], hp[2], hp[3], "--scan", "--pattern", prefix + "*"))
                    .redirectErrorStream(true).start();
            List<String> found = new String(keys.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> l.startsWith(prefix)).toList();
            keys.waitFor(10, TimeUnit.SECONDS);
            if (!found.isEmpty()) {
                List<String> del = new ArrayList<>(List.of("redis-cli", hp[0], hp[1], hp[2], hp[3], "DEL"));
                del.addAll(found);
                new ProcessBuilder(del).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                        .waitFor(10, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            System.err.println("bench: replicas: could not remove the Redis keys " + prefix + "*: " + e.getMessage());
        }
    }
}
