package dev.contractkit.reference.forms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Behaviour of the forms API over a real socket; subclasses choose the store. */
abstract class FormsApiContractTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final OkHttpClient HTTP = new OkHttpClient();
    static KitServer server;

    record Answer(int status, String contentType, JsonNode body, Headers headers) {
    }

    static Answer call(String method, String path, String authorization) throws IOException {
        Request.Builder b = new Request.Builder().url(server.url(Api.FORMS) + path)
                .method(method, method.equals("GET") ? null : RequestBody.create(new byte[0]));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        try (Response r = HTTP.newCall(b.build()).execute()) {
            String text = r.body().string();
            JsonNode body = text.isEmpty() ? JSON.nullNode() : JSON.readTree(text);
            return new Answer(r.code(), r.header("Content-Type", ""), body, r.headers());
        }
    }

    static Answer get(String path) throws IOException {
        return call("GET", path, "Token token=" + FormsModule.DEMO_KEY);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    @Test
    void listReturnsTenFormsInIdOrderByDefault() throws IOException {
        Answer a = get("/forms");
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.contentType()).startsWith("application/json");
        assertThat(a.body().path("forms")).hasSize(10);
        assertThat(a.body().path("forms").get(0).path("id").asLong()).isEqualTo(1);
        assertThat(a.body().path("forms").get(9).path("id").asLong()).isEqualTo(10);
    }

    @Test
    void defaultListSaysThatMoreFormsFollowAndHowManyThereAre() throws IOException {
        Answer a = get("/forms");
        assertThat(a.body().path("forms")).hasSize(10);
        assertThat(a.headers().get("X-Total-Count")).isEqualTo("12");
        assertThat(a.headers().get("Link"))
                .contains("/forms?count=10&offset=10>; rel=\"next\"")
                .contains("/forms?count=10&offset=10>; rel=\"last\"");
    }

    @Test
    void lastPageHasNoNextLinkAndAnEmptyListNoLinkAtAll() throws IOException {
        Answer last = get("/forms?count=5&offset=10");
        assertThat(last.headers().get("X-Total-Count")).isEqualTo("12");
        assertThat(last.headers().get("Link")).doesNotContain("rel=\"next\"")
                .contains("/forms?count=5&offset=10>; rel=\"last\"");
        Answer exact = get("/forms?count=12");
        assertThat(exact.body().path("forms")).hasSize(12);
        assertThat(exact.headers().get("Link")).doesNotContain("rel=\"next\"");
    }

    @Test
    void followingNextLinksVisitsEveryFormOnce() throws IOException {
        List<Long> ids = new ArrayList<>();
        String url = server.url(Api.FORMS) + "/forms?count=5";
        while (url != null) {
            Answer page = get(url.substring(url.indexOf("/forms")));
            page.body().path("forms").forEach(f -> ids.add(f.path("id").asLong()));
            Matcher next = Pattern.compile("<([^>]+)>; rel=\"next\"")
                    .matcher(Objects.requireNonNullElse(page.headers().get("Link"), ""));
            url = next.find() ? next.group(1) : null;
        }
        assertThat(ids).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
    }

    @Test
    void countAndOffsetPageThroughTheSeededForms() throws IOException {
        Answer page = get("/forms?count=5&offset=10");
        assertThat(page.body().path("forms")).extracting(f -> f.path("id").asLong()).containsExactly(11L, 12L);
        assertThat(get("/forms?count=5&offset=100").body().path("forms")).isEmpty();
    }

    @Test
    void formCarriesEveryContractFieldInSnakeCaseWithUtcTimestamps() throws IOException {
        JsonNode form = get("/forms/1").body().path("form");
        assertThat(form.fieldNames()).toIterable().containsExactlyInAnyOrder("id", "title", "access_token", "currency",
                "payment_volume", "successful_checkout_count", "created_at", "updated_at");
        assertThat(form.path("created_at").asText()).endsWith("Z");
        assertThat(form.path("currency").asText()).matches("[a-z]{3}");
    }

    @Test
    void unknownFormIsNotFoundInTheErrorShape() throws IOException {
        Answer a = get("/forms/999");
        assertThat(a.status()).isEqualTo(404);
        assertThat(a.body().path("error").path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(a.body().path("error").path("request_id").asText()).isEqualTo(a.headers().get("X-Request-Id"));
    }

    @Test
    void parametersOutsideTheContractAreRejectedNamingTheRule() throws IOException {
        Answer tooMany = get("/forms?count=101");
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.body().path("error").path("code").asText()).isEqualTo("INVALID_REQUEST");
        assertThat(tooMany.body().path("error").path("message").asText()).contains("count").contains("maximum 100");
        assertThat(get("/forms?offset=-1").status()).isEqualTo(400);
        assertThat(get("/forms?count=abc").status()).isEqualTo(400);
        assertThat(get("/forms/0").status()).isEqualTo(400);
        assertThat(get("/forms/abc").body().path("error").path("code").asText()).isEqualTo("INVALID_REQUEST");
    }

    @Test
    void boundaryValuesOfTheContractAreAccepted() throws IOException {
        assertThat(get("/forms?count=1&offset=0").body().path("forms")).hasSize(1);
        assertThat(get("/forms?count=100").body().path("forms")).hasSize(12);
    }

    @Test
    void missingOrWrongKeyIsUnauthorized() throws IOException {
        assertThat(call("GET", "/forms", null).status()).isEqualTo(401);
        Answer wrong = call("GET", "/forms/1", "Token token=wrong");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.body().path("error").path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(call("GET", "/forms", "Bearer " + FormsModule.DEMO_KEY).status()).isEqualTo(401);
    }

    @Test
    void unknownPathAndWrongMethodAnswerInTheErrorShape() throws IOException {
        Answer nope = get("/nope");
        assertThat(nope.status()).isEqualTo(404);
        assertThat(nope.body().path("error").path("code").asText()).isEqualTo("NOT_FOUND");
        Answer post = call("POST", "/forms", "Token token=" + FormsModule.DEMO_KEY);
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.headers().get("Allow")).isEqualTo("GET");
    }

    @Test
    void callerRequestIdIsEchoed() throws IOException {
        Request r = new Request.Builder().url(server.url(Api.FORMS) + "/forms/1").header("X-Request-Id", "trace-42")
                .header("Authorization", "Token token=" + FormsModule.DEMO_KEY).build();
        try (Response response = HTTP.newCall(r).execute()) {
            assertThat(response.header("X-Request-Id")).isEqualTo("trace-42");
        }
    }

    @Test
    void livenessAndReadinessAreOpenAndMetricsNeedTheKitToken() throws IOException {
        Request ready = new Request.Builder().url(server.url(Api.FORMS) + "/observe/health/ready").build();
        try (Response r = HTTP.newCall(ready).execute()) {
            assertThat(r.code()).isIn(200, 204);
            assertThat(r.body().string()).doesNotContain("jdbc:").doesNotContain("database");
        }
        assertThat(call("GET", "/observe/health/live", null).status()).isIn(200, 204);
        String metrics = server.url(Api.FORMS) + "/observe/metrics";
        try (Response m = HTTP.newCall(new Request.Builder().url(metrics).build()).execute()) {
            assertThat(m.code()).isEqualTo(401);
        }
        try (Response m = HTTP.newCall(new Request.Builder().url(metrics)
                .header("Authorization", "Bearer " + TestDatabases.TOKEN).build()).execute()) {
            assertThat(m.code()).isEqualTo(200);
            assertThat(m.body().string()).contains("# TYPE");
        }
    }
}
