package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.codehost.v4.model.Runner;
import dev.contractkit.sdk.codehost.v4.model.RunnerDetails;
import dev.contractkit.sdk.codehost.v5.model.UserCreate;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.codehost.v5.model.GeoSite;
import dev.contractkit.sdk.internal.Http;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.stream.Collectors;
import java.util.TreeSet;
import java.util.Set;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Both code-hosting clients on the wire, and the "is this runner paused?" helper on both versions' models. */
class CodehostClientsTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();
    private CodehostV4Client v4;
    private CodehostV5Client v5;

    @BeforeEach
    void start() {
        ClientConfig config = ClientConfig.builder().baseUrl(server.url("/").toString()).retries(RetryPolicy.none()).build();
        v4 = CodehostV4Client.builder().config(config).token("t0k3n").build();
        v5 = CodehostV5Client.builder().config(config).token("t0k3n").build();
    }

    private static MockResponse json(String body) {
        return new MockResponse().setHeader("Content-Type", "application/json").setBody(body);
    }

    private static final String V4_DETAILS = """
            {"id":6,"description":"project runner","ip_address":"","active":false,"paused":true,"is_shared":false,
             "runner_type":"project_type","name":"gitlab-runner","online":true,"status":"paused","tag_list":[],
             "locked":false,"maximum_timeout":null,"contacted_at":null}""";
    private static final String V5_DETAILS = """
            {"id":6,"description":"project runner","paused":true,"is_shared":false,"runner_type":"project_type",
             "name":"gitlab-runner","online":true,"status":"online","tag_list":[],"locked":false,
             "maximum_timeout":null,"contacted_at":null}""";

    @Test
    void v4PausesWithTheFormFieldActiveFalseAndSendsThePrivateToken() throws InterruptedException {
        server.enqueue(json(V4_DETAILS));
        assertThat(RunnerState.isPaused(v4.pause(6).execute())).isTrue();
        RecordedRequest r = server.takeRequest();
        assertThat(r.getMethod()).isEqualTo("PUT");
        assertThat(r.getPath()).isEqualTo("/api/v4/runners/6");
        assertThat(r.getHeader("PRIVATE-TOKEN")).isEqualTo("t0k3n");
        assertThat(r.getHeader("Content-Type")).startsWith("application/x-www-form-urlencoded");
        assertThat(r.getBody().readUtf8()).isEqualTo("active=false");
    }

    @Test
    void v5PausesWithPausedTrueAndNeverSendsActive() throws InterruptedException {
        server.enqueue(json(V5_DETAILS));
        assertThat(RunnerState.isPaused(v5.pause(6).execute())).isTrue();
        RecordedRequest r = server.takeRequest();
        assertThat(r.getPath()).isEqualTo("/api/v5/runners/6");
        assertThat(r.getBody().readUtf8()).isEqualTo("paused=true");
    }

    @Test
    void theHelperReadsPausedAndNeverStatusOnEitherVersion() throws IOException {
        var v4Runner = Http.MAPPER.readValue(V4_DETAILS.replace("\"status\":\"paused\"", "\"status\":\"online\""),
                RunnerDetails.class);
        var v5Runner = Http.MAPPER.readValue(V5_DETAILS, dev.contractkit.sdk.codehost.v5.model.RunnerDetails.class);
        assertThat(RunnerState.isPaused(v4Runner)).isTrue();
        assertThat(RunnerState.isPaused(v5Runner)).isTrue();
        var active = Http.MAPPER.readValue(V5_DETAILS.replace("\"paused\":true", "\"paused\":false"),
                dev.contractkit.sdk.codehost.v5.model.RunnerDetails.class);
        assertThat(RunnerState.isPaused(active)).isFalse();
    }

    @Test
    void anOldV4ServerWithoutPausedIsAnsweredFromActive() throws IOException {
        var old = Http.MAPPER.readValue("""
                {"id":3,"description":"d","ip_address":"","active":false,"is_shared":false,"runner_type":"group_type",
                 "name":null,"online":false,"status":"paused"}""", Runner.class);
        assertThat(RunnerState.isPaused(old)).isTrue();
        var neither = new Runner().id(9L);
        assertThatThrownBy(() -> RunnerState.isPaused(neither)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("neither paused nor active");
    }

    @Test
    void listsFollowXNextPageUntilItIsEmpty() throws InterruptedException {
        String runner = "{\"id\":%d,\"description\":\"d\",\"paused\":false,\"is_shared\":true,\"runner_type\":\"instance_type\","
                + "\"name\":null,\"online\":true,\"status\":\"online\"}";
        server.enqueue(json("[" + runner.formatted(1) + "," + runner.formatted(2) + "]").setHeader("X-Next-Page", "2"));
        server.enqueue(json("[" + runner.formatted(3) + "]").setHeader("X-Next-Page", ""));
        assertThat(v5.allRunners().map(r -> r.getId()).toList()).containsExactly(1L, 2L, 3L);
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/runners/all?page=1&per_page=100");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/runners/all?page=2&per_page=100");
    }

    @Test
    void aRefusalIsABadRequestCarryingTheContractsMessage() {
        server.enqueue(json("{\"message\":\"400 Bad Request - private_profile must be true or false; null is not accepted in v5\"}")
                .setResponseCode(400));
        assertThatThrownBy(() -> v5.createUser(new UserCreate()
                .username("u").name("n").email("u@example.com")).execute())
                .isInstanceOf(BadRequestException.class).hasMessageContaining("private_profile");
    }

    @Test
    void anyOperationIsReachableThroughTheGeneratedInterfaces() throws InterruptedException {
        server.enqueue(json("[{\"id\":1,\"name\":\"primary\",\"url\":\"https://p/\",\"internal_url\":\"https://p/\","
                + "\"primary\":true,\"enabled\":true,\"current\":false,\"files_max_capacity\":10,\"repos_max_capacity\":25}]"));
        List<GeoSite> sites = v5.call(api -> api.geo().listGeoSites()).execute();
        assertThat(sites).extracting(GeoSite::getName).containsExactly("primary");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/geo_sites");
    }

    @Test
    void aClientWithoutTokenIsNotBuilt() {
        assertThatThrownBy(() -> CodehostV5Client.builder().baseUrl("http://127.0.0.1:1").build())
                .isInstanceOf(IllegalStateException.class).hasMessage("Token required.");
    }

    @Test
    void bothVersionsOfferTheSameOperationsAndOnlyV4HasManagedLicenses() {
        assertThat(operations(CodehostV5Client.class)).isEqualTo(operations(CodehostV4Client.class))
                .contains("allRunners/0", "pause/1", "paged/1", "createUser/1");
        assertThat(Arrays.stream(CodehostV4Client.Apis.class.getRecordComponents()).map(RecordComponent::getName))
                .contains("managedLicenses");
        assertThat(Arrays.stream(CodehostV5Client.Apis.class.getRecordComponents()).map(RecordComponent::getName))
                .doesNotContain("managedLicenses").contains("runners", "approvals");
    }

    private static Set<String> operations(Class<?> client) {
        return Arrays.stream(client.getDeclaredMethods()).filter(m -> Modifier.isPublic(m.getModifiers()))
                .map(m -> m.getName() + "/" + m.getParameterCount()).collect(Collectors.toCollection(TreeSet::new));
    }
}
