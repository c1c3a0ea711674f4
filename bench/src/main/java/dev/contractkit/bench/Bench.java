package dev.contractkit.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.contractkit.specs.Api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code ./kit bench [scenario...] [--duration S] [--warmup S] [--rounds N] [--connections N]}: each scenario
 * starts its targets as separate processes on loopback, warms each up with wrk, then measures them in
 * interleaved rounds, and reports requests/s, p50/p99, errors, peak RSS and the ratio to the scenario's baseline
 * (target/bench/results.md and results.json). Scenarios: {@code read} (GET a form), {@code list} (coupons page),
 * {@code write} (redeem a coupon for a new order each request),
 * {@code answer} (POST an investment question; a database write per request), {@code mock} (the kit's mock
 * against MockServer 5.15 with a plain and with an OpenAPI-loaded expectation, start-up included), {@code streams} (agent SSE: time to first event, events/s; 1,000 WebSocket
 * subscribers of /ws/coupons: create-to-delivery), {@code sdk} (JMH: FormsClient.get against raw OkHttp + Jackson),
 * {@code tools} (start-up of quotas --statusline and execcli health against java -version).
 */
public final class Bench {
    static final List<String> SCENARIOS = List.of("read", "list", "write", "durable", "answer", "mock", "sdk", "streams",
            "tools", "growth");
    /** Run only when named: they need PostgreSQL and Redis ({@link ReplicaScenario}). */
    static final List<String> OPTIONAL = List.of("replicas");
    /** In a call's body: replaced by a value unique to each request (wrk thread, run and counter). */
    static final String UNIQUE = "{{unique}}";
    private static final int TOOL_RUNS = 20;
    private static final String ANSWERS_KEY = "bench-answers-key-0123456789";
    private static final String QUESTION = "{\"query\":\"What was Northwind Robotics' revenue last year?\"}";

    private final Path root;
    private final Path out;
    private final int duration;
    private final int warmup;
    private final int rounds;
    private final int connections;
    private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private Bench(Path root, int duration, int warmup, int rounds, int connections) {
        this.root = root;
        this.out = root.resolve("target/bench");
        this.duration = duration;
        this.warmup = warmup;
        this.rounds = rounds;
        this.connections = connections;
    }

    /** What one request of a scenario is. */
    record Call(String method, String path, Map<String, String> headers, String body) {
    }

    /** One target's figures over the rounds. */
    record Measured(String target, double requestsPerSecond, double p50Ms, double p99Ms, long errors, double peakRssMb,
                    long readyMs, List<Wrk> runs, double ratio) {
    }

    /** One scenario: what was asked, the baseline and every target. */
    record Result(String scenario, String request, String baseline, String goal, List<Measured> targets) {
    }

