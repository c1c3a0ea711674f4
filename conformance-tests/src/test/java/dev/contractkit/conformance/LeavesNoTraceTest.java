package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A conformance run against the reference agent leaves its workspace as it found it: every data source, knowledge
 * base, skill and MCP server the suite registered is deleted before the run ends, so later runs do not enable them,
 * and every named principal it made is revoked (its token would otherwise stay valid).
 */
class LeavesNoTraceTest {
    static final String TOKEN = "test-kit-token";
    static final List<String> LISTS = List.of("/api/v1/datasources", "/api/v1/knowledge-bases", "/api/v1/skills",
            "/api/v1/mcp-servers", "/api/v1/principals");

    @TempDir
    static Path data;
    static KitServer server;
    static final OkHttpClient CLIENT = new OkHttpClient();

    @BeforeAll
    static void start() {
        server = KitServer.start(TestSettings.of(Map.of("agent.port", "0", "coupons.port", "0", "data-dir", data.toString(),
                "token", TOKEN)), List.of(Api.AGENT, Api.COUPONS));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aRunAgainstTheReferenceAgentLeavesItsResourceListsAsItFoundThem() throws IOException {
        Map<String, String> before = lists();

        Report report = Conformance.run(ConformanceTarget.builder(Api.AGENT).baseUrl(server.url(Api.AGENT)).credential(TOKEN).build());

        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(lists()).isEqualTo(before);
    }

    @Test
    void theDataSourcesTheSuiteRegistersAreDeletedBeforeTheRunEnds() throws IOException {
        Map<String, String> before = lists();
        AtomicInteger registered = new AtomicInteger();
        try (RewritingProxy proxy = RewritingProxy.start(server.url(Api.AGENT), (method, path, headers, upstream) -> {
            if (method.equals("POST") && path.equals("/api/v1/datasources") && upstream.status() == 201) {
                registered.incrementAndGet();
            }
            return upstream;
        })) {
            Conformance.run(ConformanceTarget.builder(Api.AGENT).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(List.of(Check.POSITIVE_DATA_ACCEPTANCE)).build());
        }

        assertThat(registered).as("data sources the run registered").hasPositiveValue();
        assertThat(lists()).isEqualTo(before);
    }

    /**
     * Coupons are only ever soft-deleted (the contract has no other delete): the coupons the run created, the ones
     * it seeded so that paging has a second page included, end inactive, so the active catalogue is as before.
     */
    @Test
    void aRunAgainstTheReferenceCouponsServiceLeavesNoActiveCouponBehind() throws IOException {
        String before = get(server.url(Api.COUPONS), "/api/v1/coupons?active=true&limit=100");

        Report report = Conformance.run(ConformanceTarget.builder(Api.COUPONS).baseUrl(server.url(Api.COUPONS))
                .user("admin", "admin-password").user("alice", "alice-password").build());

        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.notes()).as("the catalogue was seeded for paging")
                .noneSatisfy(n -> assertThat(n).contains("listCoupons").contains("too few items"));
        assertThat(get(server.url(Api.COUPONS), "/api/v1/coupons?active=true&limit=100")).isEqualTo(before);
    }

    private static String get(String base, String pathAndQuery) throws IOException {
        try (Response r = CLIENT.newCall(new Request.Builder().url(base.replaceAll("/$", "") + pathAndQuery).build())
                .execute()) {
            assertThat(r.code()).as(pathAndQuery).isEqualTo(200);
            return r.body().string();
        }
    }

    private static Map<String, String> lists() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String path : LISTS) {
            try (Response r = CLIENT.newCall(new Request.Builder().url(server.url(Api.AGENT).replaceAll("/$", "") + path)
                    .header("Authorization", "Bearer " + TOKEN).build()).execute()) {
                assertThat(r.code()).as(path).isEqualTo(200);
                out.put(path, r.body().string());
            }
        }
        return out;
    }
}
