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
    void listsFollowTheLinkHeadersNextRelation() throws InterruptedException {
        String runner = "{\"id\":%d,\"description\":\"d\",\"paused\":false,\"is_shared\":true,\"runner_type\":\"instance_type\","
                + "\"name\":null,\"online\":true,\"status\":\"online\"}";
        server.enqueue(json("[" + runner.formatted(1) + "," + runner.formatted(2) + "]")
                .setHeader("Link", "<" + server.url("/api/v5/runners/all?page=2&per_page=100") + ">; rel=\"next\""));
        server.enqueue(json("[" + runner.formatted(3) + "]"));
        assertThat(v5.listAllRunnersAutoPaging(null, null, null, null, 1, CodehostV5Client.MAX_PAGE_SIZE).map(r -> r.getId()).toList())
                .containsExactly(1L, 2L, 3L);
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
    void everyOperationOfTheContractIsAMethodOfTheClient() throws InterruptedException {
        server.enqueue(json("[{\"id\":1,\"name\":\"primary\",\"url\":\"https://p/\",\"internal_url\":\"https://p/\","
                + "\"primary\":true,\"enabled\":true,\"current\":false,\"files_max_capacity\":10,\"repos_max_capacity\":25}]"));
        List<GeoSite> sites = v5.listGeoSites().execute();
        assertThat(sites).extracting(GeoSite::getName).containsExactly("primary");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/geo_sites");
    }

    @Test
    void theTokenGoesWhereEitherSchemeOfTheContractSaysAndNoneIsRequired() throws InterruptedException {
        ClientConfig config = ClientConfig.builder().baseUrl(server.url("/").toString()).retries(RetryPolicy.none()).build();
        server.enqueue(json(V5_DETAILS));
        server.enqueue(json(V5_DETAILS));
        try (CodehostV5Client bearer = CodehostV5Client.builder().config(config).bearerToken("t0k3n").build();
             CodehostV5Client none = CodehostV5Client.builder().config(config).build()) {
            bearer.getRunner(6L).execute();
            none.getRunner(6L).execute();
        }
        RecordedRequest withBearer = server.takeRequest();
        assertThat(withBearer.getHeader("Authorization")).isEqualTo("Bearer t0k3n");
        assertThat(withBearer.getHeader("PRIVATE-TOKEN")).isNull();
        RecordedRequest without = server.takeRequest(); // registerRunner is open: a client without a token is built
        assertThat(without.getHeader("Authorization")).isNull();
        assertThat(without.getHeader("PRIVATE-TOKEN")).isNull();
    }

    @Test
    void v5OffersV4sOperationsButTheRemovedOnes() {
        Set<String> v4Names = names(CodehostV4Client.class);
        Set<String> v5Names = names(CodehostV5Client.class);
        assertThat(v4Names).containsAll(v5Names).contains("listManagedLicenses", "listGeoNodes", "getMergeRequestChanges");
        assertThat(v5Names).doesNotContain("listManagedLicenses", "listGeoNodes", "getMergeRequestChanges")
                .contains("listAllRunnersAutoPaging", "updateRunner", "createUser", "listGeoSites");
        // v5's runner writes have no deprecated active field: one parameter less
        Set<String> v4WithV5sRunnerWrites = union(operations(CodehostV4Client.class), Set.of("updateRunner/6", "registerRunner/7"));
        assertThat(operations(CodehostV5Client.class)).as("the add-ons: the same verbs on both versions")
                .contains("pause/1", "resume/1", "allRunners/1").isSubsetOf(v4WithV5sRunnerWrites);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    private static Set<String> names(Class<?> client) {
        return operations(client).stream().map(o -> o.substring(0, o.indexOf('/'))).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> operations(Class<?> client) {
        return Arrays.stream(client.getMethods()).filter(m -> m.getDeclaringClass() != Object.class)
                .map(m -> m.getName() + "/" + m.getParameterCount()).collect(Collectors.toCollection(TreeSet::new));
    }
}
