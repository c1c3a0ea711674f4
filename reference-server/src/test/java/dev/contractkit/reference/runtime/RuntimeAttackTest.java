package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Attacks on the runtime service, each sent to a running server over a real socket: the drive-by script of issue
 * 19, the server's secrets in a child's environment, task output read without the kit token, guessable refs.
 */
class RuntimeAttackTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final String TOKEN = "test-kit-token";
    static final Pattern RANDOM_REF = Pattern.compile("rt-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    @TempDir
    Path dir;
    KitServer server;

    record Reply(int status, JsonNode body) {
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    String start(Settings settings) {
        server = KitServer.start(settings.with("token", TOKEN), List.of(Api.RUNTIME));
        return server.url(Api.RUNTIME);
    }

    Settings commandsEnabled() {
        return TestDatabases.embedded(dir).with("runtime.allow-commands", "true");
    }

    /** @param headers name, value, name, value ... */
    Reply call(String method, String url, String body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            b.headers(headers);
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json;
        try {
            json = r.body().isEmpty() ? JSON.nullNode() : JSON.readTree(r.body());
        } catch (Exception notJson) {
            json = JSON.getNodeFactory().textNode(r.body());
        }
        return new Reply(r.statusCode(), json);
    }

    Reply authorized(String method, String url, String body) throws Exception {
        return body == null ? call(method, url, null, "Authorization", "Bearer " + TOKEN)
                : call(method, url, body, "Authorization", "Bearer " + TOKEN, "Content-Type", "application/json");
    }

    JsonNode awaitEnd(String base, String ref) {
        return await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> authorized("GET", base + "/api/v1/tasks/" + ref, null).body(),
                        t -> !t.path("status").asText().equals("running"));
    }

    /** Nothing creates the marker within a second: the script never ran. */
    void assertNeverRuns(Path marker) {
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> !Files.exists(marker));
    }

    String markerScript(Path marker) {
        return "{\"kind\":\"script\",\"script\":\"touch " + marker + "; id\"}";
    }

    @Test
    void aDriveByTextPlainScriptWithoutTheKitTokenIsRefusedWith401AndNothingRuns() throws Exception {
        String base = start(commandsEnabled());
        Path marker = dir.resolve("drive-by-ran");

        var r = call("POST", base + "/api/v1/tasks", markerScript(marker), "Content-Type", "text/plain");

        assertThat(r.status()).as(r.body().toString()).isEqualTo(401);
        assertThat(r.body().path("error").path("code").isTextual()).as("the contract's error shape").isTrue();
        assertNeverRuns(marker);
    }

    @Test
    void withTheTokenButCommandsNotEnabledAScriptIsRefusedWith403SayingHowToEnableIt() throws Exception {
        String base = start(TestDatabases.embedded(dir));
        Path marker = dir.resolve("disabled-ran");

        var r = authorized("POST", base + "/api/v1/tasks", markerScript(marker));

        assertThat(r.status()).as(r.body().toString()).isEqualTo(403);
        assertThat(r.body().path("error").path("code").asText()).isEqualTo("commands_disabled");
        assertThat(r.body().path("error").path("message").asText()).contains("KIT_RUNTIME_ALLOW_COMMANDS=true");
        assertThat(r.body().path("error").path("request_id").isTextual()).isTrue();
        assertNeverRuns(marker);
    }

    @Test
    void theIssuesDriveByRequestAgainstADefaultServerRunsNothing() throws Exception {
        String base = start(TestDatabases.embedded(dir));
        Path marker = dir.resolve("default-ran");

        var r = call("POST", base + "/api/v1/tasks", markerScript(marker), "Content-Type", "text/plain");

        assertThat(r.status()).as(r.body().toString()).isIn(401, 403, 415);
        assertNeverRuns(marker);
    }

    @Test
    void aScriptTaskSeesNoneOfTheServersSecretsInItsEnvironment() throws Exception {
        assertThat(System.getenv("KIT_ATTACK_CANARY_TOKEN")).as("the build puts stand-in secrets into the server's "
                + "environment (reference-server/pom.xml, surefire environmentVariables)").isNotNull();
        String base = start(commandsEnabled());

        var started = authorized("POST", base + "/api/v1/tasks",
                "{\"kind\":\"script\",\"script\":\"env\",\"env\":{\"GREETING\":\"hello\"}}");
        assertThat(started.status()).as(started.body().toString()).isEqualTo(202);
        JsonNode done = awaitEnd(base, started.body().path("ref").asText());

        String env = done.path("stdout").asText();
        List<String> names = Arrays.stream(env.split("\n")).filter(l -> l.contains("=")).map(l -> l.substring(0, l.indexOf('=')))
                .toList();
        assertThat(done.path("status").asText()).isEqualTo("succeeded");
        assertThat(names).as(env).noneMatch(n -> n.startsWith("KIT_") || n.startsWith("EXEC_"));
        assertThat(env).doesNotContain("canary-must-not-leak").doesNotContain(TOKEN);
        assertThat(env).contains("GREETING=hello").contains("PATH=");
    }

    @Test
    void aTasksOutputIsNotReadableWithoutTheKitToken() throws Exception {
        String base = start(commandsEnabled());
        var started = authorized("POST", base + "/api/v1/tasks", "{\"kind\":\"command\",\"command\":[\"echo\",\"private output\"]}");
        assertThat(started.status()).as(started.body().toString()).isEqualTo(202);
        String ref = started.body().path("ref").asText();
        assertThat(awaitEnd(base, ref).path("stdout").asText()).isEqualTo("private output\n");

        for (String path : List.of("/api/v1/tasks/" + ref, "/api/v1/tasks/" + ref + "/events")) {
            var anonymous = call("GET", base + path, null);
            var wrongToken = call("GET", base + path, null, "Authorization", "Bearer not-the-token");
            assertThat(anonymous.status()).as(path + ": " + anonymous.body()).isEqualTo(401);
            assertThat(wrongToken.status()).as(path + ": " + wrongToken.body()).isEqualTo(401);
            assertThat(anonymous.body().toString() + wrongToken.body()).doesNotContain("private output");
        }
        assertThat(call("POST", base + "/api/v1/tasks/" + ref + "/kill", null).status()).isEqualTo(401);
    }

    @Test
    void taskRefsAreRandomUuidsNotSequentialOrShort() throws Exception {
        String base = start(commandsEnabled());
        String first = authorized("POST", base + "/api/v1/tasks", "{\"kind\":\"command\",\"command\":[\"true\"]}").body()
                .path("ref").asText();
        String second = authorized("POST", base + "/api/v1/tasks", "{\"kind\":\"command\",\"command\":[\"true\"]}").body()
                .path("ref").asText();

        assertThat(first).matches(RANDOM_REF).isNotEqualTo(second);
        assertThat(second).matches(RANDOM_REF);
        assertThat(commonPrefix(first, second)).as("no shared counter or clock prefix").isLessThan(12);
        assertThat(List.of(first, second)).allSatisfy(ref -> assertThat(ref.length()).isLessThanOrEqualTo(64));
        assertThat(Stream.generate(ProcessTable::newRef).limit(10_000).distinct().count()).isEqualTo(10_000);
    }

    private static int commonPrefix(String a, String b) {
        int i = 0;
        while (i < Math.min(a.length(), b.length()) && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }
}
