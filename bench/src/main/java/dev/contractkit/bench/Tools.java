package dev.contractkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@code tools} scenario: start-up of the kit's command-line tools against the JVM's own {@code java -version}
 * (the floor), each run to its end {@code runs} times, the commands taking turns; figures are medians, in ms.
 * {@code quotas --statusline} runs with the flags {@code ./kit quotas --statusline} uses (its class-data archive,
 * C1 only) and a fresh home (no provider configured: the start-up, not the network); {@code execcli health} runs
 * plainly and as {@code ./kit execcli} does (class-data archive, C1), against a loopback port nothing listens on (start-up to its first, refused, call).
 */
final class Tools {
    private Tools() {
    }

    static ScenarioResult run(Path root, String java, int runs, Path out) throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("kit-bench-home");
        String quotas = root.resolve("cli/quotas/target/quotas-0.1.0-SNAPSHOT.jar").toString();
        String execcli = root.resolve("cli/execcli/target/execcli-0.1.0-SNAPSHOT.jar").toString();
        Path jsa = out.resolve("quotas-statusline.jsa");
        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("java -version (floor)", List.of(java, "-version"));
        commands.put("quotas --statusline", List.of(java, "-XX:SharedArchiveFile=" + jsa, "-XX:+AutoCreateSharedArchive",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-jar", quotas,
                "--statusline", "--no-update-check", "--no-icons"));
        commands.put("execcli health (plain java -jar)", List.of(java, "-jar", execcli, "health"));
        for (String jar : List.of(quotas, execcli)) {
            if (!Files.isRegularFile(Path.of(jar))) {
                throw new IllegalStateException(jar + " is missing: run ./kit build first (the tools scenario times the built jars)");
            }
        }
        staleness(root, Path.of(execcli));
        // the user-facing command itself: the script (JDK lookup, staleness check of execcli's sources) and its flags
        commands.put("./kit execcli health", List.of("bash", root.resolve("kit").toString(), "execcli", "health"));
        // a token, so execcli goes as far as its call (nothing listens there) whatever it does without one
        Map<String, String> env = Map.of("HOME", home.toString(), "EXEC_URL", "http://127.0.0.1:9", "EXEC_TOKEN", Harness.kitToken());
        for (List<String> c : commands.values()) {
            time(c, env); // warm the page cache; the first quotas run records its class-data archive
        }
        Map<String, double[]> ms = new LinkedHashMap<>();
        commands.keySet().forEach(k -> ms.put(k, new double[runs]));
        for (int i = 0; i < runs; i++) {
            for (Map.Entry<String, List<String>> c : commands.entrySet()) {
                ms.get(c.getKey())[i] = time(c.getValue(), env);
            }
        }
        double floor = Harness.median(ms.get("java -version (floor)"));
        List<Measured> measured = new ArrayList<>();
        ms.forEach((name, values) -> {
            double median = Harness.median(values);
            measured.add(new Measured(name, Double.NaN, median, percentile90(values), 0, -1, -1, List.of(),
                    median / floor));
        });
        return new ScenarioResult("tools", "start-up to exit, median of " + runs + " runs each, taking turns (p50 = median ms, "
                + "p99 column = p90 ms)", "java -version (floor)", "./kit execcli health <= 3x java -version; as close to the floor as possible", measured);
    }

    /** ./kit execcli builds the whole kit when execcli's sources are newer than its jar: that is not start-up */
    private static void staleness(Path root, Path jar) throws IOException {
        long built = Files.getLastModifiedTime(jar).toMillis();
        try (var files = Files.walk(root.resolve("cli/execcli/src"))) {
            if (files.anyMatch(f -> {
                try {
                    return Files.getLastModifiedTime(f).toMillis() > built;
                } catch (IOException e) {
                    return false;
                }
            })) {
                throw new IllegalStateException("cli/execcli's sources are newer than " + jar.getFileName()
                        + ": ./kit execcli would rebuild the kit; run ./kit build first");
            }
        }
    }

    static double percentile90(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[Math.min(v.length - 1, (int) Math.ceil(v.length * 0.9) - 1)];
    }

    private static double time(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("did not end within 60 s: " + String.join(" ", command));
        }
        return (System.nanoTime() - t0) / 1e6;
    }
}
