package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static dev.contractkit.reference.agent.AgentServerTest.assertValidStream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Attacks on the agent's resources, sent to a running server over real sockets (issue 19): JDBC URLs that run
 * code or write files, secrets that would follow a changed URL, input that made the credential detector
 * backtrack for seconds, and file names that would add response headers. Each fails without its defence.
 */
class AgentAttackTest {
    @TempDir
    static Path target;
    @TempDir
    Path dir;
    KitServer server;
    AgentHttp client;

    @BeforeAll
    static void contract() throws Exception {
        AgentServerTest.contract();
        Files.writeString(target.resolve("script.sql"), "CALL FILE_WRITE(X'70776E6564', '" + target.resolve("pwned-runscript") + "');\n");
    }

    @BeforeEach
    void start() {
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S"), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A JDBC URL that writes a file when a connection opens, the file it writes, and the part the refusal names. */
    record Attack(String url, Path written, String named) {
        @Override
        public String toString() {
            return url;
        }
    }

    static Stream<Attack> codeRunningUrls() {
        return Stream.of(
                new Attack("jdbc:h2:mem:x;INIT=CALL FILE_WRITE(X'70776E6564', '" + target.resolve("pwned-init") + "')",
                        target.resolve("pwned-init"), "INIT"),
                new Attack("jdbc:h2:mem:x;INIT=RUNSCRIPT FROM '" + target.resolve("script.sql") + "'",
                        target.resolve("pwned-runscript"), "INIT"),
                new Attack("jdbc:h2:mem:x;TRACE_LEVEL_FILE=3", target.resolve("none"), "TRACE_LEVEL_FILE"),
                new Attack("jdbc:h2:file:" + target.resolve("filedb") + ";TRACE_LEVEL_FILE=3",
                        target.resolve("filedb.mv.db"), "jdbc:h2:mem:"),
                new Attack("jdbc:h2:tcp://127.0.0.1:1/" + target.resolve("tcpdb"), target.resolve("tcpdb.mv.db"), "jdbc:h2:mem:"),
                new Attack("jdbc:h2:mem:x;AUTO_SERVER=TRUE", target.resolve("none"), "AUTO_SERVER"),
                new Attack("jdbc:h2:mem:x\\;INIT=RUNSCRIPT FROM '" + target.resolve("script.sql") + "'",
                        target.resolve("pwned-runscript"), "backslash"),
                new Attack("jdbc:postgresql://127.0.0.1:5432/test?socketFactory=java.io.FileOutputStream&socketFactoryArg="
                        + target.resolve("pwned-pg"), target.resolve("pwned-pg"), "socketFactory"),
                new Attack("jdbc:postgresql://127.0.0.1:5432/test?loggerLevel=DEBUG&loggerFile=" + target.resolve("pwned-log"),
                        target.resolve("pwned-log"), "loggerLevel"),
                new Attack("jdbc:postgresql://127.0.0.1:5432/test?sslfactory=java.io.FileOutputStream&sslfactoryarg="
                        + target.resolve("pwned-ssl") + "&ssl=true", target.resolve("pwned-ssl"), "sslfactory"));
    }

    @ParameterizedTest
    @MethodSource("codeRunningUrls")
    void aDataSourceUrlThatRunsCodeIsRefusedOnRegisterAndUpdateAndNeverOpened(Attack attack) throws Exception {
        String body = AgentHttp.JSON.createObjectNode().put("id", "evil").put("name", "Evil").put("jdbcUrl", attack.url())
                .toString();
        AgentHttp.Reply registered = client.call("POST", "/api/v1/datasources", body);
        assertThat(registered.status()).as(registered.text()).isEqualTo(400);
        assertThat(registered.body().path("code").asText()).isEqualTo("INVALID_REQUEST");
        assertThat(registered.body().path("message").asText()).startsWith("jdbcUrl: ").contains(attack.named());

        assertThat(client.call("POST", "/api/v1/datasources",
                "{\"id\":\"fine\",\"name\":\"Fine\",\"jdbcUrl\":\"jdbc:h2:mem:fine;DB_CLOSE_DELAY=-1\"}").status()).isEqualTo(201);
        AgentHttp.Reply updated = client.call("PUT", "/api/v1/datasources/fine", body.replace("\"id\":\"evil\",", ""));
        assertThat(updated.status()).as(updated.text()).isEqualTo(400);
        assertThat(updated.body().path("message").asText()).contains(attack.named());
        assertThat(client.call("GET", "/api/v1/datasources/fine", null).body().path("jdbcUrl").asText())
                .isEqualTo("jdbc:h2:mem:fine;DB_CLOSE_DELAY=-1");

        // a row stored before the policy existed (or written to the database directly) is refused when used
        insertDatasource("stored", attack.url());
        List<JsonNode> run = client.run(AgentHttp.input("t-evil", "r-evil", "What is in the table?",
                "\"forwardedProps\":{\"run_config\":{\"activeDatasourceId\":\"stored\"}}"));
        assertThat(attack.written()).doesNotExist();
        assertValidStream(run);
        JsonNode last = run.get(run.size() - 1);
        assertThat(last.path("type").asText()).isEqualTo("RUN_ERROR");
        assertThat(last.path("code").asText()).isEqualTo("SQL_FAILED");
        assertThat(last.path("message").asText()).contains("not allowed", attack.named());
    }

    private void insertDatasource(String id, String url) throws Exception {
        insertDatasource(id, url, null);
    }

    private void insertDatasource(String id, String url, String username) throws Exception {
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement s = c.prepareStatement("INSERT INTO agent_datasources (id, name, jdbc_url, username, "
                     + "password, enabled, built_in, created_at) VALUES (?, ?, ?, ?, NULL, TRUE, FALSE, ?)")) {
            s.setString(1, id);
            s.setString(2, id);
            s.setString(3, url);
            s.setString(4, username);
            s.setTimestamp(5, Timestamp.from(Instant.now()));
            s.executeUpdate();
        }
    }

