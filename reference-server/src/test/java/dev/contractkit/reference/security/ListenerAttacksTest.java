package dev.contractkit.reference.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import okhttp3.FormBody;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Attacks that a web page the user has open, a guessing client or a huge body would send, against every listener
 * of a running server with its defaults (docs/security.md). Each fails when its defence is removed.
 */
class ListenerAttacksTest {
    private static final OkHttpClient HTTP = new OkHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Api> SERVED = List.of(Api.FORMS, Api.COUPONS, Api.ANSWERS, Api.CODEHOST, Api.EXEC,
            Api.RUNTIME, Api.AGENT);

    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(data), SERVED);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theDriveByScriptRequestOfAWebPageIsRefusedAndRunsNothing() throws IOException {
        Request attack = new Request.Builder().url(server.url(Api.RUNTIME) + "/api/v1/tasks")
                .post(RequestBody.create("{\"kind\":\"script\",\"script\":\"id\"}", MediaType.get("text/plain")))
                .build();
        try (Response r = HTTP.newCall(attack).execute()) {
            assertThat(r.code()).isEqualTo(401);
            JsonNode body = JSON.readTree(r.body().string());
            assertThat(body.path("error").path("code").asText()).isEqualTo("unauthorized");
            assertThat(body.path("error").path("message").asText()).contains("Authorization: Bearer");
            assertThat(r.header("WWW-Authenticate")).startsWith("Bearer");
        }
        // with the token the text/plain body is still not accepted: a page cannot send JSON without a preflight
        Request withToken = attack.newBuilder().header("Authorization", "Bearer " + TestDatabases.TOKEN).build();
        try (Response r = HTTP.newCall(withToken).execute()) {
            assertThat(r.code()).isEqualTo(415);
            assertThat(JSON.readTree(r.body().string()).path("error").path("code").asText()).isEqualTo("unsupported_media_type");
        }
    }

    @Test
    void everyOperationOfEveryContractAnswers401WithoutItsCredential() throws IOException {
        List<String> open = new ArrayList<>();
        int checked = 0;
        for (Api api : SERVED) {
            for (String file : api.openapi()) {
                for (ContractDocument.Operation op : ContractDocument.load(file).operations()) {
                    if (op.isPublic()) {
                        continue;
                    }
                    checked++;
                    int status = callWithoutCredential(api, op);
                    if (status != 401) {
                        open.add(api.id() + " " + op + " -> " + status);
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(60);
        assertThat(open).isEmpty();
    }

    private static int callWithoutCredential(Api api, ContractDocument.Operation op) throws IOException {
        String path = op.path().replaceAll("\\{[^/]+}", "1");
        if (path.startsWith("/ws/")) { // a WebSocket upgrade, as a browser or client would open it
            String answer = raw(server.port(api), "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n"
                    + "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
            return Integer.parseInt(answer.substring(9, 12));
        }
        RequestBody body = null;
        if (op.requestBody().isPresent() || !List.of("GET", "HEAD", "DELETE").contains(op.method())) {
            List<String> media = new ArrayList<>();
            op.requestBody().ifPresent(p -> op.document().at(p).path("content").fieldNames().forEachRemaining(media::add));
            String type = media.isEmpty() ? "application/json" : media.get(0);
            body = RequestBody.create(type.contains("json") ? "{}" : "", MediaType.get(type.contains("*") ? "application/json" : type));
        }
        Request r = new Request.Builder().url(server.url(api) + path).method(op.method(), body).build();
        try (Response response = HTTP.newCall(r).execute()) {
            return response.code();
        }
    }

    @Test
    void aHostNameTheServerDoesNotAnswerForIsRefusedOnEveryListener() throws IOException {
        for (Api api : SERVED) {
            String answer = raw(server.port(api), "GET /observe/health/ready HTTP/1.1\r\nHost: rebind.attacker.example\r\n"
                    + "Connection: close\r\n\r\n");
            assertThat(answer).as(api.id()).startsWith("HTTP/1.1 421").contains("KIT_ALLOWED_HOSTS");
            assertThat(raw(server.port(api), "GET /observe/health/ready HTTP/1.1\r\nHost: localhost:" + server.port(api)
                    + "\r\nConnection: close\r\n\r\n")).as(api.id()).matches("(?s)HTTP/1.1 20[04].*");
        }
    }

    @Test
    void aStateChangingRequestFromAForeignOriginIsRefusedAndNoCorsIsGranted() throws IOException {
        Request post = new Request.Builder().url(server.url(Api.AGENT) + "/api/v1/skills")
                .header("Authorization", "Bearer " + TestDatabases.TOKEN)
                .header("Origin", "http://evil.example")
                .post(RequestBody.create("{}", MediaType.get("application/json"))).build();
        try (Response r = HTTP.newCall(post).execute()) {
            assertThat(r.code()).isEqualTo(403);
            assertThat(JSON.readTree(r.body().string()).path("code").asText()).isEqualTo("FORBIDDEN");
            assertThat(r.header("Access-Control-Allow-Origin")).isNull();
        }
        Request preflight = new Request.Builder().url(server.url(Api.FORMS) + "/forms/1")
                .header("Origin", "http://evil.example").header("Access-Control-Request-Method", "GET")
                .method("OPTIONS", null).build();
        try (Response r = HTTP.newCall(preflight).execute()) {
            assertThat(r.header("Access-Control-Allow-Origin")).isNull();
        }
        // the same origin (the agent's own web UI) may write
        Request same = post.newBuilder().header("Origin", server.url(Api.AGENT)).build();
        try (Response r = HTTP.newCall(same).execute()) {
            assertThat(r.code()).isNotIn(401, 403);
        }
    }

    @Test
    void aWebSocketHandshakeGetsTheListenersHostAndOriginChecksBeforeTheUpgrade() throws IOException {
        int port = server.port(Api.COUPONS);
        String token = couponsToken("alice", "alice-password");
        String handshake = "GET /ws/coupons?token=" + token + " HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
        // after DNS rebinding: the page's own name in Host
        String rebound = raw(port, handshake + "Host: attacker.example\r\n\r\n");
        assertThat(rebound).startsWith("HTTP/1.1 421").contains("MISDIRECTED_REQUEST", "KIT_ALLOWED_HOSTS");
        // cross-site WebSocket hijacking: a foreign page opens the socket with what it has
        String foreign = raw(port, handshake + "Host: 127.0.0.1:" + port + "\r\nOrigin: http://evil.example\r\n\r\n");
        assertThat(foreign).startsWith("HTTP/1.1 403").contains("FORBIDDEN", "http://evil.example", "KIT_CORS_ORIGINS");
        // the server's own origin and a client without one are upgraded
        assertThat(raw(port, handshake + "Host: 127.0.0.1:" + port + "\r\nOrigin: http://127.0.0.1:" + port + "\r\n\r\n"))
                .startsWith("HTTP/1.1 101");
        assertThat(raw(port, handshake + "Host: localhost:" + port + "\r\n\r\n")).startsWith("HTTP/1.1 101");
    }

    private static String couponsToken(String user, String password) throws IOException {
        Request login = new Request.Builder().url(server.url(Api.COUPONS) + "/realms/contractkit/protocol/openid-connect/token")
                .post(new FormBody.Builder().add("grant_type", "password").add("client_id", "kit-cli")
                        .add("username", user).add("password", password).build()).build();
        try (Response r = HTTP.newCall(login).execute()) {
            String body = r.body().string();
            assertThat(r.code()).as(body).isEqualTo(200);
            return JSON.readTree(body).path("access_token").asText();
        }
    }

    @Test
    void aBodyPastTheLimitIs413InTheContractsShape() throws IOException {
        byte[] big = new byte[(1 << 20) + 1];
        Request r = new Request.Builder().url(server.url(Api.FORMS) + "/forms")
                .post(RequestBody.create(big, MediaType.get("application/json"))).build();
        try (Response response = HTTP.newCall(r).execute()) {
            assertThat(response.code()).isEqualTo(413);
            assertThat(JSON.readTree(response.body().string()).path("error").path("code").asText()).isEqualTo("BODY_TOO_LARGE");
        }
    }

    @Test
    void a401TellsAnAnonymousCallerNeitherTheTokenFilesPathNorTheServersUser(@TempDir Path own) throws IOException {
        Path dataDir = own.resolve("home-of-" + System.getProperty("user.name")).resolve("checkout/data");
        try (KitServer fileToken = KitServer.start(Settings.of(Map.of("data-dir", dataDir.toString(),
                "exec.port", "0", "agent.port", "0")), List.of(Api.EXEC, Api.AGENT))) {
            assertThat(dataDir.resolve("kit-token")).as("the token came from the file").isRegularFile();
            for (Api api : List.of(Api.EXEC, Api.AGENT)) {
                for (String path : List.of(api == Api.EXEC ? "/adapters/tools" : "/api/v1/datasources", "/observe/metrics")) {
                    try (Response r = HTTP.newCall(new Request.Builder().url(fileToken.url(api) + path).build()).execute()) {
                        String body = r.body().string();
                        assertThat(r.code()).as(api.id() + path).isEqualTo(401);
                        assertThat(body).as(api.id() + path).contains("the data directory's kit-token")
                                .doesNotContain(own.toString()).doesNotContain("checkout")
                                .doesNotContain("home-of-").doesNotContain(System.getProperty("user.home"));
                    }
                }
            }
        }
    }

    @Test
    void healthShowsNoDetailsAndMetricsNeedTheKitToken() throws IOException {
        for (Api api : SERVED) {
            try (Response r = HTTP.newCall(new Request.Builder().url(server.url(api) + "/observe/health").build()).execute()) {
                assertThat(r.body().string()).as(api.id()).doesNotContain("jdbc:").doesNotContain("checks");
            }
            try (Response r = HTTP.newCall(new Request.Builder().url(server.url(api) + "/observe/metrics").build()).execute()) {
                assertThat(r.code()).as(api.id()).isEqualTo(401);
            }
        }
    }

    @Test
    void theControlPlanesHealthGivesItsDetailsOnlyToTheKitToken() throws IOException {
        Request anonymous = new Request.Builder().url(server.url(Api.EXEC) + "/health").build();
        try (Response r = HTTP.newCall(anonymous).execute()) {
            JsonNode body = JSON.readTree(r.body().string());
            assertThat(body.path("status").asText()).isEqualTo("ok");
            assertThat(body.has("runtime_url")).isFalse();
            assertThat(body.has("tasks_unfinished")).isFalse();
        }
        Request withToken = anonymous.newBuilder().header("Authorization", "Bearer " + TestDatabases.TOKEN).build();
        try (Response r = HTTP.newCall(withToken).execute()) {
            assertThat(JSON.readTree(r.body().string()).has("runtime_url")).isTrue();
        }
    }

    @Test
    void theDataDirectoryAndItsSecretsAreOwnerOnlyAndTheEmbeddedDatabaseHasAPassword() throws IOException {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwx------");
        try (var files = Files.list(data)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                try {
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).as(f.toString())
                            .isEqualTo("rw-------");
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
        }
        assertThat(data.resolve("db-password")).exists();
        // another local user reaching the auto-server (or the file) with H2's default account gets nowhere
        String url = "jdbc:h2:file:" + data.resolve("kit") + ";AUTO_SERVER=TRUE";
        assertThatThrownBy(() -> DriverManager.getConnection(url, "sa", "").close())
                .hasMessageContaining("Wrong user name or password");
    }

    private static String raw(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int c = in.read();
                if (c < 0) {
                    return head.toString();
                }
                head.append((char) c);
            }
            Matcher m = Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
            int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
            return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
        }
    }
}
