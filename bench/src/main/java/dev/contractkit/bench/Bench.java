package dev.contractkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static dev.contractkit.bench.Harness.say;

/**
 * {@code ./kit bench [scenario...] [--duration S] [--warmup S] [--rounds N] [--connections N]}: each scenario
 * starts its targets as separate processes on loopback, warms each up with wrk, then measures them in
 * interleaved rounds, and reports requests/s, p50/p99, errors, peak RSS and the ratio to the scenario's baseline
 * (target/bench/results.md and results.json). The scenarios and what each measures: {@link Scenario}
 * ({@code --help} lists them); they run in {@link ReferenceScenarios}, {@link MockScenarios} (with
 * {@link PrismPeer} and {@link StartupScenario}), {@link SdkOverhead}, {@link Tools}, {@link PromptCost},
 * {@link Growth} and {@link Corpus} (only when named: {@code corpus [--sample N] [--seed S]}).
 */
public final class Bench {
    /** The default run; {@code write-pg} and {@code answer-pg} say so and are left out when PostgreSQL cannot be reached. */
    static final List<String> SCENARIOS = Scenario.names(true);
    /** Run only when named: {@code replicas} needs PostgreSQL and Redis ({@link ReplicaScenario}). */
    static final List<String> OPTIONAL = Scenario.names(false);
    private static final int TOOL_RUNS = 20;

    private final Harness h;
    private final Corpus.Options corpus;

    private Bench(Harness h, Corpus.Options corpus) {
        this.h = h;
        this.corpus = corpus;
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
        Corpus.Options corpus = Corpus.Options.DEFAULT;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sample", "--seed", "--documents" -> corpus = corpus.with(args[i], args[++i]);
                case "--no-github", "--no-prism" -> corpus = corpus.with(args[i], null);
                case "--duration" -> duration = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--connections" -> connections = Integer.parseInt(args[++i]);
                case "-h", "--help" -> {
                    System.out.println("usage: bench [scenario...] [--duration S] [--warmup S] [--rounds N] [--connections N]");
                    System.out.println("       bench corpus [--sample N (default 30)] [--seed S (default 1)] [--documents FILE] [--no-github] [--no-prism]");
                    System.out.println("scenarios (without any named: all but those run only when named):");
                    Scenario.ALL.forEach(s -> System.out.printf("  %-13s %s%s%n", s.name(),
                            s.byDefault() ? "" : "(only when named) ", s.what()));
                    return;
                }
                default -> {
                    if (!SCENARIOS.contains(args[i]) && !OPTIONAL.contains(args[i])) {
                        System.err.println("bench: unknown scenario '" + args[i] + "'; known: "
                                + Scenario.ALL.stream().map(Scenario::name).toList());
                        System.exit(2);
                    }
                    chosen.add(args[i]);
                }
            }
        }
        Bench bench = new Bench(new Harness(Path.of(System.getProperty("kit.root", ".")).toAbsolutePath().normalize(),
                duration, warmup, rounds, connections), corpus);
        try {
            System.exit(bench.run(chosen.isEmpty() ? SCENARIOS : chosen));
        } catch (IllegalStateException | IOException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(1);
        }
    }

    private int run(List<String> scenarios) throws Exception {
        Files.createDirectories(h.out);
        String machine = machine();
        say("bench: " + machine);
        List<ScenarioResult> results = new ArrayList<>();
        try {
            measure(scenarios, results);
        } catch (IllegalStateException | IOException e) {
            if (!results.isEmpty()) { // what was measured before the failure is kept: a run takes minutes
                ResultsWriter.write(h.out, machine, h.settings(), results);
                say("bench: wrote what was measured before the failure to " + h.out.resolve("results.md"));
            }
            throw e;
        }
        ResultsWriter.write(h.out, machine, h.settings(), results);
        say("bench: wrote " + h.out.resolve("results.md") + " and results.json");
        System.out.print(Files.readString(h.out.resolve("results.md")));
        return 0;
    }

    private void measure(List<String> scenarios, List<ScenarioResult> results) throws Exception {
        ReferenceScenarios reference = new ReferenceScenarios(h);
        List<String> againstBaselines = scenarios.stream().filter(ReferenceScenarios.AGAINST_BASELINES::contains).toList();
        if (!againstBaselines.isEmpty()) {
            results.addAll(reference.againstBaselines(againstBaselines));
        }
        if (scenarios.contains("durable")) {
            results.add(reference.durable());
        }
        if (scenarios.contains("mock")) {
            MockScenarios mock = new MockScenarios(h);
            results.add(mock.throughput());
            results.add(mock.apart());
            ScenarioResult startup = mock.startup();
            ScenarioResult oneApi = new StartupScenario(h).run(mock.prism());
            results.addAll(List.of(startup, oneApi, mock.goals(startup, oneApi)));
        }
        if (scenarios.contains("streams")) {
            results.addAll(reference.streams());
        }
        if (scenarios.contains("sdk")) {
            results.add(SdkOverhead.run(h.rounds, h.duration));
        }
        if (scenarios.contains("replicas")) {
            results.addAll(reference.replicas());
        }
        if (scenarios.contains("growth")) {
            say("bench: growth: the mock and the suite on generated documents of 100 and 1,000 operations");
            results.add(Growth.run(h.java, h.jar("mock-server"), h.jar("conformance-tests"), h.out));
        }
        if (scenarios.contains("corpus")) {
            results.add(Corpus.run(h, corpus));
        }
        if (scenarios.contains("tools")) {
            say("bench: tools: java -version, quotas --statusline, execcli health, " + TOOL_RUNS + " runs each, taking turns");
            results.add(Tools.run(h.root, h.java, TOOL_RUNS, h.out));
            results.add(PromptCost.run(h.root));
        }
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
}
