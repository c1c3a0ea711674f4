package dev.contractkit.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What every scenario shares: the run's settings (where the kit is, how long and how hard to load), wrk runs with
 * warm-up and interleaved rounds ({@link #measure}), a single request ({@link #send}), the modules' jars.
 */
final class Harness {
    /** In a call's body: replaced by a value unique to each request (wrk thread, run and counter). */
    static final String UNIQUE = "{{unique}}";
    /** Warm-up windows after the first: their length, the most in all, and what counts as no longer faster. */
    static final int WARMUP_STEP_S = 3;
    static final int WARMUP_MAX_S = 30;
    static final double STEADY = 1.05;

    final Path root;
    final Path out;
    final int duration;
    final int warmup;
    final int rounds;
    final int connections;
    final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    Harness(Path root, int duration, int warmup, int rounds, int connections) {
        this.root = root;
        this.out = root.resolve("target/bench");
        this.duration = duration;
        this.warmup = warmup;
        this.rounds = rounds;
        this.connections = connections;
    }

    /** Where a target is called and what with (each server may have its own coupon and token). */
    record Endpoint(String url, ScenarioRequest call) {
    }

    /** Warm-up of each target, then rounds in which every target runs once, in turn. */
    List<Measured> measure(String scenario, Map<Target, String> urls, ScenarioRequest call, Target baseline) throws Exception {
        Map<Target, Endpoint> endpoints = new LinkedHashMap<>();
        urls.forEach((t, u) -> endpoints.put(t, new Endpoint(u, call)));
        return measureEach(scenario, endpoints, baseline);
    }

    /**
     * {@link #measure} with wrk on a core of its own (CPU 0) and every target's threads on the others
     * ({@code taskset}), then the targets' affinity back to every core. On a machine of two cores, wrk and the server
     * otherwise share both, and a server that needs little CPU per request is bounded by what wrk can send beside
     * it, not by its own cost.
     */
    List<Measured> measureApart(String scenario, Map<Target, String> urls, ScenarioRequest call, Target baseline) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 2) {
            throw new IllegalStateException(scenario + ": needs two cores or more (one for wrk), this machine has " + cores);
        }
        String others = cores == 2 ? "1" : "1-" + (cores - 1);
        for (Target t : urls.keySet()) {
            taskset(others, t);
        }
        wrkPrefix = List.of("taskset", "-c", "0");
        try {
            return measure(scenario, urls, call, baseline);
        } finally {
            wrkPrefix = List.of();
            for (Target t : urls.keySet()) {
                taskset("0-" + (cores - 1), t);
            }
        }
    }

    /**
     * Every thread of the target's process and of the processes it started (nginx's workers) on these CPUs
     * ({@code taskset -a -p -c}).
     */
    private static void taskset(String cpus, Target t) throws IOException, InterruptedException {
        for (long pid : t.pids()) {
            Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid))
                    .redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                throw new IllegalStateException("taskset could not move " + t.name + " to CPU " + cpus + ": " + output.strip());
            }
        }
    }

    /**
     * Waits until every target but {@code current} is idle (at most {@link #IDLE_TICKS} clock ticks of CPU in
     * {@link #IDLE_WINDOW_MS}), for at most 15 s: a server may go on working after its run (MockServer writes its
     * log of every request), and that work would be taken from the next target's run.
     */
    private void othersIdle(String scenario, Target current, java.util.Set<Target> all) throws InterruptedException {
        List<Target> others = all.stream().filter(t -> t != current).toList();
        long deadline = System.nanoTime() + 15_000_000_000L;
        long before = others.stream().mapToLong(Target::cpuTicks).sum();
        while (true) {
            Thread.sleep(IDLE_WINDOW_MS); // a benchmark's pause between runs, not a test's wait for a result
            long now = others.stream().mapToLong(Target::cpuTicks).sum();
            if (now - before <= IDLE_TICKS) {
                return;
            }
            if (System.nanoTime() > deadline) {
                say("bench: " + scenario + ": the other targets still use CPU after 15 s; measuring " + current.name + " anyway");
                return;
            }
            before = now;
        }
    }

    private static final long IDLE_WINDOW_MS = 300;
    private static final long IDLE_TICKS = 1;

    /** Put before wrk's command: {@code taskset -c 0} during {@link #measureApart}. */
    private List<String> wrkPrefix = List.of();

    /** {@link #measure} with a call of its own per target. */
    List<Measured> measureEach(String scenario, Map<Target, Endpoint> endpoints, Target baseline) throws Exception {
        return measureEach(scenario, endpoints, baseline, warmup, WARMUP_MAX_S);
    }

    /**
     * {@link #measureEach(String, Map, Target)} with a longer warm-up: for servers that pause on a plateau while the
     * JIT compiles (steady by the two-window rule, then faster) and still gain after {@link #WARMUP_MAX_S} seconds.
     *
     * @param firstWindowSeconds the warm-up's first window (at least the bench's {@code --warmup})
     * @param maxWarmupSeconds   the most seconds a target is warmed up
     */
    List<Measured> measureEach(String scenario, Map<Target, Endpoint> endpoints, Target baseline, int firstWindowSeconds,
                               int maxWarmupSeconds) throws Exception {
        Map<Target, Path> scripts = new LinkedHashMap<>();
        int i = 0;
        for (Map.Entry<Target, Endpoint> e : endpoints.entrySet()) {
            scripts.put(e.getKey(), luaScript(scenario + (i++ == 0 ? "" : "-" + i), e.getValue().call()));
            warmUp(scenario, e.getKey().name, e.getValue(), scripts.get(e.getKey()), Math.max(warmup, firstWindowSeconds),
                    maxWarmupSeconds);
        }
        Map<Target, List<Wrk>> runs = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (Map.Entry<Target, Endpoint> e : endpoints.entrySet()) {
                say("bench: " + scenario + ": round " + round + "/" + rounds + ", " + e.getKey().name + " (" + duration + " s)");
                ScenarioRequest call = e.getValue().call();
                othersIdle(scenario, e.getKey(), endpoints.keySet());
                runs.computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                        .add(wrk(e.getValue().url() + call.path(), call, scripts.get(e.getKey()), duration));
            }
        }
        double base = median(runs.get(baseline).stream().mapToDouble(Wrk::requestsPerSecond).toArray());
        List<Measured> measured = new ArrayList<>();
        runs.forEach((target, list) -> {
            double rps = median(list.stream().mapToDouble(Wrk::requestsPerSecond).toArray());
            measured.add(new Measured(target.name, rps, median(list.stream().mapToDouble(Wrk::p50Ms).toArray()),
                    median(list.stream().mapToDouble(Wrk::p99Ms).toArray()), list.stream().mapToLong(Wrk::errors).sum(),
                    target.peakRssMb(), target.readyMs(), list, rps / base));
        });
        return measured;
    }

    /**
     * Loads a target until its throughput is steady: a first window of {@code firstSeconds} ({@link #warmup} unless a
     * scenario asks for more), then windows of {@link #WARMUP_STEP_S} seconds until two in a row are each no faster
     * than {@link #STEADY} times the best before them, for at most {@code maxSeconds} ({@link #WARMUP_MAX_S} unless a
     * scenario asks for more) in all. A server with more code to compile (the reference
     * server's contract checks, engines and JSON) reaches its steady state later than a raw handler; measuring it
     * before then would compare its JIT warm-up with the baseline's throughput. Two windows, not one: the answer's
     * server once held 3,391 req/s for one window while C2 was still compiling, then served 8,849.
     */
    private void warmUp(String scenario, String name, Endpoint endpoint, Path script, int firstSeconds, int maxSeconds)
            throws IOException, InterruptedException {
        String url = endpoint.url() + endpoint.call().path();
        List<Double> windows = new ArrayList<>();
        windows.add(wrk(url, endpoint.call(), script, firstSeconds).requestsPerSecond());
        int seconds = firstSeconds;
        while (!steady(windows) && seconds + WARMUP_STEP_S <= Math.max(firstSeconds, maxSeconds)) {
            windows.add(wrk(url, endpoint.call(), script, WARMUP_STEP_S).requestsPerSecond());
            seconds += WARMUP_STEP_S;
        }
        say("bench: " + scenario + ": warm-up " + name + " (" + seconds + " s; req/s per window " + windows.stream()
                .map(r -> String.format(Locale.ROOT, "%.0f", r)).toList() + (steady(windows) ? ", steady)" : ", not steady)"));
    }

    /**
     * The last two windows are each no faster than {@link #STEADY} times the best one before it (never after fewer
     * than three windows): one window that gains nothing can be a pause of the JIT between two compilations.
     */
    static boolean steady(List<Double> windows) {
        return windows.size() >= 3 && noGain(windows) && noGain(windows.subList(0, windows.size() - 1));
    }

    private static boolean noGain(List<Double> windows) {
        double best = windows.subList(0, windows.size() - 1).stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return windows.getLast() <= best * STEADY;
    }

    Wrk wrk(String url, ScenarioRequest call, Path script, int seconds) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(wrkPrefix);
        cmd.addAll(List.of("wrk", "-t2", "-c" + connections, "-d" + seconds + "s", "--latency"));
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
    Path luaScript(String scenario, ScenarioRequest call) throws IOException {
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

    /** One request of the call, {@link #UNIQUE} replaced by a value of its own. */
    HttpResponse<byte[]> send(String base, ScenarioRequest call) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + call.path()))
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(call.body().replace(UNIQUE, "sample-" + System.nanoTime())));
        call.headers().forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    Path jar(String module) {
        return root.resolve(module + "/target/" + module + "-0.1.0-SNAPSHOT.jar");
    }

    String settings() {
        return "wrk -t2 -c" + connections + " on loopback; warm-up per target until steady (" + warmup + " s, then "
                + WARMUP_STEP_S + " s windows until two in a row are each not " + Math.round((STEADY - 1) * 100) + " % faster than the best before them, at most "
                + WARMUP_MAX_S + " s), then " + rounds + " rounds of "
                + duration + " s, targets interleaved in each round; figures are medians over the rounds";
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

    /** @return a fresh kit token for a server the bench starts (the agent, exec and runtime require one) */
    static String kitToken() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    static void say(String line) {
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
