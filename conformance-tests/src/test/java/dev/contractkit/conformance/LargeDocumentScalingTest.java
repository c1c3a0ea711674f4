package dev.contractkit.conformance;

import com.sun.net.httpserver.HttpServer;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.specs.LargeDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22.7: the suite on generated documents of 100 and 1,000 operations ({@link LargeDocument}); logs the time per
 * operation of each (target/conformance-scaling.txt). No timed assertion: the figure is for docs/any-contract.md.
 */
class LargeDocumentScalingTest {
    /** Operations of the large document (-Dkit.scaling.operations=...; 1,000 by default). */
    static final int LARGE = Integer.getInteger("kit.scaling.operations", 1000);
    @TempDir
    Path dir;

    @Test
    void theSuiteRunsEveryOperationOfALargeDocumentAndLogsTheTimePerOperation() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            byte[] body = "{\"message\":\"not here\"}".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(404, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        StringBuilder log = new StringBuilder();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            run(10, url, log); // warm-up: class loading and JIT are not the document's size
            double small = run(25, url, log);
            double large = run(LARGE / LargeDocument.OPERATIONS_PER_RESOURCE, url, log);
            log.append(String.format(Locale.ROOT, "ratio of the time per operation, %d to 100 operations: %.2f%n",
                    LARGE, large / small));
        } finally {
            server.stop(0);
        }
        System.out.print(log);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "conformance-scaling.txt"), log);
    }

    /** @return milliseconds per operation */
    private double run(int resources, String url, StringBuilder log) throws IOException {
        Path file = Files.writeString(dir.resolve("large-" + resources + ".yaml"), LargeDocument.openapi(resources));
        int operations = resources * LargeDocument.OPERATIONS_PER_RESOURCE;
        long started = System.nanoTime();
        Report report = Conformance.run(ConformanceTarget.builder("large", List.of(file)).baseUrl(url).credential("t")
                .count(0).build()); // examples, boundaries and negative cases only: the suite's fixed work per operation
        double ms = (System.nanoTime() - started) / 1e6;

        assertThat(report.errors()).isEmpty();
        assertThat(report.result(Check.STATUS_CODE_CONFORMANCE).total()).isGreaterThanOrEqualTo(operations);
        assertThat(report.violations(Check.IGNORED_AUTH)).extracting(Violation::operationId)
                .contains("list_r0000", String.format(Locale.ROOT, "create_r%04d", resources - 1));
        double perOperation = ms / operations;
        log.append(String.format(Locale.ROOT, "%d operations: %d requests in %.0f ms, %.2f ms per operation%n",
                operations, report.requests(), ms, perOperation));
        return perOperation;
    }
}
