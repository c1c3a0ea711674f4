package dev.contractkit.bench;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code sdk} scenario: {@link SdkCall} through JMH's Runner API, in rounds (each round forks one JVM that
 * measures both the SDK call and the raw call), so the two take turns; the ratio is SDK time / raw time.
 */
final class SdkOverhead {
    private SdkOverhead() {
    }

    static ScenarioResult run(int rounds, int seconds) throws RunnerException {
        Map<String, List<Double>> micros = new LinkedHashMap<>();
        micros.put("raw", new ArrayList<>());
        micros.put("rawWithSdkTimeouts", new ArrayList<>());
        micros.put("sdk", new ArrayList<>());
        for (int round = 1; round <= rounds; round++) {
            System.err.println("bench: sdk: round " + round + "/" + rounds + " (JMH, 1 fork, both calls)");
            Options options = new OptionsBuilder()
                    .include(SdkCall.class.getName() + "\\.")
                    .forks(1)
                    .warmupIterations(3).warmupTime(TimeValue.seconds(Math.max(1, seconds / 2)))
                    .measurementIterations(5).measurementTime(TimeValue.seconds(Math.max(1, seconds / 2)))
                    .jvmArgsAppend("--sun-misc-unsafe-memory-access=allow")
                    .shouldFailOnError(true)
                    .build();
            Collection<RunResult> results = new Runner(options).run();
            for (RunResult r : results) {
                String label = r.getParams().getBenchmark();
                micros.get(label.substring(label.lastIndexOf('.') + 1)).add(r.getPrimaryResult().getScore());
            }
        }
        double raw = Harness.median(micros.get("raw").stream().mapToDouble(Double::doubleValue).toArray());
        List<Measured> measured = new ArrayList<>();
        micros.forEach((name, values) -> {
            double median = Harness.median(values.stream().mapToDouble(Double::doubleValue).toArray());
            String label = switch (name) {
                case "raw" -> "raw OkHttp + Jackson";
                case "rawWithSdkTimeouts" -> "raw, on a client with the SDK's time-outs (call time-out on)";
                default -> "SDK FormsClient.get";
            };
            measured.add(new Measured(label,
                    1e6 / median, median, Double.NaN, 0, -1, -1, List.of(), median / raw));
        });
        return new ScenarioResult("sdk", "GET /forms/1 from one local Helidon server, one thread, average time per call "
                + "(JMH, median over " + rounds + " rounds)", "raw OkHttp + Jackson", "<= 1.1x the raw call's time", measured);
    }
}