    private void restart(String key, String value) {
        server.close();
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S").with(key, value), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
    }

    /** @return the last event of a run on the data source */
    private JsonNode runOn(String datasourceId, String runId) throws IOException {
        List<JsonNode> run = client.run(AgentHttp.input("t-" + runId, runId, "What is in the table?",
                "\"forwardedProps\":{\"run_config\":{\"activeDatasourceId\":\"" + datasourceId + "\"}}"));
        assertValidStream(run);
        return run.get(run.size() - 1);
    }

    private void register(String id, String url, String username) throws IOException {
        ObjectNode body = AgentHttp.JSON.createObjectNode().put("id", id).put("name", id).put("jdbcUrl", url);
        if (username != null) {
            body.put("username", username);
        }
        AgentHttp.Reply r = client.call("POST", "/api/v1/datasources", body.toString());
        assertThat(r.status()).as(r.text()).isEqualTo(201);
    }

    @Test
    void aDataSourceOnAnInternalAddressIsNeverConnectedToUnlessTheOperatorAllowsIt() throws Exception {
        try (FakePostgres internal = new FakePostgres()) {
            for (String host : List.of("127.0.0.1", "localhost", "[::ffff:127.0.0.1]", "127.0.0.2")) {
                String id = "db-" + Integer.toHexString(host.hashCode());
                register(id, "jdbc:postgresql://" + host + ":" + internal.port() + "/x", null);
                JsonNode last = runOn(id, "r-" + id);
                assertThat(last.path("code").asText()).as(host).isEqualTo("SQL_FAILED");
                assertThat(last.path("message").asText()).as(host).contains("loopback", "KIT_AGENT_DB_NET_ALLOW");
            }
            // every host of a multi-host URL is checked, and a cancel's connection too (same socket factory)
            String multi = "jdbc:postgresql://192.0.2.1:1,127.0.0.1:" + internal.port() + "/x";
            register("db-multi", multi, null);
            assertThat(runOn("db-multi", "r-multi").path("code").asText()).isEqualTo("SQL_FAILED");
            assertThat(internal.connections()).as("connections that reached the loopback listener").isZero();

            restart(DataSourceSockets.SETTING, "127.0.0.1/32");
            register("allowed", "jdbc:postgresql://127.0.0.1:" + internal.port() + "/x", "reader");
            assertThat(runOn("allowed", "r-allowed").path("code").asText()).isEqualTo("SQL_FAILED");
            assertThat(internal.startups).as("the operator allowed it").anyMatch(p -> p.contains("reader"));
        }
    }

