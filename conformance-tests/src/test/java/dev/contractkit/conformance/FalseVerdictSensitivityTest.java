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
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the suite no longer fails without a credential it still fails where it matters: broken proxies in front of
 * the reference server. A removed v5 endpoint answered with the credential (200, or 401 although the credential is
 * good) fails {@code version_removals}; an invalid API key refused with 429 while its address's limit is not used up
 * fails {@code ignored_auth}.
 */
class FalseVerdictSensitivityTest {
    static final String CODEHOST_TOKEN = "conformance-token-1";
    static final String ANSWERS_KEY = "conformance-key-1";
    static final Pattern REMOVED = Pattern.compile("^/api/v5/(geo_nodes.*|projects/[^/]+/managed_licenses.*)$");

    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestSettings.of(Map.of("data-dir", data.toString(), "codehost.port", "0",
                "codehost.tokens", CODEHOST_TOKEN, "answers.port", "0", "answers.api-keys", ANSWERS_KEY,
                "answers.rate-limit", "10000")), List.of(Api.CODEHOST, Api.ANSWERS));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aProxyThatStillServesRemovedV5EndpointsToTheCredentialFailsVersionRemovals() throws IOException {
        try (RewritingProxy proxy = RewritingProxy.start(server.url(Api.CODEHOST), (method, path, headers, upstream) ->
                REMOVED.matcher(path).matches() && headers.containsKey("private-token")
                        ? json(200, "[]") : upstream)) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(proxy.url()).credential(CODEHOST_TOKEN)
                    .checks(List.of(Check.VERSION_REMOVALS)).build());

            assertThat(report.violations(Check.VERSION_REMOVALS))
                    .anySatisfy(v -> assertThat(v.operation()).isEqualTo("GET /geo_nodes (removed)"))
                    .allSatisfy(v -> assertThat(v.status()).isEqualTo(200));
        }
    }

    @Test
    void aRemovedEndpointThatRefusesAGoodCredentialWith401FailsVersionRemovalsButNotWithoutACredential() throws IOException {
        try (RewritingProxy proxy = RewritingProxy.start(server.url(Api.CODEHOST), (method, path, headers, upstream) ->
                REMOVED.matcher(path).matches() ? json(401, "{\"message\":\"401 Unauthorized\"}") : upstream)) {
            Report withCredential = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(proxy.url())
                    .credential(CODEHOST_TOKEN).checks(List.of(Check.VERSION_REMOVALS)).build());
            Report without = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(proxy.url())
                    .checks(List.of(Check.VERSION_REMOVALS)).build());

            assertThat(withCredential.violations(Check.VERSION_REMOVALS)).isNotEmpty()
                    .allSatisfy(v -> assertThat(v.message()).contains("answered 401 to a request with the run's credential"));
            assertThat(without.violations(Check.VERSION_REMOVALS)).isEmpty();
            assertThat(without.notes()).anySatisfy(n -> assertThat(n).contains("not checked (needs --credential"));
        }
    }

    @Test
    void anInvalidKeyRefusedWith429WhileTheAddressLimitIsNotUsedUpFailsIgnoredAuth() throws IOException {
        try (RewritingProxy proxy = RewritingProxy.start(server.url(Api.ANSWERS), (method, path, headers, upstream) -> {
            if (upstream.status() != 401 || !path.equals("/v1/answer")) {
                return upstream;
            }
            Map<String, List<String>> h = new LinkedHashMap<>(upstream.headers());
            h.put("Retry-After", List.of("30"));
            return new RewritingProxy.Answer(429, h, ("{\"success\":false,\"error\":\"RateLimited\",\"errorDetail\":\"RateLimited\","
                    + "\"message\":\"slow down\",\"result\":null}").getBytes(StandardCharsets.UTF_8));
        })) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.ANSWERS).baseUrl(proxy.url()).credential(ANSWERS_KEY)
                    .checks(List.of(Check.IGNORED_AUTH)).build());

            assertThat(report.violations(Check.IGNORED_AUTH)).isNotEmpty().allSatisfy(v -> {
                assertThat(v.operationId()).isEqualTo("answer");
                assertThat(v.status()).isEqualTo(429);
                assertThat(v.message()).contains("without X-RateLimit-Remaining: 0");
            });
        }
    }

    private static RewritingProxy.Answer json(int status, String body) {
        return new RewritingProxy.Answer(status, Map.of("Content-Type", List.of("application/json")),
                body.getBytes(StandardCharsets.UTF_8));
    }
}
