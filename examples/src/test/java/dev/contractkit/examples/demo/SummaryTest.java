package dev.contractkit.examples.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SummaryTest {
    @Test
    void theSummaryNamesEveryStepAndHowItEnded() {
        Map<String, String> served = new LinkedHashMap<>();
        served.put("forms", "http://127.0.0.1:1001");
        served.put("coupons", "http://127.0.0.1:1002");
        Summary summary = new Summary(served);
        summary.example("forms", "12 forms");
        summary.quotas("10 ok, 1 inactive (target/demo/quotas.json)");
        summary.conformance(0);

        assertThat(summary.lines(42)).containsExactly(
                "kit demo: summary",
                "  APIs served:      forms (http://127.0.0.1:1001) coupons (http://127.0.0.1:1002)",
                "  forms example:    12 forms",
                "  quotas:           10 ok, 1 inactive (target/demo/quotas.json)",
                "  conformance:      all checks passed",
                "  reports:          target/demo/conformance (JUnit XML, HTML)",
                "  server log:       target/demo/server.log",
                "  took:             42 s; the server is stopped now");
    }

    @Test
    void aFailedStepSaysFailed() {
        Summary summary = new Summary(Map.of());
        summary.conformance(1);

        assertThat(summary.lines(1)).contains("  quotas:           FAILED", "  conformance:      FAILED (exit 1)");
    }

    @Test
    void theQuotaStatusesAreCountedByName(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("quotas.json");
        Files.writeString(report, """
                {"providers" : [ {"id" : "claude", "accounts" : [ {"status" : "inactive"} ]},
                                 {"id" : "codex", "status" : "ok"}, {"id" : "kimi", "status" : "ok"} ]}""");

        assertThat(Summary.countStatuses(QuotasStep.statuses(report))).isEqualTo("1 inactive, 2 ok");
    }

    @Test
    void theMocksJvmFlagsAreItsOptionsFileWithoutCommentsAndBlanks(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("jvm.options");
        Files.writeString(file, "# the flags\n-XX:+UseSerialGC\n\n  -XX:MaxNewSize=32m   # young\n");

        assertThat(QuotasStep.mockOptions(file)).containsExactly("-XX:+UseSerialGC", "-XX:MaxNewSize=32m");
    }

    @Test
    void noStatusesCountAsAnEmptySummaryPart() {
        assertThat(Summary.countStatuses(List.of())).isEmpty();
    }
}
