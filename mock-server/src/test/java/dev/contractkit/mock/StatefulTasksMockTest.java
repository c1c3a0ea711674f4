package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --stateful} exec: a submitted task graph's tasks can be polled, and deleted. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatefulTasksMockTest {
    private final ContractDocument contract = ContractDocument.load("openapi/exec.yaml");
    private MockServers mocks;
    private Http http;
    private String base;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.EXEC).port(Api.EXEC, 0).stateful(true).build());
        http = new Http();
        base = mocks.url(Api.EXEC);
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    private static final String AUTH = "Authorization";

    @Test
    void aSubmittedTaskCanBePolledAndDeleted() {
        Http.Answer submitted = http.send("POST", base + "/tasks", "application/json",
                "{\"tasks\":[{\"id\":\"build-1\",\"type\":\"os.noop\"},{\"id\":\"build-2\",\"type\":\"os.noop\",\"depends_on\":[\"build-1\"]}]}",
                AUTH, Http.KIT_BEARER);

        assertThat(submitted.status()).as(submitted.body()).isEqualTo(202);
        assertThat(submitted.json().path("task_ids").toString()).isEqualTo("[\"build-1\",\"build-2\"]");
        Http.Answer polled = http.get(base + "/tasks/build-2", AUTH, Http.KIT_BEARER);
        assertThat(polled.status()).isEqualTo(200);
        JsonNode task = polled.json();
        assertThat(task.path("id").asText()).isEqualTo("build-2");
        assertThat(task.path("depends_on").toString()).isEqualTo("[\"build-1\"]");
        assertThat(task.path("status").asText()).isEqualTo("success");
        assertThat(contract.validator().validate("/components/schemas/Task", task, "task")).isEmpty();

        assertThat(http.send("DELETE", base + "/tasks/build-1", null, null, AUTH, Http.KIT_BEARER).status()).isEqualTo(204);
        assertThat(http.get(base + "/tasks/build-1", AUTH, Http.KIT_BEARER).status()).isEqualTo(404);
        assertThat(http.get(base + "/tasks/never-submitted", AUTH, Http.KIT_BEARER).status()).isEqualTo(404);
    }

    @Test
    void withoutTheKitTokenTheTasksAnswer401AndHealthStaysOpen() {
        Http.Answer submitted = http.send("POST", base + "/tasks", "application/json",
                "{\"tasks\":[{\"id\":\"anon-1\",\"type\":\"os.noop\"}]}");

        assertThat(submitted.status()).isEqualTo(401);
        assertThat(submitted.json().path("error").path("code").asText()).isNotBlank();
        assertThat(http.get(base + "/tasks/anon-1", AUTH, Http.KIT_BEARER).status()).as("nothing was stored").isEqualTo(404);
        assertThat(http.get(base + "/health").status()).isEqualTo(200);
    }
}
