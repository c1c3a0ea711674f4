package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import okhttp3.FormBody;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every code-hosting write takes its body in the three encodings the original takes (JSON, form-encoded,
 * multipart/form-data), in v4 and v5, checked against the same schema; anything else is 415 in the contract's
 * error shape. Geo sites and nodes are here because gitlab4j has no Geo API ({@link Gitlab4jClientTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CodehostWriteEncodingsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final OkHttpClient HTTP = new OkHttpClient();
    private static final String TOKEN = "encodings-test-token";

    @TempDir
    static Path dir;
    KitServer server;

    enum Encoding { JSON, FORM, MULTIPART }

    record Write(String method, String path, Map<String, Object> fields, int status, String field) {
        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    record Reply(int status, JsonNode body) {
    }

    @BeforeAll
    void start() {
        server = KitServer.start(TestDatabases.embedded(dir).with("codehost.port", "0").with("codehost.tokens", TOKEN),
                List.of(Api.CODEHOST));
    }

    @AfterEach
    void backToTheSeed() throws SQLException {
        try (Connection c = server.database().dataSource().getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE codehost_runners SET active = id NOT IN (2, 4, 8), description = CASE id WHEN 6 THEN 'project runner' ELSE description END");
            st.executeUpdate("DELETE FROM codehost_project_runners WHERE project_id = 1 AND runner_id = 7");
            st.executeUpdate("DELETE FROM codehost_users WHERE id >= 100");
            st.executeUpdate("UPDATE codehost_users SET name = 'Merge Bot' WHERE id = 2");
            st.executeUpdate("DELETE FROM codehost_geo_sites WHERE id >= 100");
            st.executeUpdate("UPDATE codehost_geo_sites SET enabled = TRUE");
            st.executeUpdate("DELETE FROM codehost_managed_licenses WHERE id >= 100");
            st.executeUpdate("UPDATE codehost_managed_licenses SET approval_status = 'allowed' WHERE id = 1");
        }
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    static List<Arguments> writes() {
        List<Arguments> out = new ArrayList<>();
        for (Encoding e : Encoding.values()) {
            String tag = e.name().toLowerCase();
            for (String v : List.of("v4", "v5")) {
                String p = "/api/" + v;
                out.add(Arguments.of(e, new Write("PUT", p + "/runners/6", fields("description", "via " + tag, "paused", true), 200, "description")));
                out.add(Arguments.of(e, new Write("POST", p + "/projects/1/runners", fields("runner_id", 7), 201, "id")));
                out.add(Arguments.of(e, new Write("POST", p + "/users", fields("username", "u-" + tag + "-" + v, "name", "User " + tag,
                        "email", tag + v + "@example.com", "skip_confirmation", true), 201, "username")));
                out.add(Arguments.of(e, new Write("PUT", p + "/users/2", fields("name", "Bot " + tag), 200, "name")));
                out.add(Arguments.of(e, new Write("POST", p + "/geo_sites", fields("name", "geo-" + tag + "-" + v,
                        "url", "https://" + tag + ".example.com/", "files_max_capacity", 5), 201, "name")));
                out.add(Arguments.of(e, new Write("PUT", p + "/geo_sites/2", fields("enabled", false), 200, "enabled")));
            }
            out.add(Arguments.of(e, new Write("PUT", "/api/v4/runners/6", fields("active", false), 200, "active")));
            out.add(Arguments.of(e, new Write("POST", "/api/v4/geo_nodes", fields("name", "node-" + tag,
                    "url", "https://n-" + tag + ".example.com/"), 201, "name")));
            out.add(Arguments.of(e, new Write("PUT", "/api/v4/geo_nodes/2", fields("enabled", false), 200, "enabled")));
            out.add(Arguments.of(e, new Write("POST", "/api/v4/projects/1/managed_licenses",
                    fields("name", "License-" + tag, "approval_status", "denied"), 201, "name")));
            out.add(Arguments.of(e, new Write("PATCH", "/api/v4/projects/1/managed_licenses/1",
                    fields("approval_status", "denied"), 200, "approval_status")));
        }
        return out;
    }

    @ParameterizedTest(name = "{1} as {0}")
    @MethodSource("writes")
    void everyWriteTakesItsBodyInEachEncodingTheOriginalTakes(Encoding encoding, Write write) throws IOException {
        Reply reply = send(write.method(), write.path(), body(encoding, write.fields()));

        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(write.status());
        assertThat(reply.body().get(write.field()).asText()).isEqualTo(String.valueOf(write.fields()
                .getOrDefault(write.field(), reply.body().get(write.field()).asText())));
    }

    @Test
    void aBodyInAnUndeclaredMediaTypeIs415InTheContractsShape() throws IOException {
        Reply reply = send("PUT", "/api/v4/users/2", RequestBody.create("name=x", MediaType.get("text/plain")));

        assertThat(reply.status()).isEqualTo(415);
        assertThat(reply.body().get("message").asText()).startsWith("415 ");
    }

    @Test
    void aMalformedMultipartBodyIs400() throws IOException {
        Reply reply = send("PUT", "/api/v4/users/2", RequestBody.create("name=no-boundary",
                MediaType.get("multipart/form-data")));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("message").asText()).startsWith("400 ");
    }

    @Test
    void aMultipartFieldIsTypedAndCheckedByTheSchemaLikeAFormField() throws IOException {
        Reply wrongType = send("PUT", "/api/v4/runners/6", body(Encoding.MULTIPART, fields("locked", "maybe")));
        Reply unknown = send("PUT", "/api/v4/runners/6", body(Encoding.MULTIPART, fields("colour", "red")));

        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.body().get("message").asText()).contains("locked");
        assertThat(unknown.status()).isEqualTo(400);
    }

    @Test
    void v5RefusesActiveInEveryEncoding() throws IOException {
        for (Encoding e : Encoding.values()) {
            Reply reply = send("PUT", "/api/v5/runners/6", body(e, fields("active", false)));
            assertThat(reply.status()).as(e.name()).isEqualTo(400);
            assertThat(reply.body().get("message").asText()).as(e.name()).contains("active is not accepted in v5");
        }
    }

    @Test
    void repeatedTagListFieldsAreOneCommaSeparatedList() throws IOException {
        FormBody form = new FormBody.Builder().add("tag_list[]", "docker").add("tag_list[]", "gpu").build();

        Reply reply = send("PUT", "/api/v4/runners/6", form);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("tag_list")).extracting(JsonNode::asText).containsExactly("docker", "gpu");
    }

    private static Map<String, Object> fields(Object... pairs) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], pairs[i + 1]);
        }
        return out;
    }

    private static RequestBody body(Encoding encoding, Map<String, Object> fields) throws IOException {
        return switch (encoding) {
            case JSON -> RequestBody.create(JSON.writeValueAsString(fields), MediaType.get("application/json"));
            case FORM -> {
                FormBody.Builder b = new FormBody.Builder();
                fields.forEach((k, v) -> b.add(k, String.valueOf(v)));
                yield b.build();
            }
            case MULTIPART -> {
                MultipartBody.Builder b = new MultipartBody.Builder().setType(MultipartBody.FORM);
                fields.forEach((k, v) -> b.addFormDataPart(k, String.valueOf(v)));
                yield b.build();
            }
        };
    }

    private Reply send(String method, String path, RequestBody body) throws IOException {
        Request request = new Request.Builder().url(server.url(Api.CODEHOST) + path).method(method, body)
                .header("PRIVATE-TOKEN", TOKEN).build();
        try (Response r = HTTP.newCall(request).execute()) {
            String text = r.body().string();
            return new Reply(r.code(), text.isEmpty() ? JSON.nullNode() : JSON.readTree(text));
        }
    }
}
