package dev.contractkit.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.Api;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.contractkit.bench.Harness.freePort;
import static dev.contractkit.bench.Harness.say;

/**
 * The {@code mock} scenario: the kit's mock (every API) against MockServer 5.15.0 serving the same bytes (a plain
 * expectation, and the forms contract loaded as an OpenAPI expectation); then start-up until every API is served.
 */
final class MockScenarios {
    /**
     * The same heap limit for every JVM of the scenario (the kit's mock and MockServer), as a CI job would set it;
     * without one each JVM sizes its heap from the machine's memory and peak RSS says more about the machine.
     */
    static final String HEAP = "-Xmx512m";
    private final Harness h;

    MockScenarios(Harness h) {
        this.h = h;
    }

    /**
     * The kit's mock for every API as {@code ./kit mock} starts it: its JVM flags ({@code mock-server/jvm.options}),
     * plus the scenario's {@link #HEAP} (the same for every JVM) and any {@code extra} flags.
     */
    private List<String> kitCommand(List<String> extra) throws IOException {
        List<String> command = new ArrayList<>(List.of(h.java, "--sun-misc-unsafe-memory-access=allow"));
        command.addAll(kitFlags());
        command.addAll(extra);
        // as ./kit mock runs it (its class path, so that a start-up cache recorded here fits)
        command.addAll(List.of("-cp", kitClasspath(), "dev.contractkit.mock.Main"));
        for (String api : Api.values().stream().map(Api::id).toList()) {
            // every listener on a port the system picks (0), read back from the table the mock prints: a default
            // one may be held by another program, and ports picked here beforehand could be taken before it binds
            command.addAll(List.of("--port", api + "=0"));
        }
        return command;
    }

    private List<String> kitFlags() throws IOException {
        List<String> flags = new ArrayList<>(CorpusTools.jvmOptions(h.root));
        flags.add(HEAP);
        return flags;
    }

    private String kitClasspath() {
        return h.jar("mock-server") + ":" + h.root.resolve("mock-server/target/lib") + "/*";
    }

    /** @return the {@code prism} command, installed on first use ({@link PrismPeer#ensure}) */
    Path prism() throws IOException, InterruptedException {
        if (prism == null) {
            prism = PrismPeer.ensure(h.root);
        }
        return prism;
    }

    private Path prism;

    ScenarioResult throughput() throws Exception {
        ScenarioRequest call = new ScenarioRequest("GET", "/forms/1", Map.of("Authorization", "Token token=kit-demo-forms-key"), null);
        Path prism = prism(); // first: without node and npm the scenario stops before starting anything
        say("bench: mock: starting the kit's mock (every API), MockServer 5.15.0 twice (JVMs at " + HEAP + ") and "
                + PrismPeer.NAME + " (forms.yaml)");
        try (Target kit = Target.start("kit mock (all APIs)", kitCommand(List.of()), Map.of(), h.out.resolve("mock-kit.log"),
                l -> l.startsWith("READY"), Duration.ofSeconds(90));
             Target plain = mockServer("MockServer, plain expectation");
             Target openapi = mockServer("MockServer, OpenAPI expectation");
             Target peer = PrismPeer.start(prism, h.root.resolve("specs/openapi/forms.yaml"), h.out.resolve("mock-prism.log"))) {
            String sample = new String(h.send(kit.url("forms"), call).body(), StandardCharsets.UTF_8);
            long plainSetup = expect(plain, "/mockserver/expectation", """
                    {"httpRequest":{"method":"GET","path":"/forms/1"},"httpResponse":{"statusCode":200,
                     "headers":{"Content-Type":["application/json"]},"body":{"type":"STRING","string":%s}}}"""
                    .formatted(new ObjectMapper().writeValueAsString(sample)));
            String spec = Files.readString(h.root.resolve("specs/openapi/forms.yaml"));
            long openapiSetup = expect(openapi, "/mockserver/openapi",
                    new ObjectMapper().createObjectNode().put("specUrlOrPayload", spec).toString());
            say("bench: mock: ready after " + kit.readyMs() + " ms (kit, all APIs), " + plain.readyMs() + " + " + plainSetup
                    + " ms (MockServer plain), " + openapi.readyMs() + " + " + openapiSetup + " ms (MockServer OpenAPI), "
                    + peer.readyMs() + " ms (Prism)");
            List<Measured> measured;
            List<Measured> alone;
            String floorName;
            try (Target floor = floor(sample)) {
                Map<Target, String> urls = new LinkedHashMap<>();
                urls.put(plain, plain.url(""));
                urls.put(kit, kit.url("forms"));
                urls.put(openapi, openapi.url(""));
                urls.put(peer, peer.url(""));
                Map<Target, String> apart = new LinkedHashMap<>();
                apart.put(plain, plain.url(""));
                apart.put(kit, kit.url("forms"));
                if (floor != null) {
                    urls.put(floor, floor.url(""));
                    apart.put(floor, floor.url(""));
                }
                measured = h.measure("mock", urls, call, plain);
                say("bench: mock: again with wrk on CPU 0 and each server on the other cores");
                alone = h.measureApart("mock-apart", apart, call, plain);
                floorName = floor == null ? null : floor.name;
            }
            throughputGoals = Goals.mock(measured, alone, kit.name, plain.name, peer.name, floorName);
            apartResult = new ScenarioResult("mock-apart", "GET /forms/1 (forms), the same example; wrk on CPU 0, the server "
                    + "on the other cores (taskset); JVMs at " + HEAP, plain.name,
                    ">= 3x MockServer's plain expectation", alone);
            return new ScenarioResult("mock", "GET /forms/1 (forms), the same example; JVMs at " + HEAP, plain.name,
                    ">= 3x MockServer's plain expectation, >= 10x Prism; peak RSS <= 0.5x MockServer's", measured);
        }
    }

