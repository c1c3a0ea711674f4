package dev.contractkit.reference.codehost;

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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Both versions over a real socket, one store behind them (embedded database; the PostgreSQL run extends this). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CodehostServerTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final OkHttpClient HTTP = new OkHttpClient();
    static final String TOKEN = "test-token-123";
    static final MediaType FORM = MediaType.get("application/x-www-form-urlencoded");
    static final MediaType JSON_TYPE = MediaType.get("application/json");

    @TempDir
    static Path dir;
    KitServer server;

    record Reply(int status, JsonNode body, Headers headers) {
    }

    Settings settings() {
        return TestDatabases.embedded(dir);
    }

    @BeforeAll
    void start() {
        server = KitServer.start(settings().with("codehost.port", "0").with("codehost.tokens", TOKEN), List.of(Api.CODEHOST));
    }

    /** Every test starts from the demo data: what the tests change is put back (one server per class keeps it fast). */
    @AfterEach
    void backToTheSeed() throws SQLException {
        try (Connection c = server.database().dataSource().getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE codehost_runners SET active = id NOT IN (2, 4, 8)");
            st.executeUpdate("DELETE FROM codehost_project_runners WHERE project_id = 1 AND runner_id = 7");
            st.executeUpdate("DELETE FROM codehost_runners WHERE id > 8"); // registered by a test
            st.executeUpdate("DELETE FROM codehost_users WHERE id >= 100");
            st.executeUpdate("DELETE FROM codehost_geo_sites WHERE id >= 100");
        }
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    Reply call(String method, String path, RequestBody body, String header, String value) throws IOException {
        Request.Builder b = new Request.Builder().url(server.url(Api.CODEHOST) + path).method(method, body);
        if (header != null) {
            b.header(header, value);
        }
        try (Response r = HTTP.newCall(b.build()).execute()) {
            String text = r.body().string();
            return new Reply(r.code(), text.isEmpty() ? JSON.nullNode() : JSON.readTree(text), r.headers());
        }
    }

    Reply get(String path) throws IOException {
        return call("GET", path, null, "PRIVATE-TOKEN", TOKEN);
    }

    Reply put(String path, String form) throws IOException {
        return call("PUT", path, RequestBody.create(form, FORM), "PRIVATE-TOKEN", TOKEN);
    }

    Reply json(String method, String path, String body) throws IOException {
        return call(method, path, RequestBody.create(body, JSON_TYPE), "PRIVATE-TOKEN", TOKEN);
    }

    static List<String> fields(JsonNode o) {
        List<String> out = new ArrayList<>();
        o.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void v4ReturnsActiveAndPausedAsOppositesAndAnEmptyIpAddress() throws IOException {
        Reply all = get("/api/v4/runners/all?per_page=100");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.body()).hasSize(8).allSatisfy(r -> {
            assertThat(r.get("paused").asBoolean()).isEqualTo(!r.get("active").asBoolean());
            assertThat(r.get("ip_address").asText()).isEmpty();
        });
        assertThat(all.body()).extracting(r -> r.get("status").asText())
                .containsExactly("online", "paused", "stale", "paused", "online", "online", "offline", "paused");
    }

    @Test
    void v5ReturnsOnlyPausedAndAContactStatusAndNoIpAddress() throws IOException {
        Reply all = get("/api/v5/runners/all?per_page=100");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.body()).hasSize(8).allSatisfy(r -> assertThat(fields(r))
                .contains("paused").doesNotContain("active", "ip_address"));
        assertThat(all.body()).extracting(r -> r.get("status").asText())
                .containsExactly("online", "offline", "offline", "not_connected", "online", "online", "offline", "online");
        assertThat(all.body()).extracting(r -> r.get("paused").asBoolean())
                .containsExactly(false, true, false, true, false, false, false, true);
    }

    @Test
    void v4FormFieldActiveFalsePausesTheRunnerAndV5SeesItPaused() throws IOException {
        Reply paused = put("/api/v4/runners/6", "active=false");
        assertThat(paused.status()).isEqualTo(200);
        assertThat(paused.body().get("active").asBoolean()).isFalse();
        assertThat(paused.body().get("paused").asBoolean()).isTrue();
        assertThat(paused.body().get("status").asText()).isEqualTo("paused");

        Reply v5 = get("/api/v5/runners/6");
        assertThat(v5.body().get("paused").asBoolean()).isTrue();
        assertThat(v5.body().get("status").asText()).isEqualTo("online");
        assertThat(fields(v5.body())).doesNotContain("active", "ip_address");
    }

    @Test
    void v4AcceptsPausedToo() throws IOException {
        assertThat(put("/api/v4/runners/8", "paused=false").body().get("active").asBoolean()).isTrue();
        assertThat(put("/api/v4/runners/8", "active=true&paused=true").status()).isEqualTo(400);
    }

    @Test
    void v5PausesWithPausedAndRefusesActiveWithAClearMessage() throws IOException {
        Reply refused = put("/api/v5/runners/6", "active=false");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").asText()).contains("active is not accepted in v5").contains("paused");
        assertThat(get("/api/v4/runners/6").body().get("active").asBoolean()).isTrue();

        Reply paused = put("/api/v5/runners/6", "paused=true");
        assertThat(paused.status()).isEqualTo(200);
        assertThat(paused.body().get("paused").asBoolean()).isTrue();
        assertThat(get("/api/v4/runners/6").body().get("active").asBoolean()).isFalse();
    }

    @Test
    void aFormValueThatIsNotABooleanIsRefusedInTheErrorShape() throws IOException {
        Reply r = put("/api/v5/runners/6", "paused=maybe");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body().get("message").asText()).isEqualTo("400 Bad Request - paused must be true or false");
    }

    @Test
    void statusAndPausedFiltersFollowEachVersionsWords() throws IOException {
        assertThat(get("/api/v4/runners/all?status=paused").body()).extracting(r -> r.get("id").asInt()).containsExactly(2, 4, 8);
        assertThat(get("/api/v4/runners/all?status=never_contacted").body()).extracting(r -> r.get("id").asInt()).containsExactly(4);
        assertThat(get("/api/v5/runners/all?status=not_connected").body()).extracting(r -> r.get("id").asInt()).containsExactly(4);
        assertThat(get("/api/v5/runners/all?paused=true").body()).extracting(r -> r.get("id").asInt()).containsExactly(2, 4, 8);
        Reply refused = get("/api/v5/runners/all?status=paused");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").asText()).contains("status must be one of online, offline, not_connected");
    }

    @Test
    void runnerListsCoverTheContractsEndpointsWithPagingHeaders() throws IOException {
        assertThat(get("/api/v4/runners").body()).extracting(r -> r.get("runner_type").asText()).doesNotContain("instance_type");
        assertThat(get("/api/v5/projects/1/runners").body()).extracting(r -> r.get("id").asInt()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(get("/api/v5/groups/1/runners").body()).extracting(r -> r.get("id").asInt()).containsExactly(1, 2, 3, 4);
        Reply page = get("/api/v4/runners/all?per_page=3&page=2");
        assertThat(page.body()).extracting(r -> r.get("id").asInt()).containsExactly(4, 5, 6);
        assertThat(page.headers().get("X-Total")).isEqualTo("8");
        assertThat(page.headers().get("X-Total-Pages")).isEqualTo("3");
        assertThat(page.headers().get("X-Next-Page")).isEqualTo("3");
        assertThat(page.headers().get("X-Prev-Page")).isEqualTo("1");
        assertThat(page.headers().get("Link")).contains("/api/v4/runners/all?page=3&per_page=3>; rel=\"next\"");
        assertThat(get("/api/v4/projects/99/runners").status()).isEqualTo(404);
    }

    @Test
    void assigningAProjectRunnerAddsItToTheProject() throws IOException {
        Reply r = call("POST", "/api/v5/projects/1/runners", RequestBody.create("runner_id=7", FORM), "PRIVATE-TOKEN", TOKEN);
        assertThat(r.status()).isEqualTo(201);
        assertThat(fields(r.body())).doesNotContain("active");
        assertThat(get("/api/v4/projects/1/runners").body()).extracting(x -> x.get("id").asInt()).contains(7);
        assertThat(call("POST", "/api/v4/projects/1/runners", RequestBody.create("runner_id=7", FORM), "PRIVATE-TOKEN", TOKEN)
                .status()).isEqualTo(400);
    }

    @Test
    void v5RefusesANullPrivateProfileWhileV4TakesItAsTheDefault() throws IOException {
        Reply v5 = json("POST", "/api/v5/users", "{\"username\":\"jdoe\",\"name\":\"Jane\",\"email\":\"j@example.com\",\"private_profile\":null}");
        assertThat(v5.status()).isEqualTo(400);
        assertThat(v5.body().get("message").asText()).contains("private_profile must be true or false");

        Reply v4 = json("POST", "/api/v4/users", "{\"username\":\"jdoe\",\"name\":\"Jane\",\"email\":\"j@example.com\",\"private_profile\":null}");
        assertThat(v4.status()).isEqualTo(201);
        assertThat(v4.body().get("private_profile").isBoolean()).isTrue();
        assertThat(v4.body().get("private_profile").asBoolean()).isFalse();

        long id = v4.body().get("id").asLong();
        assertThat(json("PUT", "/api/v5/users/" + id, "{\"private_profile\":null}").status()).isEqualTo(400);
        assertThat(json("PUT", "/api/v5/users/" + id, "{\"private_profile\":true}").body().get("private_profile").asBoolean()).isTrue();
        assertThat(json("PUT", "/api/v4/users/" + id, "{\"private_profile\":null}").body().get("private_profile").asBoolean()).isFalse();
    }

    @Test
    void v5HasNoGeoNodesChangesOrManagedLicenses() throws IOException {
        assertThat(get("/api/v4/geo_nodes").status()).isEqualTo(200);
        assertThat(get("/api/v4/projects/1/merge_requests/2/changes").body().get("changes")).hasSize(3);
        assertThat(get("/api/v4/projects/1/managed_licenses").body()).hasSize(2);
        for (String path : List.of("/api/v5/geo_nodes", "/api/v5/geo_nodes/1", "/api/v5/projects/1/merge_requests/2/changes",
                "/api/v5/projects/1/managed_licenses", "/api/v5/projects/1/managed_licenses/1")) {
            Reply r = get(path);
            assertThat(r.status()).as(path).isEqualTo(404);
            assertThat(r.body().get("message").asText()).as(path).startsWith("404");
        }
    }

    @Test
    void geoSitesAreServedByBothVersionsAndGeoNodesAreTheSameStore() throws IOException {
        Reply created = json("POST", "/api/v5/geo_sites", "{\"name\":\"apac\",\"url\":\"https://apac.example.com/\"}");
        assertThat(created.status()).isEqualTo(201);
        long id = created.body().get("id").asLong();
        assertThat(get("/api/v4/geo_nodes/" + id).body().get("name").asText()).isEqualTo("apac");
        assertThat(get("/api/v4/geo_nodes/" + id + "/status").body().has("geo_node_id")).isTrue();
        assertThat(get("/api/v5/geo_sites/" + id + "/status").body().has("geo_site_id")).isTrue();
        assertThat(get("/api/v5/geo_sites/current/failures").body()).hasSize(1);
        assertThat(call("DELETE", "/api/v4/geo_nodes/" + id, null, "PRIVATE-TOKEN", TOKEN).status()).isEqualTo(204);
        assertThat(get("/api/v5/geo_sites/" + id).status()).isEqualTo(404);
    }

    @Test
    void mergeRequestFieldsAndApprovalConfigurationDifferPerVersion() throws IOException {
        JsonNode v4 = get("/api/v4/projects/1/merge_requests/3").body();
        assertThat(v4.get("merged_by").get("username").asText()).isEqualTo("mbot");
        assertThat(v4.get("merge_user").get("username").asText()).isEqualTo("root");
        assertThat(v4.get("merge_status").asText()).isEqualTo("can_be_merged");
        JsonNode v5 = get("/api/v5/projects/1/merge_requests/3").body();
        assertThat(fields(v5)).contains("merge_user", "detailed_merge_status").doesNotContain("merged_by", "merge_status");

        JsonNode approvals4 = get("/api/v4/projects/1/approvals").body();
        assertThat(approvals4.get("approvers")).isEmpty();
        assertThat(approvals4.get("approver_groups")).isEmpty();
        assertThat(approvals4.get("approvers").isArray()).isTrue();
        // the deprecation list's name (approval_groups, docs/decisions.md) and GitLab's (approver_groups), both always empty, both gone in v5
        assertThat(approvals4.get("approval_groups")).isNotNull().isEmpty();
        assertThat(approvals4.get("approval_groups").isArray()).isTrue();
        assertThat(fields(get("/api/v5/projects/1/approvals").body()))
                .doesNotContain("approvers", "approver_groups", "approval_groups");
        assertThat(get("/api/v5/projects/1/merge_requests/2/approval_rules").body()).hasSize(2);
        assertThat(get("/api/v5/projects/1/merge_requests/2/diffs?per_page=2").headers().get("X-Total")).isEqualTo("3");
    }

    Reply register(String version, String form) throws IOException {
        return call("POST", "/api/" + version + "/runners", RequestBody.create(form, FORM), null, null);
    }

    @Test
    void aRunnerRegisteredWithPausedIsPausedInBothVersions() throws IOException {
        Reply registered = register("v5", "token=" + CodehostModule.DEMO_REGISTRATION_TOKEN
                + "&description=docs+builder&paused=true&tag_list=docs");
        assertThat(registered.status()).as(registered.body().toString()).isEqualTo(201);
        long id = registered.body().get("id").asLong();
        assertThat(registered.body().get("token").asText()).startsWith("glrt-");
        assertThat(registered.body().get("token_expires_at").isNull()).isTrue();

        JsonNode v5 = get("/api/v5/runners/" + id).body();
        assertThat(v5.get("paused").asBoolean()).isTrue();
        assertThat(v5.get("status").asText()).isEqualTo("not_connected");
        assertThat(v5.get("description").asText()).isEqualTo("docs builder");
        JsonNode v4 = get("/api/v4/runners/" + id).body();
        assertThat(v4.get("active").asBoolean()).isFalse();
        assertThat(v4.get("status").asText()).isEqualTo("paused");
        assertThat(get("/api/v4/runners/all?paused=true&per_page=100").body().findValuesAsText("description"))
                .contains("docs builder");

        Reply active = register("v4", "token=" + CodehostModule.DEMO_REGISTRATION_TOKEN + "&description=plain");
        assertThat(get("/api/v5/runners/" + active.body().get("id").asLong()).body().get("paused").asBoolean()).isFalse();
    }

    @Test
    void registrationRefusesAnUnknownTokenAndV5RefusesActive() throws IOException {
        Reply unknown = register("v4", "token=wrong&paused=true");
        assertThat(unknown.status()).isEqualTo(403);
        assertThat(unknown.body().get("message").asText()).startsWith("403");
        assertThat(register("v4", "paused=true").status()).as("no token").isEqualTo(400);
        Reply v5Active = register("v5", "token=" + CodehostModule.DEMO_REGISTRATION_TOKEN + "&active=false");
        assertThat(v5Active.status()).isEqualTo(400);
        assertThat(v5Active.body().get("message").asText()).contains("send paused");
        Reply contradiction = register("v4", "token=" + CodehostModule.DEMO_REGISTRATION_TOKEN + "&active=true&paused=true");
        assertThat(contradiction.status()).isEqualTo(400);
        assertThat(get("/api/v4/runners/all?per_page=100").body()).hasSize(8);
    }

    @Test
    void bothTokenFormsAreAcceptedAndAMissingOneIs401() throws IOException {
        assertThat(call("GET", "/api/v5/runners", null, "Authorization", "Bearer " + TOKEN).status()).isEqualTo(200);
        Reply none = call("GET", "/api/v5/runners", null, null, null);
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.body().get("message").asText()).startsWith("401 Unauthorized");
        assertThat(call("GET", "/api/v4/runners", null, "PRIVATE-TOKEN", "wrong").status()).isEqualTo(401);
    }

    @Test
    void badIdsAndUndeclaredMethodsGetTheContractsAnswers() throws IOException {
        assertThat(get("/api/v4/runners/abc").status()).isEqualTo(400);
        assertThat(get("/api/v4/runners/999").body().get("message").asText()).isEqualTo("404 Runner Not Found");
        Reply r = call("DELETE", "/api/v5/runners/1", null, "PRIVATE-TOKEN", TOKEN);
        assertThat(r.status()).isEqualTo(405);
        assertThat(r.headers().get("Allow")).contains("GET").contains("PUT");
    }
}
