package dev.contractkit.bench;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.contractkit.bench.Harness.freePort;
import static dev.contractkit.bench.Harness.say;

/**
 * The {@code mock-start} part of the {@code mock} scenario: start-up of a mock for one API (forms) until it serves,
 * {@value #RUNS} runs each, taking turns, medians. {@code ./kit mock --api forms} is run with the flags {@code ./kit}
 * gives it (its start-up cache, {@link StartupCache}, recorded by a first run that is not counted; here in
 * target/bench so the user's cache is left alone), and plainly with {@code java -cp}; the peers are MockServer started and given
 * forms.yaml ({@code PUT /mockserver/openapi}) and Prism on forms.yaml; the floor is {@code java -version}.
 */
final class StartupScenario {
    static final int RUNS = 5;
    private final Harness h;

    StartupScenario(Harness h) {
        this.h = h;
    }

    ScenarioResult run(Path prism) throws Exception {
        StartupCache cache = new StartupCache(h.java, h.out.resolve("mock-server"));
        String cp = h.jar("mock-server") + ":" + h.root.resolve("mock-server/target/lib") + "/*";
        List<String> plainFlags = CorpusTools.jvmOptions(h.root); // ./kit mock's JVM flags
        List<String> recordFlags = new ArrayList<>(plainFlags);
        recordFlags.addAll(cache.record());
        say("bench: mock start-up: recording the kit's " + StartupCache.kind() + " (" + kitMock(cp, recordFlags, "kit-record")
                + " ms to ready)");
        cache.create(plainFlags, cp);
        List<String> kitFlags = new ArrayList<>(plainFlags);
        kitFlags.addAll(cache.use());
        Map<String, Start> starts = new LinkedHashMap<>();
        starts.put("java -version (floor)", () -> exit(List.of(h.java, "-version")));
        starts.put("MockServer started + forms.yaml loaded (baseline)", this::mockServer);
        starts.put("./kit mock --api forms (" + StartupCache.kind() + ")", () -> kitMock(cp, kitFlags, "kit"));
        starts.put("kit mock --api forms, plain java -cp", () -> kitMock(cp, plainFlags, "kit-plain"));
        starts.put(PrismPeer.NAME + " on forms.yaml", () -> prism(prism));
        say("bench: mock start-up for one API (forms): " + String.join(", ", starts.keySet()) + "; " + RUNS
                + " runs each, taking turns, after one run each");
        for (Start s : starts.values()) {
            s.ms();
        }
        Map<String, double[]> ms = new LinkedHashMap<>();
        starts.keySet().forEach(k -> ms.put(k, new double[RUNS]));
        for (int i = 0; i < RUNS; i++) {
            for (Map.Entry<String, Start> s : starts.entrySet()) {
                ms.get(s.getKey())[i] = s.getValue().ms();
            }
        }
        double base = Harness.median(ms.get("MockServer started + forms.yaml loaded (baseline)"));
        List<Measured> measured = new ArrayList<>();
        ms.forEach((name, values) -> measured.add(new Measured(name, Double.NaN, Harness.median(values), Tools.percentile90(values),
                0, -1, -1, List.of(), Harness.median(values) / base)));
        return new ScenarioResult("mock-start", "one API (forms) to serving, median of " + RUNS + " runs each, taking turns "
                + "(ms to READY / to listening / to exit for java -version; p90 column = p90 ms)",
                "MockServer started + forms.yaml loaded (baseline)", "./kit mock --api forms ready in <= 1 s", measured);
    }

    private interface Start {
        double ms() throws Exception;
    }

    private double kitMock(String cp, List<String> flags, String log) throws IOException {
        List<String> command = new ArrayList<>(List.of(h.java, "--sun-misc-unsafe-memory-access=allow"));
        command.addAll(flags);
        command.addAll(List.of("-cp", cp, "dev.contractkit.mock.Main", "--api", "forms", "--port", "forms=0"));
        try (Target t = Target.start("kit mock (forms)", command, Map.of(), h.out.resolve("mock-start-" + log + ".log"),
                l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            return t.readyMs();
        }
    }

    private double mockServer() throws Exception {
        Path jar;
        try (var files = Files.list(h.root.resolve("mock-server/target/lib"))) {
            jar = files.filter(f -> f.getFileName().toString().startsWith("mockserver-netty-no-dependencies-")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("MockServer's jar is not in mock-server/target/lib"));
        }
        int port = freePort();
        try (Target t = Target.start("MockServer", List.of(h.java, "--sun-misc-unsafe-memory-access=allow", "-cp",
                jar.toString(), "org.mockserver.cli.Main", "-serverPort", Integer.toString(port), "-logLevel", "INFO"),
                Map.of(), h.out.resolve("mock-start-mockserver.log"), l -> l.contains("started on port"), Duration.ofSeconds(90))) {
            long t0 = System.nanoTime();
            String body = new ObjectMapper().createObjectNode()
                    .put("specUrlOrPayload", Files.readString(h.root.resolve("specs/openapi/forms.yaml"))).toString();
            HttpResponse<String> r = h.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mockserver/openapi"))
                    .PUT(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new IllegalStateException("MockServer refused forms.yaml: " + r.statusCode() + " " + r.body());
            }
            return t.readyMs() + (System.nanoTime() - t0) / 1e6;
        }
    }

    private double prism(Path prism) throws IOException {
        try (Target t = PrismPeer.start(prism, h.root.resolve("specs/openapi/forms.yaml"), h.out.resolve("mock-start-prism.log"))) {
            return t.readyMs();
        }
    }

    private static double exit(List<String> command) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("did not end within 60 s: " + String.join(" ", command));
        }
        return (System.nanoTime() - t0) / 1e6;
    }
}