    @Test
    void everyDataSourceConnectionFailureGivesTheSameMessage() throws Exception {
        restart(DataSourceSockets.SETTING, "127.0.0.1/32");
        int closed;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = free.getLocalPort();
        }
        try (FakePostgres open = new FakePostgres();
             ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                try (Socket s = silent.accept()) {
                    s.getOutputStream().write("-ERR unknown command\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (Exception e) {
                    // the listener closed
                }
            });
            Map<String, Integer> ports = Map.of("closed", closed, "fakepg", open.port(), "notpg", silent.getLocalPort());
            Set<String> messages = new HashSet<>();
            for (Map.Entry<String, Integer> e : ports.entrySet()) {
                register(e.getKey(), "jdbc:postgresql://127.0.0.1:" + e.getValue() + "/x", "reader");
                JsonNode last = runOn(e.getKey(), "r-" + e.getKey());
                assertThat(last.path("code").asText()).isEqualTo("SQL_FAILED");
                messages.add(last.path("message").asText().replace(e.getKey(), "<id>"));
            }
            assertThat(messages).as("an open port, a closed one and another protocol look alike").hasSize(1);
            assertThat(messages.iterator().next()).contains(DataSourceConnections.FAILED);
        }
    }

    @Test
    void controlCharactersInConnectionPropertiesAreRefusedAndNeverSent() throws Exception {
        restart(DataSourceSockets.SETTING, "127.0.0.1/32");
        try (FakePostgres redis = new FakePostgres()) {
            String url = "jdbc:postgresql://127.0.0.1:" + redis.port() + "/x";
            String smuggled = "kit\r\nSET pwned 1\r\n";
            AgentHttp.Reply user = client.call("POST", "/api/v1/datasources", AgentHttp.JSON.createObjectNode().put("id", "crlf")
                    .put("name", "x").put("jdbcUrl", url).put("username", smuggled).toString());
            assertThat(user.status()).as(user.text()).isEqualTo(400);
            assertThat(user.body().path("message").asText()).startsWith("username:").contains("control characters");
            AgentHttp.Reply param = client.call("POST", "/api/v1/datasources", AgentHttp.JSON.createObjectNode().put("id", "crlf")
                    .put("name", "x").put("jdbcUrl", url + "?ApplicationName=a%0d%0aSET%20pwned%201").toString());
            assertThat(param.status()).as(param.text()).isEqualTo(400);
            assertThat(param.body().path("message").asText()).contains("ApplicationName", "control character");

            insertDatasource("stored-crlf", url, smuggled); // a row stored before the check, or written directly
            insertDatasource("stored-param", url + "?user=a%0d%0aSET%20pwned%201", null);
            for (String id : List.of("stored-crlf", "stored-param")) {
                JsonNode last = runOn(id, "r-" + id);
                assertThat(last.path("code").asText()).isEqualTo("SQL_FAILED");
                assertThat(last.path("message").asText()).contains("control character");
            }
            assertThat(redis.startups).as("start-up packets that reached the listener").noneMatch(p -> p.contains("\r\n"));
            assertThat(redis.connections()).isZero();
        }
    }

    @Test
    void aDotDotPathCannotLeaveAnOperatorsJdbcPrefix() throws Exception {
        Path allowed = target.resolve("allowed");
        Files.createDirectories(allowed);
        restart(JdbcUrlPolicy.SETTING, "jdbc:h2:file:" + allowed + "/");
        String escape = "jdbc:h2:file:" + allowed + "/../outside/db";
        AgentHttp.Reply registered = client.call("POST", "/api/v1/datasources", AgentHttp.JSON.createObjectNode()
                .put("id", "dotdot").put("name", "x").put("jdbcUrl", escape).toString());
        assertThat(registered.status()).as(registered.text()).isEqualTo(400);
        assertThat(registered.body().path("message").asText()).contains("only URLs starting with");

        insertDatasource("stored-dotdot", escape); // a row stored before the check, or written directly
        JsonNode last = runOn("stored-dotdot", "r-dotdot");
        assertThat(last.path("code").asText()).isEqualTo("SQL_FAILED");
        assertThat(last.path("message").asText()).contains("not allowed");
        assertThat(target.resolve("outside")).as("the database H2 would have made outside the prefix").doesNotExist();

        register("inside", "jdbc:h2:file:" + allowed + "/sub/../shop", null); // a '..' that stays inside is fine
        assertThat(runOn("inside", "r-inside").path("type").asText()).isEqualTo("RUN_FINISHED");
        assertThat(allowed.resolve("shop.mv.db")).exists();
        assertThat(allowed.resolve("sub")).doesNotExist();
    }

    @Test
    void theServerUsersPgpassIsNeverRead() throws Exception {
        restart(DataSourceSockets.SETTING, "127.0.0.1/32");
        Path pgpass = dir.resolve("pgpass");
        Files.writeString(pgpass, "*:*:*:*:the-server-users-password\n");
        String before = System.getProperty("org.postgresql.pgpassfile");
        System.setProperty("org.postgresql.pgpassfile", pgpass.toString()); // where pgjdbc looks first, then ~/.pgpass
        try (FakePostgres attacker = new FakePostgres()) {
            register("phish", "jdbc:postgresql://127.0.0.1:" + attacker.port() + "/x", "postgres");
            assertThat(runOn("phish", "r-phish").path("code").asText()).isEqualTo("SQL_FAILED");
            assertThat(attacker.startups).as("the data source connected").isNotEmpty();
            assertThat(attacker.passwords).noneMatch(p -> p.contains("the-server-users-password"));
        } finally {
            if (before == null) {
                System.clearProperty("org.postgresql.pgpassfile");
            } else {
                System.setProperty("org.postgresql.pgpassfile", before);
            }
        }
    }

    @Test
    void aDataSourcesPasswordIsDroppedWhenItsUrlChangesUnlessSentAgain() throws Exception {
        assertThat(client.call("POST", "/api/v1/datasources", "{\"id\":\"wh\",\"name\":\"Warehouse\","
                + "\"jdbcUrl\":\"jdbc:h2:mem:wh\",\"username\":\"reader\",\"password\":\"s3cret-Passw0rd\"}").status()).isEqualTo(201);
        AgentHttp.Reply renamed = client.call("PUT", "/api/v1/datasources/wh",
                "{\"name\":\"Renamed\",\"jdbcUrl\":\"jdbc:h2:mem:wh\",\"username\":\"reader\"}");
        assertThat(renamed.body().path("hasPassword").asBoolean()).as("same URL: the password stays").isTrue();

        AgentHttp.Reply moved = client.call("PUT", "/api/v1/datasources/wh",
                "{\"name\":\"Renamed\",\"jdbcUrl\":\"jdbc:postgresql://attacker.invalid/x\",\"username\":\"reader\"}");
        assertThat(moved.status()).isEqualTo(200);
        assertThat(moved.body().path("hasPassword").asBoolean()).as("new URL: the password is dropped").isFalse();
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement s = c.prepareStatement("SELECT password FROM agent_datasources WHERE id = 'wh'")) {
            var r = s.executeQuery();
            assertThat(r.next()).isTrue();
            assertThat(r.getString(1)).isNull();
        }

        AgentHttp.Reply withNew = client.call("PUT", "/api/v1/datasources/wh",
                "{\"name\":\"Renamed\",\"jdbcUrl\":\"jdbc:h2:mem:wh2\",\"password\":\"an0ther-Passw0rd\"}");
        assertThat(withNew.body().path("hasPassword").asBoolean()).as("new URL with a password").isTrue();
    }

    @Test
    void anMcpServersTokenIsDroppedWhenItsUrlChangesAndNeverReachesTheNewServer() throws Exception {
        String token = AgentResourcesTest.TOKEN;
        try (McpTestServer owner = new McpTestServer(token); McpTestServer attacker = new McpTestServer(null)) {
            assertThat(client.call("POST", "/api/v1/mcp-servers", AgentResourcesTest.mcpRegistration("mcp-t", owner.url(), token))
                    .status()).isEqualTo(201);
            AgentHttp.Reply same = client.call("PUT", "/api/v1/mcp-servers/mcp-t",
                    "{\"name\":\"Targets\",\"url\":\"" + owner.url() + "\"}");
            assertThat(same.body().path("hasToken").asBoolean()).as("same URL: the token stays").isTrue();

            AgentHttp.Reply moved = client.call("PUT", "/api/v1/mcp-servers/mcp-t",
                    "{\"name\":\"Targets\",\"url\":\"" + attacker.url() + "\"}");
            assertThat(moved.status()).isEqualTo(200);
            assertThat(moved.body().path("hasToken").asBoolean()).as("new URL: the token is dropped").isFalse();
            List<JsonNode> events = client.run(AgentHttp.input("t-mcp", "r-mcp", "What are the revenue targets by region?",
                    AgentResourcesTest.withMcp("mcp-t")));
            assertThat(attacker.authorizations).as("the attacker's server was called").isNotEmpty()
                    .noneMatch(a -> a.contains(token));
            assertThat(events.toString()).doesNotContain(token);
        }
    }

    @Test
    void anMcpServerOnAnInternalAddressIsNotCalledUnlessTheOperatorAllowsIt() throws Exception {
        server.close();
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S").with(McpAddressPolicy.SETTING, ""),
                List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
        try (McpTestServer internal = new McpTestServer(null)) {
            assertThat(client.call("POST", "/api/v1/mcp-servers", AgentResourcesTest.mcpRegistration("mcp-local", internal.url(), null))
                    .status()).isEqualTo(201);
            assertThat(client.call("POST", "/api/v1/mcp-servers", AgentResourcesTest.mcpRegistration("mcp-meta",
                    "http://169.254.169.254/latest/meta-data", null)).status()).isEqualTo(201);
            List<JsonNode> events = client.run(AgentHttp.input("t-ssrf", "r-ssrf", "What are the revenue targets by region?",
                    "\"forwardedProps\":{\"run_config\":{\"enabledMcpServerIds\":[\"mcp-local\",\"mcp-meta\"]}}"));
            assertValidStream(events);
            assertThat(internal.authorizations).as("requests that reached the loopback server").isEmpty();
            assertThat(toolResult(events, "r-ssrf-call-mcp-mcp-local-tools")).contains("127.0.0.1", "KIT_AGENT_MCP_ALLOW");
            assertThat(toolResult(events, "r-ssrf-call-mcp-mcp-meta-tools")).contains("169.254.169.254", "link-local");
            assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("RUN_FINISHED");
        }
    }

    @Test
    void anMcpUrlWhosePathNamesAnotherHostNeverReachesThatHostNorItsToken() throws Exception {
        server.close();
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S").with(McpAddressPolicy.SETTING, ""),
                List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
        String token = AgentResourcesTest.TOKEN;
        try (McpTestServer internal = new McpTestServer(token)) {
            String authority = URI.create(internal.url()).getRawAuthority();
            // the old policy checked 255.255.255.255 (public to it); the transport resolved //127.0.0.1:port against it
            String attack = "http://255.255.255.255//" + authority + "/mcp";
            insertMcpServer("mcp-slash", attack, token); // a row stored before the check, or written directly
            insertMcpServer("mcp-public", "http://8.8.8.8//" + authority + "/mcp", token);
            List<JsonNode> events = client.run(AgentHttp.input("t-slash", "r-slash", "What are the revenue targets by region?",
                    "\"forwardedProps\":{\"run_config\":{\"enabledMcpServerIds\":[\"mcp-slash\",\"mcp-public\"]}}"));
            assertValidStream(events);
            assertThat(internal.authorizations).as("requests (and tokens) that reached the loopback server").isEmpty();
            assertThat(toolResult(events, "r-slash-call-mcp-mcp-slash-tools")).contains("'//'");
            assertThat(toolResult(events, "r-slash-call-mcp-mcp-public-tools")).contains("'//'");
            assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("RUN_FINISHED");

            AgentHttp.Reply registered = client.call("POST", "/api/v1/mcp-servers",
                    AgentResourcesTest.mcpRegistration("mcp-new", attack, token));
            assertThat(registered.status()).as(registered.text()).isEqualTo(400);
            assertThat(registered.body().path("message").asText()).contains("'//'");
        }
    }

    private void insertMcpServer(String id, String url, String token) throws Exception {
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement s = c.prepareStatement("INSERT INTO agent_resources (kind, id, name, description, enabled, "
                     + "body, secret, created_at) VALUES ('mcp', ?, ?, '', TRUE, ?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, id);
            s.setString(3, AgentHttp.JSON.createObjectNode().put("url", url).toString());
            s.setString(4, token);
            s.setTimestamp(5, Timestamp.from(Instant.now()));
            s.executeUpdate();
        }
    }

    private static String toolResult(List<JsonNode> events, String toolCallId) {
        return events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_RESULT")
                && e.path("toolCallId").asText().equals(toolCallId)).findFirst().orElseThrow().path("content").asText();
    }

    @Test
    void textThatMadeTheCredentialDetectorBacktrackIsScannedInLinearTime() {
        // 200 KB of "jdbc:" took the old detector's regex about 15 s of CPU per request
        String body = AgentHttp.JSON.createObjectNode().put("threadId", "t-redos").put("runId", "r-redos")
                .set("messages", AgentHttp.JSON.createArrayNode().add(AgentHttp.JSON.createObjectNode()
                        .put("id", "m1").put("role", "user").put("content", "Revenue by region?")))
                .toString();
        String context = ",\"context\":[{\"description\":\"notes\",\"value\":\"" + "jdbc:".repeat(40_000) + "\"}]}";
        String attack = body.substring(0, body.length() - 1) + context;
        List<JsonNode> events = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> client.run(attack));
        assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("RUN_FINISHED");
    }

    @Test
    void aMessageOrARequestWithTooMuchTextIsRefusedWith413() throws Exception {
        AgentHttp.Reply longMessage = client.call("POST", "/api/agent",
                AgentHttp.input("t-big", "r-big", "x".repeat(InputLimits.MESSAGE_CHARS + 1), null));
        assertThat(longMessage.status()).isEqualTo(413);
        assertThat(longMessage.body().path("code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(longMessage.body().path("message").asText()).startsWith("messages[0].content:")
                .contains("KIT_AGENT_MAX_MESSAGE_CHARS");

        String many = "\"state\":{\"notes\":[" + String.join(",", Collections.nCopies(10, "\""
                + "y".repeat(InputLimits.INPUT_CHARS / 10) + "\"")) + "]}";
        AgentHttp.Reply tooMuch = client.call("POST", "/api/agent", AgentHttp.input("t-big", "r-big2", "Revenue?", many));
        assertThat(tooMuch.status()).as(tooMuch.text()).isEqualTo(413);
        assertThat(tooMuch.body().path("message").asText()).contains("KIT_AGENT_MAX_INPUT_CHARS");
        assertThat(client.call("GET", "/api/v1/threads/t-big/history", null).status()).isEqualTo(404);
    }

    @Test
    void anUploadedFileNameCannotAddResponseHeaders() throws Exception {
        String name = "a\"\r\nSet-Cookie: x=1";
        HttpUrl byQuery = HttpUrl.get(server.url(Api.AGENT) + "/api/v1/files").newBuilder().addQueryParameter("name", name).build();
        AgentHttp.Reply raw = post(byQuery, RequestBody.create(new byte[] {1, 2, 3}, MediaType.get("application/octet-stream")));
        AgentHttp.Reply multipart = post(HttpUrl.get(server.url(Api.AGENT) + "/api/v1/files"),
                new MultipartBody.Builder().setType(MultipartBody.FORM).addFormDataPart("name", name)
                        .addFormDataPart("file", "x.bin", RequestBody.create(new byte[] {4, 5}, MediaType.get("application/octet-stream")))
                        .build());
        for (AgentHttp.Reply up : List.of(raw, multipart)) {
            assertThat(up.status()).as(up.text()).isEqualTo(201);
            assertThat(up.body().path("name").asText()).isEqualTo(name);
            Request download = new Request.Builder().url(server.url(Api.AGENT) + up.body().path("downloadPath").asText()).build();
            try (Response r = AgentHttp.HTTP.newCall(download).execute()) {
                assertThat(r.code()).isEqualTo(200);
                assertThat(r.headers("Set-Cookie")).isEmpty();
                assertThat(r.header("Content-Disposition"))
                        .isEqualTo("attachment; filename=\"a___Set-Cookie: x=1\"; filename*=UTF-8''a%22%0D%0ASet-Cookie%3A%20x%3D1");
                assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
            }
        }
    }

    private static AgentHttp.Reply post(HttpUrl url, RequestBody body) throws Exception {
        try (Response r = AgentHttp.HTTP.newCall(new Request.Builder().url(url).post(body).build()).execute()) {
            String text = r.body().string();
            return new AgentHttp.Reply(r.code(), r.header("Content-Type"), AgentHttp.JSON.readTree(text), text);
        }
    }
}
