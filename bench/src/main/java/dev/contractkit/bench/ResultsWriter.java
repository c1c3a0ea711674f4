package dev.contractkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes target/bench/results.md and results.json. */
final class ResultsWriter {
    private ResultsWriter() {
    }

    static void write(Path out, String machine, String settings, List<ScenarioResult> results) throws IOException {
        StringBuilder md = new StringBuilder("# Contract Kit bench\n\n")
                .append("Machine: ").append(machine).append("\n\nSettings: ").append(settings).append("\n");
        for (ScenarioResult r : results) {
            md.append("\n## ").append(r.scenario()).append(": ").append(r.request()).append("\n\n");
            if (r.scenario().equals("corpus")) { // its own tables, written by CorpusReport
                String corpus = Files.readString(out.resolve("corpus.md"));
                md.append(corpus.substring(corpus.indexOf("\n\n") + 2)).append("\nGoal: ").append(r.goal())
                        .append("\n\nPer document, with each tool's answers: corpus.json; logs: corpus/<n>/.\n");
                continue;
            }
            if (r.scenario().equals("sdk")) {
                md.append("| call | µs per call | calls/s | ratio to ").append(r.baseline()).append(" |\n|---|---:|---:|---:|\n");
                for (Measured m : r.targets()) {
                    md.append(String.format(Locale.ROOT, "| %s | %.1f | %.0f | %.2f |%n", m.target(), m.p50Ms(),
                            m.requestsPerSecond(), m.ratio()));
                }
                md.append("\nGoal: ").append(r.goal()).append("\n");
                continue;
            }
            if (r.scenario().startsWith("streams")) {
                md.append("| figure | median ms | p99 ms | per second | ratio (p50 or p99 over ").append(r.baseline())
                        .append(") |\n|---|---:|---:|---:|---:|\n");
                for (Measured m : r.targets()) {
                    md.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.0f | %.2f |%n", m.target(), m.p50Ms(),
                            m.p99Ms(), m.requestsPerSecond(), m.ratio()).replace("NaN", "–"));
                }
                continue;
            }
            if (r.scenario().equals("mock-startup")) {
                md.append("| target | process ready ms | contracts loaded ms | ready for every API ms | peak RSS MiB | ratio to ")
                        .append(r.baseline()).append(" |\n|---|---:|---:|---:|---:|---:|\n");
                for (Measured m : r.targets()) {
                    md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %d | %.0f | %.2f |%n", m.target(), m.p50Ms(),
                            m.p99Ms(), m.readyMs(), m.peakRssMb(), m.ratio()));
                }
                md.append("\nGoal: ").append(r.goal()).append("\n");
                continue;
            }
            if (r.scenario().equals("growth")) {
                md.append("| target | ms per operation | peak MiB per operation | total ms | peak RSS MiB | time per operation over ")
                        .append(r.baseline()).append(" |\n|---|---:|---:|---:|---:|---:|\n");
                for (Measured m : r.targets()) {
                    md.append(String.format(Locale.ROOT, "| %s | %.2f | %.3f | %d | %.0f | %.2f |%n", m.target(), m.p50Ms(),
                            m.p99Ms(), m.readyMs(), m.peakRssMb(), m.ratio()));
                }
                md.append("\nGoal: ").append(r.goal()).append("\n");
                continue;
            }
            if (r.scenario().endsWith("-goals")) {
                md.append("| figure | value | goal | |\n|---|---:|---:|---|\n");
                for (Measured m : r.targets()) {
                    if (!Goals.hasGoal(m)) {
                        md.append(String.format(Locale.ROOT, "| %s | %.2f | | (no goal) |%n", m.target(), m.ratio()));
                        continue;
                    }
                    md.append(String.format(Locale.ROOT, "| %s | %.2f | %s %.2f | %s |%n", m.target(), m.ratio(),
                            m.errors() > 0 ? ">=" : "<=", m.p50Ms(), Goals.met(m) ? "met" : "not met"));
                }
                continue;
            }
            if (r.scenario().equals("prompt")) {
                md.append("| shell | ms per prompt | slowest round | ratio to ").append(r.baseline()).append(" |\n|---|---:|---:|---:|\n");
                for (Measured m : r.targets()) {
                    md.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.2f |%n", m.target(), m.p50Ms(), m.p99Ms(), m.ratio()));
                }
                md.append("\nGoal: ").append(r.goal()).append("\n");
                continue;
            }
            if (r.scenario().equals("tools") || r.scenario().equals("mock-start")) {
                md.append("| command | median ms | p90 ms | ratio to ").append(r.baseline()).append(" |\n|---|---:|---:|---:|\n");
                for (Measured m : r.targets()) {
                    md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.2f |%n", m.target(), m.p50Ms(), m.p99Ms(),
                            m.ratio()));
                }
                if (!r.goal().isEmpty()) {
                    md.append("\nGoal: ").append(r.goal()).append("\n");
                }
                continue;
            }
            md.append("| target | req/s | p50 ms | p99 ms | errors | peak RSS MiB | ready ms | ratio to ")
                    .append(r.baseline()).append(" |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
            for (Measured m : r.targets()) {
                md.append(String.format(Locale.ROOT, "| %s | %.0f | %.2f | %.2f | %d | %.0f | %d | %.2f |%n", m.target(),
                        m.requestsPerSecond(), m.p50Ms(), m.p99Ms(), m.errors(), m.peakRssMb(), m.readyMs(), m.ratio()));
            }
            if (!r.goal().isEmpty()) {
                md.append("\nGoal: ").append(r.goal()).append("\n");
            }
        }
        Harness.write(out.resolve("results.md"), md.toString());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine);
        json.put("settings", settings);
        json.put("results", results);
        Harness.json().writeValue(out.resolve("results.json").toFile(), json);
    }
}
