package dev.contractkit.conformance;

import com.sun.net.httpserver.HttpServer;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The engine knows nothing of forms: a test-only contract runs the same way, behind a base path. */
class AnyContractTest {
    HttpServer server;
    final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void startServerThatSaysYesToEverything() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            seen.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " " + ex.getRequestHeaders().getFirst("Authorization"));
            byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void serverThatAcceptsEverythingBreaksEveryRefusalCheckOfAnyContract() {
        Report report = Conformance.run(ConformanceTarget.builder("pets", TestContracts.pets())
                .baseUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/api")
                .credential("token-1")
                .build());

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.NEGATIVE_DATA_REJECTION))
                .extracting(Violation::operationId, Violation::pointer, Violation::value)
                .contains(tuple("createPet", "/request/body/kind", "\"kit-not-in-enum\""),
                        tuple("listPets", "/request/query/status", "\"kit-not-in-enum\""),
                        tuple("getPet", "/request/path/petId", "\"kit-not-a-uuid\""));
        assertThat(report.violations(Check.IGNORED_AUTH)).extracting(Violation::operationId)
                .contains("listPets", "createPet", "getPet").doesNotContain("health");
        assertThat(report.violations(Check.STATUS_CODE_CONFORMANCE)).extracting(Violation::operationId, Violation::value)
                .containsOnly(tuple("openUpdates", "200")); // createPet's 200 falls under its default response
        assertThat(report.violations(Check.CONTENT_TYPE_CONFORMANCE)).extracting(Violation::operationId, Violation::message)
                .contains(tuple("createPet", "Content-Type application/json is not declared for status 200;"
                        + " declared: application/problem+json"));
        assertThat(report.violations(Check.RESPONSE_SCHEMA_CONFORMANCE)).extracting(Violation::operationId, Violation::pointer)
                .contains(tuple("health", "/response/body/status"), tuple("getPet", "/response/body/id"));
        assertThat(report.violations(Check.UNSUPPORTED_METHOD)).hasSize(19);
        assertThat(report.violations(Check.MISSING_REQUIRED_HEADER)).extracting(Violation::operationId, Violation::value)
                .isNotEmpty().containsOnly(tuple("openUpdates", ""));
        assertThat(report.violations(Check.MISSING_REQUIRED_HEADER))
                .allSatisfy(v -> assertThat(v.pointer()).startsWith("/request/header/"));
        assertThat(seen).allMatch(line -> line.contains(" /api/"));
        assertThat(seen).anyMatch(line -> line.endsWith("Bearer token-1"));
    }
}