    /**
     * @param args scenario names (default all), options
     * @throws Exception on a failure that stops the bench (printed with the end of the target's log)
     */
    public static void main(String[] args) throws Exception {
        List<String> chosen = new ArrayList<>();
        int duration = 8;
        int warmup = 5;
        int rounds = 2;
        int connections = 32;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--duration" -> duration = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--connections" -> connections = Integer.parseInt(args[++i]);
                case "-h", "--help" -> {
                    System.out.println("usage: bench [" + String.join("|", SCENARIOS) + "|" + String.join("|", OPTIONAL)
                            + "]... [--duration S] [--warmup S] "
                            + "[--rounds N] [--connections N]");
                    return;
                }
                default -> {
                    if (!SCENARIOS.contains(args[i]) && !OPTIONAL.contains(args[i])) {
                        System.err.println("bench: unknown scenario '" + args[i] + "'; known: " + SCENARIOS);
                        System.exit(2);
                    }
                    chosen.add(args[i]);
                }
            }
        }
        Bench bench = new Bench(Path.of(System.getProperty("kit.root", ".")).toAbsolutePath().normalize(),
                duration, warmup, rounds, connections);
        try {
            System.exit(bench.run(chosen.isEmpty() ? SCENARIOS : chosen));
        } catch (IllegalStateException | IOException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(1);
        }
    }

    private int run(List<String> scenarios) throws Exception {
        Files.createDirectories(out);
        String machine = machine();
        say("bench: " + machine);
        List<Result> results = new ArrayList<>();
        List<String> reference = scenarios.stream().filter(s -> List.of("read", "list", "write", "answer").contains(s)).toList();
        if (!reference.isEmpty()) {
            results.addAll(referenceScenarios(reference));
        }
        if (scenarios.contains("durable")) {
            results.add(durableScenario());
        }
        if (scenarios.contains("mock")) {
            results.add(mockScenario());
            results.add(mockStartup());
        }
        if (scenarios.contains("streams")) {
            results.addAll(streamsScenario());
        }
        if (scenarios.contains("sdk")) {
            results.add(SdkOverhead.run(rounds, duration));
        }
        if (scenarios.contains("replicas")) {
            results.addAll(replicasScenario());
        }
        if (scenarios.contains("growth")) {
            say("bench: growth: the mock and the suite on generated documents of 100 and 1,000 operations");
            results.add(Growth.run(java, jar("mock-server"), jar("conformance-tests"), out));
        }
        if (scenarios.contains("tools")) {
            say("bench: tools: java -version, quotas --statusline, execcli health, " + TOOL_RUNS + " runs each, taking turns");
            results.add(Tools.run(root, java, TOOL_RUNS, out));
            results.add(PromptCost.run(root));
        }
        Report.write(out, machine, settings(), results);
        say("bench: wrote " + out.resolve("results.md") + " and results.json");
        System.out.print(Files.readString(out.resolve("results.md")));
        return 0;
    }

    private List<Result> referenceScenarios(List<String> names) throws Exception {
        Path data = Files.createTempDirectory("kit-bench-data");
        Map<String, String> env = new LinkedHashMap<>(Map.of(
                "KIT_DATA_DIR", data.toString(), "KIT_FORMS_PORT", "0", "KIT_COUPONS_PORT", "0", "KIT_ANSWERS_PORT", "0",
                "KIT_COUPONS_RATE_LIMITS", "public-read=2000000000/3600,authenticated-read=2000000000/3600,"
                        + "write=2000000000/3600,admin=2000000000/3600",
                "KIT_ANSWERS_API_KEYS", ANSWERS_KEY, "KIT_ANSWERS_RATE_LIMIT", "2000000000",
                "KIT_ANSWERS_QUOTA", "2000000000"));
        List<Result> results = new ArrayList<>();
        say("bench: starting the reference server (forms, coupons, answers; fresh embedded database)");
        try (Target server = Target.start("reference server", List.of(java, "--sun-misc-unsafe-memory-access=allow",
                "-jar", jar("reference-server").toString(), "--api", "forms,coupons,answers"), env,
                out.resolve("reference.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            for (String name : names) {
                Call call = switch (name) {
                    case "read" -> new Call("GET", "/forms/1", Map.of("Authorization", "Token token=kit-demo-forms-key"), null);
                    case "list" -> new Call("GET", "/api/v1/coupons?limit=10", Map.of(), null);
                    case "write" -> redeemCall(server.url("coupons"));
                    default -> new Call("POST", "/v1/answer", Map.of("x-api-key", ANSWERS_KEY, "Content-Type", "application/json"),
                            QUESTION);
                };
                String api = switch (name) {
                    case "read" -> "forms";
                    case "list", "write" -> "coupons";
                    default -> "answers";
                };
                results.add(againstCeiling(name, server, api, call));
            }
        }
        return results;
    }

    /**
     * The cost of a durable commit on the embedded database: the {@code write} scenario against two servers on fresh
     * embedded databases, {@code KIT_DB_WRITE_DELAY=0} (the default: a commit is in the file before the answer) and
     * {@code 500} (H2's own default: commits written in the background, up to 0.5 s lost on a kill), taking turns.
     */
    private Result durableScenario() throws Exception {
        Map<String, String> limits = Map.of("KIT_COUPONS_PORT", "0", "KIT_COUPONS_RATE_LIMITS",
                "public-read=2000000000/3600,authenticated-read=2000000000/3600,write=2000000000/3600,admin=2000000000/3600");
        say("bench: durable: starting two reference servers (coupons; fresh embedded databases, write delay 0 and 500 ms)");
        Map<String, String> durableEnv = new LinkedHashMap<>(limits);
        durableEnv.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-durable").toString());
        durableEnv.put("KIT_DB_WRITE_DELAY", "0");
        Map<String, String> delayedEnv = new LinkedHashMap<>(limits);
        delayedEnv.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-delayed").toString());
        delayedEnv.put("KIT_DB_WRITE_DELAY", "500");
        List<String> command = List.of(java, "--sun-misc-unsafe-memory-access=allow", "-jar",
                jar("reference-server").toString(), "--api", "coupons");
        try (Target delayed = Target.start("write delay 500 ms (H2 default)", command, delayedEnv,
                out.resolve("durable-delayed.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90));
             Target durable = Target.start("write delay 0 (kit default, durable)", command, durableEnv,
                     out.resolve("durable.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            Map<Target, Endpoint> endpoints = new LinkedHashMap<>();
            endpoints.put(delayed, new Endpoint(delayed.url("coupons"), redeemCall(delayed.url("coupons"))));
            endpoints.put(durable, new Endpoint(durable.url("coupons"), redeemCall(durable.url("coupons"))));
            List<Measured> measured = measureEach("durable", endpoints, delayed);
            return new Result("durable", "POST /coupons/v1/redeem (coupons), a new order each request", delayed.name,
                    "", measured);
        }
    }

    /** Where a target is called and what with (each server has its own coupon and token). */
    private record Endpoint(String url, Call call) {
    }

    /**
     * A redemption of one coupon without usage limit, for a new order each time (a pair can be redeemed once):
     * a transaction that records the redemption and counts the usage, and an event to the coupon's subscribers.
     */
    private Call redeemCall(String coupons) throws IOException, InterruptedException {
        String admin = token(http, coupons, "admin", "admin-password");
        HttpResponse<byte[]> created = send(coupons, new Call("POST", "/write/v1/coupons", Map.of("Authorization",
                "Bearer " + admin, "Content-Type", "application/json"), "{\"title\":\"bench\",\"discount_percent\":5}"));
        if (created.statusCode() != 201) {
            throw new IllegalStateException("write: creating the coupon answered " + created.statusCode() + ": "
                    + new String(created.body(), StandardCharsets.UTF_8));
        }
        String id = new ObjectMapper().readTree(created.body()).path("id").asText();
        return new Call("POST", "/coupons/v1/redeem", Map.of("Authorization", "Bearer " + token(http, coupons, "alice", "alice-password"),
                "Content-Type", "application/json"), "{\"coupon_id\":\"" + id + "\",\"order_id\":\"bench-" + UNIQUE + "\"}");
    }

    /** Two reference servers on one PostgreSQL database and one Redis: cross-replica delivery, redemption rate. */
    private List<Result> replicasScenario() throws Exception {
        say("bench: replicas: two reference servers (coupons) on one new PostgreSQL database and one Redis prefix");
        int[] started = {0};
        return ReplicaScenario.run(env -> {
            String name = "replica " + (char) ('A' + started[0]++);
            Map<String, String> e = new LinkedHashMap<>(env);
            e.put("KIT_DATA_DIR", Files.createTempDirectory("kit-bench-replica").toString());
            e.put("KIT_COUPONS_PORT", "0");
            e.put("KIT_COUPONS_RATE_LIMITS", "public-read=2000000000/3600,authenticated-read=2000000000/3600,"
                    + "write=2000000000/3600,admin=2000000000/3600");
            return Target.start(name, List.of(java, "--sun-misc-unsafe-memory-access=allow", "-jar",
                    jar("reference-server").toString(), "--api", "coupons"), e,
                    out.resolve(name.replace(' ', '-') + ".log"), l -> l.startsWith("READY"), Duration.ofSeconds(90));
        }, urls -> {
            List<Call> calls = new ArrayList<>();
            List<Path> scripts = new ArrayList<>();
            for (String url : urls) {
                Call call = redeemCall(url); // a coupon per replica: the wrk processes' order ids may coincide
                calls.add(call);
                scripts.add(luaScript("replicas", call));
            }
            say("bench: replicas: redemptions on " + urls.size() + " replica(s) at once, warm-up " + warmup + " s, then "
                    + duration + " s");
            for (int w = 0; w < 2; w++) {
                int seconds = w == 0 ? warmup : duration;
                List<Future<Wrk>> runs = new ArrayList<>();
                try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
                    for (int i = 0; i < urls.size(); i++) {
                        String target = urls.get(i) + calls.get(i).path();
                        Call call = calls.get(i);
                        Path script = scripts.get(i);
                        runs.add(pool.submit(() -> wrk(target, call, script, seconds)));
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

    /** @return an access token of the reference server's embedded identity provider (coupons listener) */
    static String token(HttpClient http, String base, String user, String password) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base
                        + "/realms/contractkit/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=password&client_id=kit-cli&username=" + user
                        + "&password=" + password)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("token for " + user + ": " + r.statusCode() + " " + r.body());
        }
        return new ObjectMapper().readTree(r.body()).path("access_token").asText();
    }

    /** The reference server against a raw Helidon handler answering the same bytes. */
    private Result againstCeiling(String name, Target server, String api, Call call) throws Exception {
        String url = server.url(api);
        HttpResponse<byte[]> sample = send(url, call);
        if (sample.statusCode() / 100 != 2) {
            throw new IllegalStateException(name + ": the reference server answered " + sample.statusCode() + ": "
                    + new String(sample.body(), StandardCharsets.UTF_8));
        }
        Path body = out.resolve(name + ".body");
        Files.write(body, sample.body());
        String type = sample.headers().firstValue("Content-Type").orElse("application/json");
        say("bench: " + name + ": starting the ceiling (raw Helidon handler, the same " + sample.body().length + " bytes)");
        try (Target raw = Target.start("raw Helidon handler", List.of(java, "--sun-misc-unsafe-memory-access=allow", "-cp",
                jar("bench") + ":" + root.resolve("bench/target/lib") + "/*", RawServer.class.getName(), body.toString(), type),
                Map.of(), out.resolve(name + "-raw.log"), l -> l.startsWith("READY"), Duration.ofSeconds(60))) {
            Map<Target, String> urls = new LinkedHashMap<>();
            urls.put(raw, raw.url(""));
            urls.put(server, url);
            List<Measured> measured = measure(name, urls, call, raw);
            return new Result(name, call.method() + " " + call.path() + " (" + api + ")", raw.name,
                    name.equals("read") || name.equals("list") ? ">= 0.7x the ceiling on reads" : "", measured);
        }
    }

    private List<Result> streamsScenario() throws Exception {
        Path data = Files.createTempDirectory("kit-bench-streams");
        String kitToken = kitToken();
        Map<String, String> env = Map.of("KIT_DATA_DIR", data.toString(), "KIT_COUPONS_PORT", "0", "KIT_AGENT_PORT", "0",
                "KIT_TOKEN", kitToken,
                "KIT_COUPONS_RATE_LIMITS", "public-read=2000000000/3600,authenticated-read=2000000000/3600,"
                        + "write=2000000000/3600,admin=2000000000/3600");
        say("bench: streams: starting the reference server (coupons, agent; fresh embedded database)");
        try (Target server = Target.start("reference server", List.of(java, "--sun-misc-unsafe-memory-access=allow",
                "-jar", jar("reference-server").toString(), "--api", "coupons,agent"), env,
                out.resolve("streams.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            return Streams.run(server.url("coupons"), server.url("agent"), kitToken, 5 * duration);
        }
    }

    /** @return a fresh kit token for a server the bench starts (the agent, exec and runtime require one) */
    static String kitToken() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private Result mockScenario() throws Exception {
        Call call = new Call("GET", "/forms/1", Map.of("Authorization", "Token token=kit-demo-forms-key"), null);
        say("bench: mock: starting the kit's mock (every API) and MockServer 5.15.0 twice");
        List<String> mockCmd = List.of(java, "--sun-misc-unsafe-memory-access=allow", "-jar", jar("mock-server").toString());
        List<String> ports = new ArrayList<>();
        for (String api : Api.values().stream().map(Api::id).toList()) {
            // every listener on a free port: another program may hold a default one
            ports.add("--port");
            ports.add(api + "=" + freePort());
        }
        List<String> kitCommand = new ArrayList<>(mockCmd);
        kitCommand.addAll(ports);
        try (Target kit = Target.start("kit mock (all APIs)", kitCommand, Map.of(), out.resolve("mock-kit.log"),
                l -> l.startsWith("READY"), Duration.ofSeconds(90));
             Target plain = mockServer("MockServer, plain expectation");
             Target openapi = mockServer("MockServer, OpenAPI expectation")) {
            String sample = new String(send(kit.url("forms"), call).body(), StandardCharsets.UTF_8);
            long plainSetup = expect(plain, "/mockserver/expectation", """
                    {"httpRequest":{"method":"GET","path":"/forms/1"},"httpResponse":{"statusCode":200,
                     "headers":{"Content-Type":["application/json"]},"body":{"type":"STRING","string":%s}}}"""
                    .formatted(new ObjectMapper().writeValueAsString(sample)));
            String spec = Files.readString(root.resolve("specs/openapi/forms.yaml"));
            long openapiSetup = expect(openapi, "/mockserver/openapi",
                    new ObjectMapper().createObjectNode().put("specUrlOrPayload", spec).toString());
            say("bench: mock: ready after " + kit.readyMs() + " ms (kit, all APIs), " + plain.readyMs() + " + " + plainSetup
                    + " ms (MockServer plain), " + openapi.readyMs() + " + " + openapiSetup + " ms (MockServer OpenAPI)");
            Map<Target, String> urls = new LinkedHashMap<>();
            urls.put(plain, plain.url(""));
            urls.put(kit, kit.url("forms"));
            urls.put(openapi, openapi.url(""));
            return new Result("mock", "GET /forms/1 (forms), the same example", plain.name,
                    ">= 1.5x MockServer's plain expectation; ready in < 3 s", measure("mock", urls, call, plain));
        }
    }

    /**
     * Start-up for every API: the kit's mock with all its listeners against MockServer started and then given
     * each of the kit's OpenAPI files through {@code PUT /mockserver/openapi}, one after the other.
     */
    private Result mockStartup() throws Exception {
        List<Path> contracts;
        try (var files = Files.walk(root.resolve("specs/openapi"))) {
            contracts = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        say("bench: mock start-up: the kit's mock (every API) and MockServer given all " + contracts.size() + " OpenAPI files");
        List<String> kitCommand = new ArrayList<>(List.of(java, "--sun-misc-unsafe-memory-access=allow", "-jar",
                jar("mock-server").toString()));
        for (String api : Api.values().stream().map(Api::id).toList()) {
            kitCommand.addAll(List.of("--port", api + "=" + freePort()));
        }
        List<Measured> measured = new ArrayList<>();
        long kitMs;
        try (Target kit = Target.start("kit mock (all APIs)", kitCommand, Map.of(), out.resolve("mock-startup-kit.log"),
                l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            kitMs = kit.readyMs();
            measured.add(new Measured(kit.name, Double.NaN, kit.readyMs(), 0, 0, kit.peakRssMb(), kitMs, List.of(), 1.0));
        }
        try (Target ms = mockServer("MockServer, every OpenAPI file")) {
            long loading = 0;
            int refused = 0;
            for (Path contract : contracts) {
                try {
                    loading += expect(ms, "/mockserver/openapi", new ObjectMapper().createObjectNode()
                            .put("specUrlOrPayload", Files.readString(contract)).toString());
                } catch (IllegalStateException e) {
                    refused++;
                    say("bench: mock start-up: MockServer refused " + root.relativize(contract) + ": " + e.getMessage());
                }
            }
            long total = ms.readyMs() + loading;
            measured.add(new Measured(ms.name + (refused > 0 ? " (" + refused + " refused)" : ""), Double.NaN, ms.readyMs(),
                    loading, refused, ms.peakRssMb(), total, List.of(), (double) total / kitMs));
        }
        return new Result("mock-startup", "ready to serve every API (" + contracts.size() + " OpenAPI files)",
                "kit mock (all APIs)", "the kit's mock ready in < 3 s", measured);
    }

    private Target mockServer(String name) throws IOException {
        int port = freePort();
        // MockServer alone, as its users run it (its jar only: the kit's other libraries would shadow its messages)
        Path jar;
        try (var files = Files.list(root.resolve("mock-server/target/lib"))) {
            jar = files.filter(f -> f.getFileName().toString().startsWith("mockserver-netty-no-dependencies-")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("MockServer's jar is not in mock-server/target/lib"));
        }
        Target t = Target.start(name, List.of(java, "--sun-misc-unsafe-memory-access=allow", "-cp",
                jar.toString(), "org.mockserver.cli.Main", "-serverPort", Integer.toString(port),
                "-logLevel", "INFO"), Map.of(), out.resolve(name.replaceAll("\\W+", "-").toLowerCase(Locale.ROOT) + ".log"),
                l -> l.contains("started on port"), Duration.ofSeconds(90));
        t.urls("http://127.0.0.1:" + port);
        return t;
    }

    private long expect(Target mockServer, String path, String json) throws Exception {
        long t0 = System.nanoTime();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(mockServer.url("") + path))
                .PUT(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException(mockServer.name + " refused " + path + ": " + r.statusCode() + " " + r.body());
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** Warm-up of each target, then rounds in which every target runs once, in turn. */
    private List<Measured> measure(String scenario, Map<Target, String> urls, Call call, Target baseline) throws Exception {
        Map<Target, Endpoint> endpoints = new LinkedHashMap<>();
        urls.forEach((t, u) -> endpoints.put(t, new Endpoint(u, call)));
        return measureEach(scenario, endpoints, baseline);
    }

    /** {@link #measure} with a call of its own per target. */
    private List<Measured> measureEach(String scenario, Map<Target, Endpoint> endpoints, Target baseline) throws Exception {
        Map<Target, Path> scripts = new LinkedHashMap<>();
        int i = 0;
        for (Map.Entry<Target, Endpoint> e : endpoints.entrySet()) {
            scripts.put(e.getKey(), luaScript(scenario + (i++ == 0 ? "" : "-" + i), e.getValue().call()));
            say("bench: " + scenario + ": warm-up " + e.getKey().name + " (" + warmup + " s)");
            wrk(e.getValue().url() + e.getValue().call().path(), e.getValue().call(), scripts.get(e.getKey()), warmup);
        }
        Map<Target, List<Wrk>> runs = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (Map.Entry<Target, Endpoint> e : endpoints.entrySet()) {
                say("bench: " + scenario + ": round " + round + "/" + rounds + ", " + e.getKey().name + " (" + duration + " s)");
                Call call = e.getValue().call();
                runs.computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                        .add(wrk(e.getValue().url() + call.path(), call, scripts.get(e.getKey()), duration));
            }
        }
        double base = median(runs.get(baseline).stream().mapToDouble(Wrk::requestsPerSecond).toArray());
        List<Measured> out = new ArrayList<>();
        runs.forEach((target, list) -> {
            double rps = median(list.stream().mapToDouble(Wrk::requestsPerSecond).toArray());
            out.add(new Measured(target.name, rps, median(list.stream().mapToDouble(Wrk::p50Ms).toArray()),
                    median(list.stream().mapToDouble(Wrk::p99Ms).toArray()), list.stream().mapToLong(Wrk::errors).sum(),
                    target.peakRssMb(), target.readyMs(), list, rps / base));
        });
        return out;
    }

    private Wrk wrk(String url, Call call, Path script, int seconds) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("wrk", "-t2", "-c" + connections, "-d" + seconds + "s", "--latency"));
        if (script != null) {
            cmd.addAll(List.of("-s", script.toString()));
        } else {
            call.headers().forEach((k, v) -> cmd.addAll(List.of("-H", k + ": " + v)));
        }
        cmd.add(url);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return Wrk.parse(output);
    }

    /** A wrk Lua script for a request with a body (wrk's command line cannot send one). */
    private Path luaScript(String scenario, Call call) throws IOException {
        if (call.body() == null) {
            return null;
        }
        StringBuilder lua = new StringBuilder("wrk.method = \"").append(call.method()).append("\"\n")
                .append("wrk.body = [==[").append(call.body()).append("]==]\n");
        call.headers().forEach((k, v) -> lua.append("wrk.headers[\"").append(k).append("\"] = [==[").append(v).append("]==]\n"));
        if (call.body().contains(UNIQUE)) { // each request its own value: wrk thread, this run's start, a counter
            int at = call.body().indexOf(UNIQUE);
            lua.append("""
                    local threads = 0
                    function setup(thread)
                      threads = threads + 1
                      thread:set("tid", threads)
                    end
                    local n = 0
                    local run = tostring(os.time()) .. "-" .. tostring(math.floor(os.clock() * 1000000))
                    function request()
                      n = n + 1
                      return wrk.format(nil, nil, nil, [==[%s]==] .. run .. "-" .. tid .. "-" .. n .. [==[%s]==])
                    end
                    """.formatted(call.body().substring(0, at), call.body().substring(at + UNIQUE.length())));
        }
        Path file = out.resolve(scenario + ".lua");
        Files.writeString(file, lua);
        return file;
    }

    private HttpResponse<byte[]> send(String base, Call call) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + call.path()))
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(call.body().replace(UNIQUE, "sample-" + System.nanoTime())));
        call.headers().forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private Path jar(String module) {
        return root.resolve(module + "/target/" + module + "-0.1.0-SNAPSHOT.jar");
    }

    private String settings() {
        return "wrk -t2 -c" + connections + " on loopback; warm-up " + warmup + " s per target, then " + rounds + " rounds of "
                + duration + " s, targets interleaved in each round; figures are medians over the rounds";
    }

    private static String machine() {
        String load = "";
        try {
            load = Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException ignored) {
            // not Linux
        }
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", JDK " + Runtime.version() + ", load average at start " + load
                + ", " + Instant.now();
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void say(String line) {
        System.err.println(line);
    }

    static ObjectMapper json() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