    /**
     * @return nginx answering {@code GET /forms/1} with the kit's answer's body ({@link NginxFloor}), or null, said,
     *         when nginx is not installed
     */
    private Target floor(String body) throws IOException, InterruptedException {
        if (!NginxFloor.available()) {
            say("bench: mock: " + NginxFloor.NGINX + " not found (Debian package nginx-light; ./kit bench installs it):"
                    + " the mock tables go without their floor");
            return null;
        }
        return NginxFloor.start(NginxFloor.name(), h.out.resolve("mock-floor"), "/forms/1", "application/json", body);
    }

    private List<Measured> throughputGoals = List.of();
    private ScenarioResult apartResult;

    /** @return the {@code mock-apart} table of the last {@link #throughput()} (wrk and the servers on cores of their own) */
    ScenarioResult apart() {
        return apartResult;
    }

    /** @return the ratios the issue sets goals for, after {@link #throughput()} and {@link #startup()} */
    ScenarioResult goals(ScenarioResult startup, ScenarioResult oneApi) {
        List<Measured> rows = new ArrayList<>(throughputGoals);
        rows.addAll(Goals.startup(startup.targets(), oneApi.targets()));
        return new ScenarioResult("mock-goals", "the kit's mock against its peers (ratios from the two tables above)", "", "", rows);
    }

    /**
     * Start-up for every API: the kit's mock with all its listeners against MockServer started and then given
     * each of the kit's OpenAPI files through {@code PUT /mockserver/openapi}, one after the other. The kit's mock
     * as {@code ./kit mock} starts it (its flags and its start-up cache, recorded by an untimed start first,
     * as {@link StartupScenario} does for one API), and plainly (its flags only) for comparison.
     */
    ScenarioResult startup() throws Exception {
        List<Path> contracts;
        try (var files = Files.walk(h.root.resolve("specs/openapi"))) {
            contracts = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        say("bench: mock start-up: the kit's mock (every API) and MockServer given all " + contracts.size() + " OpenAPI files");
        List<Measured> measured = new ArrayList<>();
        StartupCache cache = new StartupCache(h.java, h.out.resolve("mock-server-all"));
        String kind = StartupCache.kind();
        try (Target recording = Target.start("kit mock (all APIs), recording its " + kind, kitCommand(cache.record()),
                Map.of(), h.out.resolve("mock-startup-kit-record.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            say("bench: mock start-up: the kit's " + kind + " recorded (" + recording.readyMs() + " ms to ready)");
        }
        cache.create(kitFlags(), kitClasspath());
        long kitMs;
        try (Target kit = Target.start("./kit mock (all APIs; " + kind + ")", kitCommand(cache.use()), Map.of(),
                h.out.resolve("mock-startup-kit.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            kitMs = kit.readyMs();
            measured.add(new Measured(kit.name, Double.NaN, kit.readyMs(), 0, 0, kit.peakRssMb(), kitMs, List.of(), 1.0));
        }
        Measured plainKit;
        try (Target kit = Target.start("kit mock (all APIs), plain java -cp", kitCommand(List.of()), Map.of(),
                h.out.resolve("mock-startup-kit-plain.log"), l -> l.startsWith("READY"), Duration.ofSeconds(90))) {
            plainKit = new Measured(kit.name, Double.NaN, kit.readyMs(), 0, 0, kit.peakRssMb(), kit.readyMs(), List.of(),
                    (double) kit.readyMs() / kitMs);
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
                    say("bench: mock start-up: MockServer refused " + h.root.relativize(contract) + ": " + e.getMessage());
                }
            }
            long total = ms.readyMs() + loading;
            measured.add(new Measured(ms.name + (refused > 0 ? " (" + refused + " refused)" : ""), Double.NaN, ms.readyMs(),
                    loading, refused, ms.peakRssMb(), total, List.of(), (double) total / kitMs));
        }
        measured.add(plainKit); // after MockServer's: the goal compares the first two rows (Goals.startup)
        return new ScenarioResult("mock-startup", "ready to serve every API (" + contracts.size() + " OpenAPI files); JVMs at " + HEAP,
                "./kit mock (all APIs; " + kind + ")", "the kit's mock ready for every API in <= 0.5x MockServer's start plus load", measured);
    }

    private Target mockServer(String name) throws IOException {
        int port = freePort();
        // MockServer alone, as its users run it (its jar only: the kit's other libraries would shadow its messages)
        Path jar;
        try (var files = Files.list(h.root.resolve("mock-server/target/lib"))) {
            jar = files.filter(f -> f.getFileName().toString().startsWith("mockserver-netty-no-dependencies-")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("MockServer's jar is not in mock-server/target/lib"));
        }
        Target t = Target.start(name, List.of(h.java, "--sun-misc-unsafe-memory-access=allow", HEAP, "-cp",
                jar.toString(), "org.mockserver.cli.Main", "-serverPort", Integer.toString(port),
                "-logLevel", "INFO"), Map.of(), h.out.resolve(name.replaceAll("\\W+", "-").toLowerCase(Locale.ROOT) + ".log"),
                l -> l.contains("started on port"), Duration.ofSeconds(90));
        t.urls("http://127.0.0.1:" + port);
        return t;
    }

    private long expect(Target mockServer, String path, String json) throws Exception {
        long t0 = System.nanoTime();
        HttpResponse<String> r = h.http.send(HttpRequest.newBuilder(URI.create(mockServer.url("") + path))
                .PUT(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException(mockServer.name + " refused " + path + ": " + r.statusCode() + " " + r.body());
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
