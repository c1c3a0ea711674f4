package dev.contractkit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.LargeDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How the mock and the conformance suite scale with the number of operations: a generated document of 100 and of
 * 1,000 operations ({@link LargeDocument}), the mock started on it ({@code --spec}) and the suite run against that
 * mock, each in a process of its own; and the mock started on the kit's own documents (every API of
 * {@code specs/apis.yaml}). Time and peak memory per operation over the same at 100: a flat cost per operation is a
 * ratio near 1.
 */
final class Growth {
    private static final List<Integer> SIZES = List.of(100, 1000);
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");

    private Growth() {
    }

    static ScenarioResult run(String java, Path mockJar, Path suiteJar, Path out) throws IOException {
        List<Measured> measured = new ArrayList<>();
        double[] base = new double[4];
        for (int ops : SIZES) {
            Path doc = out.resolve("growth-" + ops + ".yaml");
            Files.writeString(doc, LargeDocument.openapi(ops / LargeDocument.OPERATIONS_PER_RESOURCE));
            try (Target mock = Target.start("kit mock, " + ops + " operations", List.of(java,
                            "--sun-misc-unsafe-memory-access=allow", "-jar", mockJar.toString(), "--spec", doc.toString(),
                            "--port", "0"), Map.of(), out.resolve("growth-mock-" + ops + ".log"),
                    l -> l.startsWith("READY"), Duration.ofMinutes(5))) {
                long suiteMs;
                double suiteRss;
                try (Target suite = Target.start("suite, " + ops + " operations", List.of(java, "-jar", suiteJar.toString(),
                                "--spec", doc.toString(), "--base-url", mock.url(Api.idOf(doc)), "--credential", "bench-token",
                                "--count", "0", "--report-dir", out.resolve("growth-report-" + ops).toString()), Map.of(),
                        out.resolve("growth-suite-" + ops + ".log"), Growth::finished, Duration.ofMinutes(15))) {
                    suiteMs = suite.readyMs();
                    suiteRss = suite.peakRssMb();
                }
                double[] perOp = {mock.readyMs() / (double) ops, mock.peakRssMb() / ops, suiteMs / (double) ops, suiteRss / ops};
                if (ops == SIZES.get(0)) {
                    base = perOp;
                }
                measured.add(new Measured("kit mock ready, " + ops + " operations", Double.NaN, perOp[0], perOp[1], 0,
                        mock.peakRssMb(), mock.readyMs(), List.of(), perOp[0] / base[0]));
                measured.add(new Measured("suite against it, " + ops + " operations", Double.NaN, perOp[2], perOp[3], 0,
                        suiteRss, suiteMs, List.of(), perOp[2] / base[2]));
            }
        }
        measured.add(kitDocuments(java, mockJar, out, base[0]));
        return new ScenarioResult("growth", "generated documents of " + SIZES.get(0) + " and " + SIZES.get(SIZES.size() - 1)
                + " operations: the mock's start and the suite's run (10 requests an operation)", SIZES.get(0) + " operations",
                "time per operation at 1,000 <= 1.5x its value at 100 (linear growth)", measured);
    }

    /** The mock started on every document of the catalogue, on free ports; time per operation over the 100's. */
    private static Measured kitDocuments(String java, Path mockJar, Path out, double basePerOp) throws IOException {
        int operations = 0;
        int documents = 0;
        Map<String, String> env = new HashMap<>();
        for (Api api : Api.values()) {
            env.put("KIT_" + api.id().toUpperCase(Locale.ROOT).replace('-', '_') + "_PORT", "0");
            for (String file : api.openapi()) {
                operations += operations(api.read(file));
                documents++;
            }
        }
        String name = "kit mock ready, the kit's " + documents + " documents (" + operations + " operations)";
        try (Target mock = Target.start(name, List.of(java, "--sun-misc-unsafe-memory-access=allow", "-jar",
                mockJar.toString()), env, out.resolve("growth-mock-kit.log"), l -> l.startsWith("READY"), Duration.ofMinutes(5))) {
            double perOp = mock.readyMs() / (double) operations;
            return new Measured(name, Double.NaN, perOp, mock.peakRssMb() / operations, 0, mock.peakRssMb(), mock.readyMs(),
                    List.of(), perOp / basePerOp);
        }
    }

    private static int operations(String yaml) throws IOException {
        JsonNode paths = new ObjectMapper(new YAMLFactory()).readTree(yaml).path("paths");
        int count = 0;
        for (JsonNode item : paths) {
            for (var names = item.fieldNames(); names.hasNext(); ) {
                count += METHODS.contains(names.next()) ? 1 : 0;
            }
        }
        return count;
    }

    /** The suite's last line (its first, {@code conformance: <api> against ...}, only says it started). */
    private static boolean finished(String line) {
        return line.startsWith("conformance: every check passed") || line.startsWith("conformance: FAILED");
    }
}
