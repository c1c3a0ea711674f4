package dev.contractkit.bench;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.contractkit.bench.Harness.say;

/**
 * The scenarios on the reference server: {@code read}, {@code list}, {@code write}, {@code answer} against a raw
 * Helidon handler ({@link RawServer}); {@code durable} (write delay 0 against 500 ms); {@code replicas}
 * ({@link ReplicaScenario}); {@code streams} ({@link Streams}).
 */
final class ReferenceScenarios {
    /** Against a raw handler (and, for writes, the same SQL over JDBC); the -pg ones need PostgreSQL. */
    static final List<String> AGAINST_BASELINES = List.of("read", "list", "write", "answer", "read-nocache",
            "list-nocache", "write-pg", "answer-pg");
    /** The reference server's schema, for {@link JdbcServer}'s own embedded file. */
    static final String MIGRATIONS = "reference-server/src/main/resources/db/migration";
    static final String RATE_LIMITS = "public-read=2000000000/3600,authenticated-read=2000000000/3600,"
            + "write=2000000000/3600,admin=2000000000/3600";
    private static final String ANSWERS_KEY = "bench-answers-key-0123456789";
    private static final String QUESTION = "{\"query\":\"What was Northwind Robotics' revenue last year?\"}";

    private final Harness h;

    ReferenceScenarios(Harness h) {
        this.h = h;
    }

    private List<String> serverCommand(String apis) {
        return List.of(h.java, "--sun-misc-unsafe-memory-access=allow", "-jar", h.jar("reference-server").toString(),
                "--api", apis);
    }

    /**
     * {@code read}, {@code list}, {@code write}, {@code answer} on the embedded database; {@code read-nocache},
     * {@code list-nocache} the same with {@code KIT_READ_CACHE_MS=0}; {@code write-pg}, {@code answer-pg} on a new
     * PostgreSQL database (dropped after). One reference server per set-up, each scenario against its baselines.
     */
    List<ScenarioResult> againstBaselines(List<String> names) throws Exception {
        List<ScenarioResult> results = new ArrayList<>();
        List<String> cached = names.stream().filter(n -> List.of("read", "list", "write", "answer").contains(n)).toList();
        List<String> uncached = names.stream().filter(n -> n.endsWith("-nocache")).toList();
        List<String> postgres = names.stream().filter(n -> n.endsWith("-pg")).toList();
        if (!cached.isEmpty()) {
            results.addAll(onOneServer(cached, Map.of(), "fresh embedded database"));
        }
        if (!uncached.isEmpty()) {
            results.addAll(onOneServer(uncached, Map.of("KIT_READ_CACHE_MS", "0"), "fresh embedded database, read cache off"));
        }
        if (!postgres.isEmpty() && !postgresReachable()) {
            System.err.println("bench: " + String.join(", ", postgres) + ": left out: no PostgreSQL answers at "
                    + ReplicaScenario.pgUrl("postgres") + " (KIT_BENCH_PG_URL, KIT_BENCH_PG_USER)");
        } else if (!postgres.isEmpty()) {
            String db = "kit_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
            ReplicaScenario.execute("CREATE DATABASE " + db);
            try {
                results.addAll(onOneServer(postgres, Map.of("KIT_DB_URL", ReplicaScenario.pgUrl(db), "KIT_DB_USER",
                        ReplicaScenario.pgUser()), "new PostgreSQL database " + db));
            } finally {
                ReplicaScenario.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
            }
        }
        return results;
    }

