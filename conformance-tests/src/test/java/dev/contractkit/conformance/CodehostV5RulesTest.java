package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite catches a v5 implementation that takes {@code private_profile: null} or reports {@code paused}/
 * {@code active} in a runner's {@code status}: the mock server is made defective with expectations of its own
 * (priority 0 wins over the contract's), and the suite must name exactly those places.
 */
class CodehostV5RulesTest {
    static final String TOKEN = "conformance-token-1";
    static final OkHttpClient HTTP = new OkHttpClient();
    static MockServers mock;
    static Report report;

    @BeforeAll
    static void runTheSuiteAgainstADefectiveMock() throws IOException {
        mock = MockServers.start(MockOptions.builder().apis(Api.CODEHOST).port(Api.CODEHOST, 0)
                .credential(Api.CODEHOST, TOKEN).build());
        expect("""
                {"httpRequest": {"method": "POST", "path": "/api/v5/users"},
                 "httpResponse": {"statusCode": 201, "headers": {"Content-Type": ["application/json"]},
                   "body": "{\\"id\\":9,\\"username\\":\\"x\\",\\"name\\":\\"x\\",\\"state\\":\\"active\\",\\"private_profile\\":false}"}}
                """);
        expect("""
                {"httpRequest": {"method": "GET", "path": "/api/v5/runners/all"},
                 "httpResponse": {"statusCode": 200, "headers": {"Content-Type": ["application/json"]},
                   "body": "[{\\"id\\":2,\\"description\\":\\"d\\",\\"paused\\":true,\\"active\\":false,\\"is_shared\\":true,\\"runner_type\\":\\"instance_type\\",\\"name\\":null,\\"online\\":false,\\"status\\":\\"paused\\"}]"}}
                """);
        expect("""
                {"httpRequest": {"method": "GET", "path": "/api/v5/geo_nodes"},
                 "httpResponse": {"statusCode": 200, "headers": {"Content-Type": ["application/json"]}, "body": "[]"}}
                """);
        report = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(mock.url(Api.CODEHOST)).credential(TOKEN)
                .checks(List.of(Check.NEGATIVE_DATA_REJECTION, Check.RESPONSE_SCHEMA_CONFORMANCE,
                        Check.VERSION_REMOVALS)).build());
    }

    private static void expect(String expectation) throws IOException {
        Request put = new Request.Builder().url(mock.url(Api.CODEHOST) + "/mockserver/expectation")
                .put(RequestBody.create(expectation, MediaType.get("application/json"))).build();
        try (Response r = HTTP.newCall(put).execute()) {
            assertThat(r.code()).as(r.body().string()).isEqualTo(201);
        }
    }

    @AfterAll
    static void stop() {
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    void aV5ServerThatTakesANullPrivateProfileIsReported() {
        assertThat(report.violations(Check.NEGATIVE_DATA_REJECTION))
                .anySatisfy(v -> {
                    assertThat(v.operation()).isEqualTo("POST /api/v5/users");
                    assertThat(v.pointer()).isEqualTo("/request/body/private_profile");
                    assertThat(v.value()).isEqualTo("null");
                });
    }

    @Test
    void aV5RunnerWithActiveFailsVersionRemovalsAtThatField() {
        assertThat(report.violations(Check.VERSION_REMOVALS))
                .filteredOn(v -> v.operation().equals("GET /api/v5/runners/all") && v.status() == 200)
                .filteredOn(v -> v.pointer().startsWith("/response/"))
                .isNotEmpty().allSatisfy(v -> {
                    assertThat(v.pointer()).isEqualTo("/response/body/0/active");
                    assertThat(v.value()).isEqualTo("false");
                    assertThat(v.message()).contains("removed in this version");
                });
    }

    @Test
    void aV5ServerThatStillTakesAV4StatusFilterFailsVersionRemovals() {
        assertThat(report.violations(Check.VERSION_REMOVALS))
                .filteredOn(v -> v.pointer().equals("/request/query/status"))
                .extracting(Violation::value).contains("\"paused\"", "\"active\"", "\"stale\"", "\"never_contacted\"");
    }

    @Test
    void aV5ServerThatStillServesARemovedEndpointFailsVersionRemovals() {
        assertThat(report.violations(Check.VERSION_REMOVALS))
                .filteredOn(v -> v.operation().equals("GET /geo_nodes (removed)"))
                .singleElement().satisfies(v -> {
                    assertThat(v.status()).isEqualTo(200);
                    assertThat(v.request()).isEqualTo("GET /api/v5/geo_nodes");
                });
        assertThat(report.result(Check.VERSION_REMOVALS).passed()).as("the other removed endpoints answer 404")
                .isGreaterThan(10);
    }

    @Test
    void aV5ServerThatReportsPausedInStatusOrReturnsActiveIsReported() {
        assertThat(report.violations(Check.RESPONSE_SCHEMA_CONFORMANCE))
                .filteredOn(v -> v.operation().equals("GET /api/v5/runners/all"))
                .anySatisfy(v -> assertThat(v.pointer()).isEqualTo("/response/body/0/status"))
                .anySatisfy(v -> assertThat(v.message()).contains("active"));
    }
}
