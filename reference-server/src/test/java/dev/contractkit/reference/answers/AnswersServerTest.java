package dev.contractkit.reference.answers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The answer service over a real socket, on the embedded database. */
class AnswersServerTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final OkHttpClient HTTP = new OkHttpClient.Builder().readTimeout(30, TimeUnit.SECONDS).build();
    static final String KEY = "test-key-0123456789";

    @TempDir
    Path dir;
    KitServer server;

    record Reply(int status, JsonNode body, Headers headers) {
    }

    Settings settings() {
        return TestDatabases.embedded(dir).with("answers.api-keys", KEY);
    }

    void start(Settings settings) {
        server = KitServer.start(settings, List.of(Api.ANSWERS));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    Reply call(String method, String path, String key, String body) throws IOException {
        Request.Builder b = new Request.Builder().url(server.url(Api.ANSWERS) + path)
                .method(method, body == null ? null : RequestBody.create(body, MediaType.get("application/json")));
        if (key != null) {
            b.header("x-api-key", key);
        }
        try (Response r = HTTP.newCall(b.build()).execute()) {
            String text = r.body().string();
            return new Reply(r.code(), text.isEmpty() ? JSON.nullNode() : JSON.readTree(text), r.headers());
        }
    }

    Reply ask(String key, String query) throws IOException {
        return call("POST", "/v1/answer", key, JSON.createObjectNode().put("query", query).toString());
    }

    /** A failure other than a refusal: {@code error} and {@code errorDetail} both name it (never {@code error: null}). */
    static void assertFailure(Reply r, int status, String detail) {
        assertThat(r.status()).isEqualTo(status);
        assertThat(r.body().path("success").asBoolean(true)).isFalse();
        if (status == 422) {
            assertThat(r.body().path("error").asText()).isEqualTo(detail);
        } else {
            assertThat(r.body().path("error").isTextual()).as("error of a %d names the failure", status).isTrue();
            assertThat(r.body().path("error").asText()).isEqualTo(detail);
            assertThat(r.body().path("errorDetail").asText()).isEqualTo(detail);
        }
        assertThat(r.body().has("result")).isTrue();
        assertThat(r.body().path("result").isNull()).isTrue();
        assertThat(r.body().path("message").asText()).isNotBlank();
    }

    @Test
    void answerComesInTheSuccessEnvelopeWithRateLimitHeaders() throws IOException {
        start(settings());
        Reply r = ask(KEY, "What was Northwind Robotics' revenue last year?");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body().path("success").asBoolean()).isTrue();
        assertThat(r.body().get("error").isNull()).isTrue();
        JsonNode result = r.body().path("result");
        assertThat(result.path("id").asText()).startsWith("ans_");
        assertThat(result.path("query").asText()).isEqualTo("What was Northwind Robotics' revenue last year?");
        assertThat(result.path("answer").asText()).contains("$21.57B");
        assertThat(result.path("references").get(0).path("url").asText()).startsWith("https://");
        assertThat(result.path("subqueries").get(0).path("query").asText()).isEqualTo("Northwind Robotics revenue FY2025");
        assertThat(r.headers().get("X-RateLimit-Limit")).isEqualTo("5");
        assertThat(r.headers().get("X-RateLimit-Remaining")).isEqualTo("4");
        assertThat(Long.parseLong(r.headers().get("X-RateLimit-Reset")))
                .isBetween(System.currentTimeMillis() / 1000, System.currentTimeMillis() / 1000 + 61);
    }

    @Test
    void eachAnswerReasonIs422WithItsName() throws IOException {
        start(settings().with("answers.rate-limit", "100"));
        assertRefusal(ask(KEY, "How do I bake sourdough bread?"), "NonInvestmentRelated", "OffTopic");
        assertRefusal(ask(KEY, "Compare Bluepeak and Quantara"), "ShouldUseScreener", "SeveralCompanies");
        assertRefusal(ask(KEY, "Give me insider information on Northwind"), "ContentFiltered", "MarketAbuse");
        assertRefusal(ask(KEY, "What is Apple's revenue?"), "FailedToAnswer", "UnknownCompany");
        Reply forced = call("POST", "/v1/answer", KEY, "{\"query\":\"What is the capital of France?\",\"forceAnswer\":true}");
        assertThat(forced.status()).isEqualTo(200);
        assertThat(forced.body().path("result").path("answer").asText()).contains("Paris");
    }

    /** A refusal: the contract's reason in {@code error}, the finer one in {@code errorDetail}. */
    static void assertRefusal(Reply r, String reason, String detail) {
        assertFailure(r, 422, reason);
        assertThat(r.body().path("errorDetail").asText()).isEqualTo(detail);
    }

    /** Questions of the suite (issue 23, items 8 and 9) over a real socket: the envelope carries what the engine decided. */
    @Test
    void questionsTheEngineOnceGotWrongGetTheRightOutcomeOverHttp() throws IOException {
        start(settings().with("answers.rate-limit", "100"));
        Reply overValued = ask(KEY, "Is Northwind Robotics stock over-valued?");
        assertThat(overValued.status()).isEqualTo(200);
        assertThat(overValued.body().path("result").path("subqueries").get(0).path("query").asText())
                .isEqualTo("Northwind Robotics P/E ratio on 2026-11-20");
        assertRefusal(ask(KEY, "Did Voltline stock bomb after earnings?"), "FailedToAnswer", "FigureNotInData");
        assertRefusal(ask(KEY, "What is the revenue of Acme Corp?"), "FailedToAnswer", "UnknownCompany");
        assertRefusal(ask(KEY, "What is the price target for Northwind Robotics?"), "FailedToAnswer", "FigureNotInData");
        assertRefusal(ask(KEY, "What is the cornerstone of a good portfolio?"), "FailedToAnswer", "NoMatchingData");
        assertRefusal(ask(KEY, "How do I hack into a brokerage account?"), "ContentFiltered", "Crime");
        Reply partial = call("POST", "/v1/answer", KEY,
                "{\"query\":\"What is Voltline Motors' revenue and debt?\",\"forceAnswer\":true}");
        assertThat(partial.status()).isEqualTo(200);
        assertThat(partial.body().path("result").path("answer").asText()).contains("Revenue FY2025", "Not in the data: debt");
    }

    @Test
    void missingOrUnknownKeyIs401InTheEnvelope() throws IOException {
        start(settings());
        assertFailure(ask(null, "NWRB revenue"), 401, "Unauthorized");
        assertFailure(ask("not-a-key", "NWRB revenue"), 401, "Unauthorized");
        assertFailure(call("GET", "/v1/quota", null, null), 401, "Unauthorized");
    }

    @Test
    void badBodiesAre400NamingTheRule() throws IOException {
        start(settings().with("answers.rate-limit", "100"));
        Reply blank = call("POST", "/v1/answer", KEY, "{\"query\":\"   \"}");
        assertFailure(blank, 400, "InvalidRequest");
        assertThat(blank.body().path("message").asText()).contains("query: must not be blank");
        assertThat(call("POST", "/v1/answer", KEY, "{}").body().path("message").asText()).contains("query: is required");
        assertThat(call("POST", "/v1/answer", KEY, "{\"query\":\"x\",\"forceAnswer\":\"yes\"}").body().path("message")
                .asText()).contains("forceAnswer: must be true or false");
        assertThat(call("POST", "/v1/answer", KEY, "{\"query\":\"" + "a".repeat(2001) + "\"}").body().path("message")
                .asText()).contains("at most 2000 characters");
        Reply malformed = call("POST", "/v1/answer", KEY, "{\"query\":");
        assertFailure(malformed, 400, "InvalidRequest");
        assertThat(malformed.body().path("message").asText()).contains("malformed JSON");
    }

    @Test
    void unknownPathAndMethodAnswerInTheEnvelope() throws IOException {
        start(settings());
        assertFailure(call("GET", "/v2/answer", KEY, null), 404, "NotFound");
        Reply wrongMethod = call("GET", "/v1/answer", KEY, null);
        assertFailure(wrongMethod, 405, "MethodNotAllowed");
        assertThat(wrongMethod.headers().get("Allow")).isEqualTo("POST");
    }

    @Test
    void sixthAnswerRequestInAMinuteIsRateLimitedWithRetryAfter() throws IOException {
        start(settings());
        for (int i = 0; i < 5; i++) {
            assertThat(ask(KEY, "NWRB revenue").status()).isEqualTo(200);
        }
        Reply sixth = ask(KEY, "NWRB revenue");
        assertFailure(sixth, 429, "RateLimited");
        assertThat(Long.parseLong(sixth.headers().get("Retry-After"))).isBetween(1L, 60L);
        assertThat(sixth.headers().get("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(call("GET", "/v1/quota", KEY, null).status()).as("the quota endpoint is not limited").isEqualTo(200);
        assertThat(call("GET", "/v1/quota", KEY, null).body().path("result").path("used").asInt())
                .as("refused requests are not counted").isEqualTo(5);
    }

    @Test
    void quotaCountsProcessedRequestsAndRefusesOnceUsedUp() throws IOException {
        start(settings().with("answers.quota", "3").with("answers.rate-limit", "100"));
        JsonNode fresh = call("GET", "/v1/quota", KEY, null).body();
        assertThat(fresh.path("success").asBoolean()).isTrue();
        assertThat(fresh.path("result").path("used").asInt()).isZero();
        assertThat(fresh.path("result").path("totalLimit").asInt()).isEqualTo(3);
        assertThat(fresh.path("result").path("isExceeded").asBoolean()).isFalse();
        assertThat(ask(KEY, "NWRB revenue").status()).isEqualTo(200);
        assertThat(ask(KEY, "How do I bake bread?").status()).as("a refusal is processed, so it counts").isEqualTo(422);
        assertThat(call("POST", "/v1/answer", KEY, "{}").status()).as("a 400 does not count").isEqualTo(400);
        assertThat(ask(KEY, "NWRB revenue").status()).isEqualTo(200);
        Reply refused = ask(KEY, "NWRB revenue");
        assertFailure(refused, 429, "QuotaExceeded");
        assertThat(Long.parseLong(refused.headers().get("Retry-After"))).isGreaterThan(3600L);
        JsonNode used = call("GET", "/v1/quota", KEY, null).body().path("result");
        assertThat(used.path("used").asInt()).isEqualTo(3);
        assertThat(used.path("isExceeded").asBoolean()).isTrue();
        assertThat(Duration.between(Instant.parse(used.path("start").asText()),
                Instant.parse(used.path("end").asText()))).isEqualTo(Duration.ofDays(30));
    }

    @Test
    void requestsInFlightArePendingAndNeverPassTheLimitTogether() throws Exception {
        start(settings().with("answers.quota", "4").with("answers.rate-limit", "100").with("answers.latency", "PT0.6S"));
        ExecutorService pool = Executors.newFixedThreadPool(12);
        try {
            List<Future<Reply>> calls = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                calls.add(pool.submit((Callable<Reply>) () -> ask(KEY, "NWRB revenue")));
            }
            // while the first four are held by the latency, the quota shows them pending and itself exceeded
            Awaitility.await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(20)).untilAsserted(() -> {
                        JsonNode during = call("GET", "/v1/quota", KEY, null).body().path("result");
                        assertThat(during.path("pending").asInt()).isEqualTo(4);
                        assertThat(during.path("isExceeded").asBoolean()).isTrue();
                    });
            List<Integer> statuses = new ArrayList<>();
            for (Future<Reply> f : calls) {
                statuses.add(f.get(20, TimeUnit.SECONDS).status());
            }
            assertThat(statuses).filteredOn(s -> s == 200).hasSize(4);
            assertThat(statuses).filteredOn(s -> s == 429).hasSize(8);
            JsonNode after = call("GET", "/v1/quota", KEY, null).body().path("result");
            assertThat(after.path("pending").asInt()).isZero();
            assertThat(after.path("used").asInt()).isEqualTo(4);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void usageAndKeysSurviveARestartAndOnlyHashesAreStored() throws Exception {
        start(settings().with("answers.rate-limit", "100"));
        ask(KEY, "NWRB revenue");
        ask(KEY, "NWRB profit");
        server.close();
        start(settings().with("answers.rate-limit", "100"));
        assertThat(call("GET", "/v1/quota", KEY, null).body().path("result").path("used").asInt()).isEqualTo(2);
        try (Connection c = server.database().dataSource().getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT key_hash FROM answer_keys")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isNotEqualTo(KEY).isEqualTo(ApiKeys.hash(KEY)).hasSize(64);
        }
    }

    @Test
    void embeddedDatabaseFilesNeverHoldAKey() throws IOException {
        start(TestDatabases.embedded(dir).with("answers.api-keys", KEY));
        ask(KEY, "NWRB revenue");
        server.close();
        server = null;
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> all = files.filter(Files::isRegularFile).toList();
            assertThat(all).isNotEmpty();
            for (Path f : all) {
                assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).doesNotContain(KEY);
            }
        }
    }

    @Test
    void adminCommandCreatesAKeyTheServerAcceptsAndRevokesIt() throws IOException {
        Settings settings = settings();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = KeyAdmin.run(new String[]{"create", "--name", "ci", "--quota", "7"}, settings,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(rc).isZero();
        String text = out.toString(StandardCharsets.UTF_8);
        String secret = text.lines().filter(l -> l.startsWith("key: ")).findFirst().orElseThrow().substring(5);
        String id = text.lines().findFirst().orElseThrow().split(" ")[1];
        start(settings);
        Reply quota = call("GET", "/v1/quota", secret, null);
        assertThat(quota.status()).isEqualTo(200);
        assertThat(quota.body().path("result").path("totalLimit").asInt()).isEqualTo(7);

        ByteArrayOutputStream listed = new ByteArrayOutputStream();
        assertThat(KeyAdmin.run(new String[]{"list"}, settings, new PrintStream(listed, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))).as("works while the server runs").isZero();
        assertThat(listed.toString(StandardCharsets.UTF_8)).contains(id, "ci", "active").doesNotContain(secret);
        assertThat(KeyAdmin.run(new String[]{"revoke", id}, settings, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))).isZero();
        assertFailure(call("GET", "/v1/quota", secret, null), 401, "Unauthorized");
    }

    @Test
    void adminCommandRefusesBadUsageWithExitCode2() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = KeyAdmin.run(new String[]{"create", "--quota", "lots"}, TestDatabases.embedded(dir),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--quota must be a whole number, was 'lots'", "usage:");
    }
}