    /** Puts the demo key's form 1 (the read scenario's) into a PostgreSQL database the server has migrated. */
    private static void seedDemoForm(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, ReplicaScenario.pgUser(), "");
             Statement s = c.createStatement()) {
            s.execute("INSERT INTO forms (account, id, title, access_token, currency, payment_volume, "
                    + "successful_checkout_count, created_at, updated_at) VALUES ('demo', 1, 'Monthly membership', "
                    + "'00009e3779b1', 'usd', 142911, 15, TIMESTAMP WITH TIME ZONE '2024-02-03 09:03:00+00', "
                    + "TIMESTAMP WITH TIME ZONE '2025-02-03 10:05:00+00') ON CONFLICT (id) DO NOTHING");
        }
    }

    private static boolean postgresReachable() {
        try {
            ReplicaScenario.execute("SELECT 1");
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private List<ScenarioResult> onOneServer(List<String> names, Map<String, String> extra, String what) throws Exception {
        Path data = Files.createTempDirectory("kit-bench-data");
        Map<String, String> env = new LinkedHashMap<>(Map.of(
                "KIT_DATA_DIR", data.toString(), "KIT_FORMS_PORT", "0", "KIT_COUPONS_PORT", "0", "KIT_ANSWERS_PORT", "0",
                "KIT_COUPONS_RATE_LIMITS", RATE_LIMITS,
                "KIT_ANSWERS_API_KEYS", ANSWERS_KEY, "KIT_ANSWERS_RATE_LIMIT", "2000000000",
                "KIT_ANSWERS_QUOTA", "2000000000"));
        env.putAll(extra);
        List<ScenarioResult> results = new ArrayList<>();
        String log = names.getFirst().contains("-") ? "reference-" + names.getFirst().substring(names.getFirst().indexOf('-') + 1)
                : "reference";
        say("bench: starting the reference server (forms, coupons, answers; " + what + ")");
        try (Target server = Target.start("reference server", serverCommand("forms,coupons,answers"), env,
                h.out.resolve(log + ".log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            for (String name : names) {
                String base = name.replaceFirst("-.*", "");
                if (base.equals("list")) {
                    CouponCatalogue.seed(h, server.url("coupons"));
                }
                if (base.equals("read") && extra.containsKey("KIT_DB_URL")) {
                    seedDemoForm(extra.get("KIT_DB_URL")); // a configured database has no demo forms (issue 36)
                }
                ScenarioRequest call = switch (base) {
                    case "read" -> new ScenarioRequest("GET", "/forms/1", Map.of("Authorization", "Token token=kit-demo-forms-key"), null);
                    case "list" -> new ScenarioRequest("GET", "/api/v1/coupons?limit=10", Map.of(), null);
                    case "write" -> redeemCall(server.url("coupons"));
                    default -> new ScenarioRequest("POST", "/v1/answer", Map.of("x-api-key", ANSWERS_KEY, "Content-Type", "application/json"),
                            QUESTION);
                };
                String api = switch (base) {
                    case "read" -> "forms";
                    case "list", "write" -> "coupons";
                    default -> "answers";
                };
                Map<String, String> dbEnv = new LinkedHashMap<>(extra);
                dbEnv.remove("KIT_READ_CACHE_MS");
                results.add(againstBaselines(name, base, server, api, call, dbEnv, what));
            }
        }
        return results;
    }

    /**
     * The reference server against a raw Helidon handler answering the same bytes and, for a write, against a raw
     * handler that runs the same statements over JDBC on the same kind of database ({@link JdbcServer}).
     */
    private ScenarioResult againstBaselines(String name, String base, Target server, String api, ScenarioRequest call,
                                    Map<String, String> dbEnv, String what) throws Exception {
        String url = server.url(api);
        HttpResponse<byte[]> sample = h.send(url, call);
        if (sample.statusCode() / 100 != 2) {
            throw new IllegalStateException(name + ": the reference server answered " + sample.statusCode() + ": "
                    + new String(sample.body(), StandardCharsets.UTF_8));
        }
        Path body = h.out.resolve(name + ".body");
        Files.write(body, sample.body());
        String type = sample.headers().firstValue("Content-Type").orElse("application/json");
        boolean write = base.equals("write") || base.equals("answer");
        boolean listJdbc = name.equals("list-nocache");
        boolean readJdbc = name.equals("read-nocache");
        say("bench: " + name + ": starting the ceiling (raw Helidon handler, the same " + sample.body().length + " bytes)"
                + (write || listJdbc || readJdbc ? " and the same statements over JDBC (" + what + ")" : ""));
        String classpath = h.jar("bench") + ":" + h.root.resolve("bench/target/lib") + "/*";
        try (Target raw = Target.start("raw Helidon handler", List.of(h.java, "--sun-misc-unsafe-memory-access=allow", "-cp",
                classpath, RawServer.class.getName(), body.toString(), type),
                Map.of(), h.out.resolve(name + "-raw.log"), l -> l.startsWith("READY"), Duration.ofSeconds(60));
             Target jdbc = write ? jdbcServer(name, base, classpath, body, type, dbEnv)
                     : listJdbc ? jdbcListServer(name, url, classpath, type)
                     : readJdbc ? jdbcFormServer(name, body, classpath, type) : null) {
            Map<Target, String> urls = new LinkedHashMap<>();
            urls.put(raw, raw.url(""));
            if (jdbc != null) {
                urls.put(jdbc, jdbc.url(""));
            }
            for (Target baseline : urls.keySet()) { // a baseline that refuses the request would flatter the server
                HttpResponse<byte[]> answer = h.send(urls.get(baseline), call);
                if (answer.statusCode() / 100 != 2 || !Arrays.equals(answer.body(), sample.body())) {
                    throw new IllegalStateException(name + ": " + baseline.name + " answered " + answer.statusCode()
                            + " and not the reference server's bytes: " + new String(answer.body(), StandardCharsets.UTF_8));
                }
            }
            urls.put(server, url);
            List<Measured> measured = h.measure(name, urls, call, jdbc != null ? jdbc : raw);
            String request = call.method() + " " + call.path() + " (" + api + "; " + what + ")";
            return write || listJdbc || readJdbc
                    ? new ScenarioResult(name, request, jdbc.name, ">= 0.7x the same statements over JDBC (the database's own limit)",
                    measured)
                    : new ScenarioResult(name, request, raw.name, ">= 0.7x the ceiling on reads", measured);
        }
    }

    /** {@link JdbcServer} on its own embedded file (the same URL options), or on the same PostgreSQL database. */
    private Target jdbcServer(String name, String base, String classpath, Path body, String type,
                              Map<String, String> dbEnv) throws IOException {
        Map<String, String> env = new LinkedHashMap<>(dbEnv);
        env.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-jdbc").toString());
        env.put("KIT_ANSWERS_API_KEYS", ANSWERS_KEY);
        env.put("KIT_ANSWERS_QUOTA", "2000000000");
        return Target.start("raw Helidon handler + the same SQL over JDBC", List.of(h.java,
                        "--sun-misc-unsafe-memory-access=allow", "-cp", classpath, JdbcServer.class.getName(),
                        base.equals("write") ? "redeem" : "answer", body.toString(), type,
                        h.root.resolve(MIGRATIONS).toString()),
                env, h.out.resolve(name + "-jdbc.log"), l -> l.startsWith("READY"), Duration.ofSeconds(60));
    }

    /**
     * {@link JdbcListServer} on its own embedded file holding the reference server's catalogue (read from it, all
     * pages at once).
     */
    private Target jdbcListServer(String name, String url, String classpath, String type) throws Exception {
        HttpResponse<byte[]> all = h.send(url, new ScenarioRequest("GET", "/api/v1/coupons?limit=100", Map.of(), null));
        Path catalogue = h.out.resolve(name + ".catalogue.json");
        Files.write(catalogue, all.body());
        return Target.start("raw Helidon handler + the same SQL over JDBC + Jackson", List.of(h.java,
                        "--sun-misc-unsafe-memory-access=allow", "-cp", classpath, JdbcListServer.class.getName(),
                        catalogue.toString(), type, h.root.resolve(MIGRATIONS).toString()),
                Map.of("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-jdbc").toString()),
                h.out.resolve(name + "-jdbc.log"), l -> l.startsWith("READY"), Duration.ofSeconds(60));
    }

    /** {@link JdbcFormServer} on its own embedded file holding the form the reference server answered. */
    private Target jdbcFormServer(String name, Path body, String classpath, String type) throws Exception {
        return Target.start("raw Helidon handler + the same SQL over JDBC + Jackson", List.of(h.java,
                        "--sun-misc-unsafe-memory-access=allow", "-cp", classpath, JdbcFormServer.class.getName(),
                        body.toString(), type, h.root.resolve(MIGRATIONS).toString()),
                Map.of("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-jdbc").toString()),
                h.out.resolve(name + "-jdbc.log"), l -> l.startsWith("READY"), Duration.ofSeconds(60));
    }

    /**
     * The cost of a durable commit on the embedded database: the {@code write} scenario against reference servers on
     * fresh embedded databases, taking turns: {@code KIT_DB_WRITE_DELAY=500} (H2's own default: commits written in the
     * background, up to 0.5 s lost on a kill; the baseline), {@code 0} (the default: an answered write survives a
     * kill; H2 writes in the background and a batch of redemptions appends to the journal before its answers), and
     * {@code 0} with {@code KIT_DB_JOURNAL=false} (H2's {@code WRITE_DELAY=0}: a chunk stored by every batch's
     * commit, the default before the journal).
     */
    ScenarioResult durable() throws Exception {
        Map<String, String> limits = Map.of("KIT_COUPONS_PORT", "0", "KIT_COUPONS_RATE_LIMITS", RATE_LIMITS);
        say("bench: durable: starting three reference servers (coupons; fresh embedded databases: write delay 500 ms; "
                + "write delay 0 with the journal; write delay 0 without it)");
        Map<String, String> delayedEnv = new LinkedHashMap<>(limits);
        delayedEnv.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-delayed").toString());
        delayedEnv.put("KIT_DB_WRITE_DELAY", "500");
        Map<String, String> durableEnv = new LinkedHashMap<>(limits);
        durableEnv.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-durable").toString());
        durableEnv.put("KIT_DB_WRITE_DELAY", "0");
        Map<String, String> storedEnv = new LinkedHashMap<>(limits);
        storedEnv.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-durable-stored").toString());
        storedEnv.put("KIT_DB_WRITE_DELAY", "0");
        storedEnv.put("KIT_DB_JOURNAL", "false");
        List<String> command = serverCommand("coupons");
        try (Target delayed = Target.start("write delay 500 ms (H2 default)", command, delayedEnv,
                h.out.resolve("durable-delayed.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90));
             Target durable = Target.start("write delay 0 (kit default, durable; group commit and journal)", command,
                     durableEnv, h.out.resolve("durable.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90));
             Target single = Target.start("write delay 0, a chunk stored per batch (KIT_DB_JOURNAL=false)", command,
                     storedEnv, h.out.resolve("durable-stored.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            Map<Target, Harness.Endpoint> endpoints = new LinkedHashMap<>();
            for (Target t : List.of(delayed, durable, single)) {
                endpoints.put(t, new Harness.Endpoint(t.url("coupons"), redeemCall(t.url("coupons"))));
            }
            // the servers on H2 gain for more than 30 s and pause on a plateau about 10 s in (the two-window rule
            // once called 2,900 req/s steady, then the rounds measured 5,800): a first window of 20 s, up to 60 s
            List<Measured> measured = h.measureEach("durable", endpoints, delayed, 20, 60);
            return new ScenarioResult("durable", "POST /coupons/v1/redeem (coupons), a new order each request", delayed.name,
                    "", measured);
        }
    }

    /**
     * A redemption of one coupon without usage limit, for a new order each time (a pair can be redeemed once):
     * a transaction that records the redemption and counts the usage, and an event to the coupon's subscribers.
     */
    ScenarioRequest redeemCall(String coupons) throws IOException, InterruptedException {
        String admin = Harness.token(h.http, coupons, "admin", "admin-password");
        HttpResponse<byte[]> created = h.send(coupons, new ScenarioRequest("POST", "/write/v1/coupons", Map.of("Authorization",
                "Bearer " + admin, "Content-Type", "application/json"), "{\"title\":\"bench\",\"discount_percent\":5}"));
        if (created.statusCode() != 201) {
            throw new IllegalStateException("write: creating the coupon answered " + created.statusCode() + ": "
                    + new String(created.body(), StandardCharsets.UTF_8));
        }
        String id = new ObjectMapper().readTree(created.body()).path("id").asText();
        return new ScenarioRequest("POST", "/coupons/v1/redeem", Map.of("Authorization", "Bearer "
                + Harness.token(h.http, coupons, "alice", "alice-password"), "Content-Type", "application/json"),
                "{\"coupon_id\":\"" + id + "\",\"order_id\":\"bench-" + Harness.UNIQUE + "\"}");
    }

    /** Two reference servers on one PostgreSQL database and one Redis: cross-replica delivery, redemption rate. */
    List<ScenarioResult> replicas() throws Exception {
        say("bench: replicas: two reference servers (coupons) on one new PostgreSQL database and one Redis prefix");
        int[] started = {0};
        return ReplicaScenario.run(env -> {
            String name = "replica " + (char) ('A' + started[0]++);
            Map<String, String> e = new LinkedHashMap<>(env);
            e.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-replica").toString());
            e.put("KIT_COUPONS_PORT", "0");
            e.put("KIT_COUPONS_RATE_LIMITS", RATE_LIMITS);
            return Target.start(name, serverCommand("coupons"), e,
                    h.out.resolve(name.replace(' ', '-') + ".log"), l -> l.startsWith("READY"), Duration.ofSeconds(90));
        }, urls -> {
            List<ScenarioRequest> calls = new ArrayList<>();
            List<Path> scripts = new ArrayList<>();
            for (String url : urls) {
                ScenarioRequest call = redeemCall(url); // a coupon per replica: the wrk processes' order ids may coincide
                calls.add(call);
                scripts.add(h.luaScript("replicas", call));
            }
            say("bench: replicas: redemptions on " + urls.size() + " replica(s) at once, warm-up " + h.warmup + " s, then "
                    + h.duration + " s");
            for (int w = 0; w < 2; w++) {
                int seconds = w == 0 ? h.warmup : h.duration;
                List<Future<Wrk>> runs = new ArrayList<>();
                try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
                    for (int i = 0; i < urls.size(); i++) {
                        String target = urls.get(i) + calls.get(i).path();
                        ScenarioRequest call = calls.get(i);
                        Path script = scripts.get(i);
                        runs.add(pool.submit(() -> h.wrk(target, call, script, seconds)));
                    }
                }
                if (w == 1) {
                    double rps = 0;
                    double p99 = 0;
                    for (var f : runs) {
                        rps += f.get().requestsPerSecond();
                        p99 = Math.max(p99, f.get().p99Ms());
                    }
                    return new double[] {rps, p99};
                }
            }
            throw new IllegalStateException("unreachable");
        });
    }

    /** The agent's SSE and the coupons' WebSocket fan-out on one reference server ({@link Streams}). */
    List<ScenarioResult> streams() throws Exception {
        Path data = Files.createTempDirectory("kit-bench-streams");
        String kitToken = Harness.kitToken();
        Map<String, String> env = Map.of("KIT_DATA_DIR", data.toString(), "KIT_COUPONS_PORT", "0", "KIT_AGENT_PORT", "0",
                "KIT_TOKEN", kitToken, "KIT_COUPONS_RATE_LIMITS", RATE_LIMITS);
        say("bench: streams: starting the reference server (coupons, agent; fresh embedded database)");
        try (Target server = Target.start("reference server", serverCommand("coupons,agent"), env,
                h.out.resolve("streams.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            return Streams.run(server.url("coupons"), server.url("agent"), kitToken, 5 * h.duration);
        }
    }
}
