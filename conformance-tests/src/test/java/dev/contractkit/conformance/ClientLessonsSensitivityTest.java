package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a real GitLab client (gitlab4j) found in the code-hosting server, each put back by a proxy in front of the
 * reference server, and the check that now fails it: a write that refuses {@code multipart/form-data} (415) fails
 * {@code media_type_acceptance}; a list without {@code X-Next-Page} / {@code X-Per-Page} (gitlab4j's Pager then
 * stops after page one) fails {@code response_headers_conformance}; a server without {@code GET /users} (405)
 * fails {@code status_code_conformance} and {@code positive_data_acceptance}.
 */
class ClientLessonsSensitivityTest {
    static final String TOKEN = "conformance-token-1";

    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestSettings.of(Map.of("data-dir", data.toString(), "codehost.port", "0",
                "codehost.tokens", TOKEN)), List.of(Api.CODEHOST));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theReferenceServerTakesEveryDeclaredMediaType() {
        Report report = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(server.url(Api.CODEHOST)).credential(TOKEN)
                .checks(List.of(Check.MEDIA_TYPE_ACCEPTANCE, Check.POSITIVE_DATA_ACCEPTANCE)).build());

        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.results()).filteredOn(r -> r.check() == Check.MEDIA_TYPE_ACCEPTANCE)
                .allSatisfy(r -> assertThat(r.passed()).isGreaterThan(30));
    }

    @Test
    void aServerThatRefusesMultipartWritesFailsMediaTypeAcceptance() throws IOException {
        try (RewritingProxy proxy = RewritingProxy.start(server.url(Api.CODEHOST), (method, path, headers, upstream) ->
                headers.getOrDefault("content-type", List.of("")).get(0).toLowerCase(Locale.ROOT).startsWith("multipart/")
                        ? json(415, "{\"message\":\"415 Unsupported Media Type\"}") : upstream)) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(List.of(Check.MEDIA_TYPE_ACCEPTANCE)).build());

            assertThat(report.violations(Check.MEDIA_TYPE_ACCEPTANCE)).isNotEmpty()
                    .anySatisfy(v -> assertThat(v.operationId()).isEqualTo("updateUser"))
                    .anySatisfy(v -> assertThat(v.operationId()).isEqualTo("updateRunner"))
                    .allSatisfy(v -> {
                        assertThat(v.status()).isEqualTo(415);
                        assertThat(v.value()).contains("multipart/form-data");
                    });
        }
    }

    @Test
    void listsWithoutGitLabsPagingHeadersFailResponseHeadersConformance() throws IOException {
        try (RewritingProxy proxy = RewritingProxy.start(server.url(Api.CODEHOST), (method, path, headers, upstream) -> {
            Map<String, List<String>> h = new LinkedHashMap<>(upstream.headers());
            h.keySet().removeIf(n -> n.equalsIgnoreCase("X-Next-Page") || n.equalsIgnoreCase("X-Per-Page"));
            return new RewritingProxy.Answer(upstream.status(), h, upstream.body());
        })) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(List.of(Check.RESPONSE_HEADERS_CONFORMANCE)).build());

            assertThat(report.violations(Check.RESPONSE_HEADERS_CONFORMANCE)).isNotEmpty()
                    .anySatisfy(v -> assertThat(v.operationId()).isEqualTo("listUsers"))
                    .anySatisfy(v -> assertThat(v.operationId()).isEqualTo("listAllRunners"))
                    .anySatisfy(v -> assertThat(v.pointer()).isEqualTo("/response/headers/x-next-page"))
                    .anySatisfy(v -> assertThat(v.pointer()).isEqualTo("/response/headers/x-per-page"));
        }
    }

    @Test
    void aServerWithoutTheUsersListFailsStatusCodeAndPositiveDataChecks() throws IOException {
        try (RewritingProxy proxy = RewritingProxy.start(server.url(Api.CODEHOST), (method, path, headers, upstream) ->
                method.equals("GET") && path.matches("/api/v[45]/users") ? json(405, "{\"message\":\"405 Method Not Allowed\"}")
                        : upstream)) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(List.of(Check.STATUS_CODE_CONFORMANCE, Check.POSITIVE_DATA_ACCEPTANCE)).build());

            assertThat(report.violations(Check.STATUS_CODE_CONFORMANCE))
                    .anySatisfy(v -> assertThat(v.operationId()).isEqualTo("listUsers"));
            assertThat(report.violations(Check.POSITIVE_DATA_ACCEPTANCE))
                    .isNotEmpty().allSatisfy(v -> assertThat(v.operationId()).isEqualTo("listUsers"));
        }
    }

    private static RewritingProxy.Answer json(int status, String body) {
        return new RewritingProxy.Answer(status, Map.of("Content-Type", List.of("application/json")),
                body.getBytes(StandardCharsets.UTF_8));
    }
}
