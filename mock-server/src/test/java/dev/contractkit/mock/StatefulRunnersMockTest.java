package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import okhttp3.MultipartBody;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --stateful} on the code-hosting API, whose writes take JSON, form-encoded and multipart bodies alike (as
 * GitLab's clients send them): every one of them is applied, and every list of the collection
 * ({@code /runners}, {@code /runners/all}) shows what was written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatefulRunnersMockTest {
    private static final String TOKEN = "PRIVATE-TOKEN";
    private final Http http = new Http();
    private MockServers mocks;
    private String base;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.CODEHOST).port(Api.CODEHOST, 0).stateful(true).build());
        base = mocks.url(Api.CODEHOST);
    }

    @BeforeEach
    void reset() {
        mocks.reset();
    }

    @AfterAll
    void stop() {
        mocks.close();
        http.close();
    }

    @Test
    void aFormEncodedUpdateIsAppliedAsTheSameJsonUpdateIs() {
        Http.Answer updated = http.send("PUT", base + "/api/v5/runners/6", "application/x-www-form-urlencoded",
                "paused=true&description=form+runner", TOKEN, "any");

        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.json().path("paused").asBoolean()).isTrue();
        assertThat(updated.json().path("paused").isBoolean()).as("typed by the schema, not text").isTrue();
        assertThat(updated.json().path("description").asText()).isEqualTo("form runner");
        JsonNode read = http.get(base + "/api/v5/runners/6", TOKEN, "any").json();
        assertThat(read.path("paused").asBoolean()).isTrue();
        assertThat(read.path("description").asText()).isEqualTo("form runner");
    }

    @Test
    void aMultipartUpdateIsAppliedToo() {
        MultipartBody form = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("paused", "true").addFormDataPart("maximum_timeout", "600").build();

        Http.Answer updated = http.call("PUT", base + "/api/v5/runners/6", form, TOKEN, "any");

        assertThat(updated.status()).isEqualTo(200);
        JsonNode read = http.get(base + "/api/v5/runners/6", TOKEN, "any").json();
        assertThat(read.path("paused").asBoolean()).isTrue();
        assertThat(read.path("maximum_timeout").asInt()).isEqualTo(600);
    }

    @Test
    void theListOfAllRunnersShowsAnUpdate() {
        http.send("PUT", base + "/api/v5/runners/6", "application/x-www-form-urlencoded", "paused=true", TOKEN, "any");

        JsonNode all = http.get(base + "/api/v5/runners/all", TOKEN, "any").json();
        JsonNode paused = http.get(base + "/api/v5/runners/all?paused=true", TOKEN, "any").json();

        assertThat(all.findValues("id")).extracting(JsonNode::asInt).contains(6);
        assertThat(runner(all, 6).path("paused").asBoolean()).isTrue();
        assertThat(paused.findValues("id")).extracting(JsonNode::asInt).contains(6);
        assertThat(runner(http.get(base + "/api/v5/runners", TOKEN, "any").json(), 6).path("paused").asBoolean()).isTrue();
    }

    private static JsonNode runner(JsonNode list, int id) {
        for (JsonNode r : list) {
            if (r.path("id").asInt() == id) {
                return r;
            }
        }
        throw new AssertionError("runner " + id + " is not in " + list);
    }
}
