package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static dev.contractkit.reference.agent.AgentServerTest.assertValidStream;
import static dev.contractkit.reference.agent.AgentServerTest.custom;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the agent does with the question and the data (issue 23, items 6 and 7), over a real socket on the embedded
 * database: uploaded CSV and JSON files read as tables, pinned paths checked and read, MCP tools filtered per tool,
 * the query chosen from the question and the schema (not {@code SELECT *} of the first table), follow-ups, plain
 * "cannot answer", {@code skill_mode: auto}, and the {@code RUN_EXISTS} conflict in the contract.
 */
class AgentDataAnalysisTest {
    @TempDir
    static Path dir;
    static KitServer server;
    static AgentHttp client;
    static Connection shop;

    @BeforeAll
    static void start() throws Exception {
        AgentServerTest.contract();
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S"), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
        String url = "jdbc:h2:mem:agent_shop_" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1";
        shop = DriverManager.getConnection(url, "reader", "");
        try (Statement s = shop.createStatement()) {
            // customers is the first table: the old agent answered every question with SELECT * FROM it LIMIT 20
            s.execute("CREATE TABLE customers (name VARCHAR(20), country VARCHAR(20))");
            s.execute("INSERT INTO customers VALUES ('acme', 'DE'), ('globex', 'US'), ('initech', 'US')");
            s.execute("CREATE TABLE orders (customer VARCHAR(20), product VARCHAR(20), amount DECIMAL(10, 2), quantity INT)");
            s.execute("INSERT INTO orders VALUES ('acme', 'bolt', 100.00, 10), ('acme', 'nut', 50.00, 20), "
                    + "('globex', 'bolt', 300.00, 30), ('initech', 'gear', 80.00, 4), ('globex', 'gear', 20.00, 1)");
        }
        assertThat(client.call("POST", "/api/v1/datasources", "{\"id\":\"shop\",\"name\":\"Shop\",\"jdbcUrl\":\"" + url
                + "\",\"username\":\"reader\"}").status()).isEqualTo(201);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (shop != null) {
            shop.close();
        }
    }

    static String upload(String name, String content) throws Exception {
        Request r = new Request.Builder().url(server.url(Api.AGENT) + "/api/v1/files?name=" + name)
                .post(RequestBody.create(content.getBytes(StandardCharsets.UTF_8),
                        MediaType.get("application/octet-stream"))).build();
        try (Response response = AgentHttp.HTTP.newCall(r).execute()) {
            assertThat(response.code()).isEqualTo(201);
            return AgentHttp.JSON.readTree(response.body().string()).path("fileId").asText();
        }
    }

    static String answer(List<JsonNode> events) {
        return String.join("", events.stream().filter(e -> e.path("type").asText().equals("TEXT_MESSAGE_CONTENT"))
                .map(e -> e.path("delta").asText()).toList());
    }

    static List<JsonNode> calls(List<JsonNode> events, String name) {
        return events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_START")
                && e.path("toolCallName").asText().equals(name)).toList();
    }

    static JsonNode resultOf(List<JsonNode> events, JsonNode call) throws Exception {
        String id = call.path("toolCallId").asText();
        JsonNode r = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_RESULT")
                && e.path("toolCallId").asText().equals(id)).findFirst().orElseThrow();
        return AgentHttp.JSON.readTree(r.path("content").asText());
    }

    static String sql(List<JsonNode> events) {
        return custom(events, "kit.sql_audit").path("sql").asText();
    }

    static JsonNode rows(List<JsonNode> events) throws Exception {
        return resultOf(events, calls(events, "run_sql").get(0)).path("rows");
    }

    /** @return the result rows as {@code a b, c d}, numbers without trailing zeros */
    static String flat(List<JsonNode> events) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode row : rows(events)) {
            List<String> cells = new ArrayList<>();
            row.forEach(c -> cells.add(c.isNumber() ? c.decimalValue().stripTrailingZeros().toPlainString() : c.asText()));
            out.add(String.join(" ", cells));
        }
        return String.join(", ", out);
    }

    static List<JsonNode> ask(String thread, String question, String runConfig) throws Exception {
        List<JsonNode> events = client.run(AgentHttp.input(thread, "r-" + UUID.randomUUID(), question,
                runConfig == null ? null : "\"forwardedProps\":{\"run_config\":" + runConfig + "}"));
        assertValidStream(events);
        assertThat(events.get(events.size() - 1).path("type").asText()).as(events.toString()).isEqualTo("RUN_FINISHED");
        return events;
    }

    @Test
    void anUploadedCsvIsReadAsATableWithAToolCallAndTheQuestionIsAnsweredFromIt() throws Exception {
        String id = upload("targets.csv", "Region,Target,Quarter\nAPAC,100,Q1\nEMEA,250,Q1\nAPAC,50,Q2\nNA,75,Q2\n");
        List<JsonNode> events = ask("td1", "What is the total target by region?", "{\"fileIds\":[\"" + id + "\"]}");
        JsonNode read = resultOf(events, calls(events, "read_file").get(0));
        assertThat(read.path("table").asText()).isEqualTo("targets");
        assertThat(read.path("rowCount").asInt()).isEqualTo(4);
        assertThat(read.path("columns").toString()).isEqualTo("[\"region\",\"target\",\"quarter\"]");
        assertThat(custom(events, "kit.query_plan").path("source").asText()).isEqualTo("files");
        assertThat(sql(events)).isEqualTo("SELECT region, SUM(target) AS target FROM targets GROUP BY region ORDER BY region");
        assertThat(flat(events)).isEqualTo("APAC 150, EMEA 250, NA 75");
        assertThat(answer(events)).contains("| APAC | 150", "the run's files");
    }

    @Test
    void anUploadedJsonArrayOfObjectsIsQueryableAndAFileThatIsNoTableGivesAnErrorResult() throws Exception {
        String json = upload("tickets.json", "[{\"team\":\"core\",\"hours\":3},{\"team\":\"web\",\"hours\":5},"
                + "{\"team\":\"core\",\"hours\":4,\"tags\":[\"x\"]}]");
        String notes = upload("notes.md", "# not a table\n");
        List<JsonNode> events = ask("td2", "How many tickets per team?", "{\"fileIds\":[\"" + json + "\",\"" + notes + "\"]}");
        List<JsonNode> reads = calls(events, "read_file");
        assertThat(reads).hasSize(2);
        assertThat(resultOf(events, reads.get(0)).path("columns").toString()).isEqualTo("[\"team\",\"hours\",\"tags\"]");
        assertThat(resultOf(events, reads.get(1)).path("error").asText()).contains("notes.md", "only CSV and JSON");
        assertThat(sql(events)).isEqualTo("SELECT team, COUNT(*) AS count FROM tickets GROUP BY team ORDER BY team");
        assertThat(flat(events)).isEqualTo("core 2, web 1");
    }

    @Test
    void pinnedPathsAreCheckedWithA400InTheContractsShapeAndPinnedArtifactsAreReadAsTables() throws Exception {
        for (String bad : List.of("../../etc/passwd", "files/file-nope", "/tmp/x.csv", "artifacts/art-nope")) {
            AgentHttp.Reply r = client.call("POST", "/api/agent", AgentHttp.input("td3", "r-bad-" + UUID.randomUUID(), "q",
                    "\"forwardedProps\":{\"run_config\":{\"pinnedPaths\":[\"" + bad + "\"]}}"));
            assertThat(r.status()).as(bad).isEqualTo(400);
            assertThat(r.body().path("code").asText()).isEqualTo("INVALID_REQUEST");
            assertThat(r.body().path("message").asText()).contains("forwardedProps.run_config.pinnedPaths[0]");
        }
        List<JsonNode> first = ask("td3", "What is the revenue by region?", null);
        String artifact = custom(first, "kit.artifact").path("artifactId").asText();
        AgentHttp.Reply foreign = client.call("POST", "/api/agent", AgentHttp.input("td3-other", "r-f-" + UUID.randomUUID(),
                "q", "\"state\":{\"run_config\":{\"pinnedPaths\":[\"artifacts/" + artifact + "\"]}}"));
        assertThat(foreign.status()).isEqualTo(400);
        assertThat(foreign.body().path("message").asText()).contains("state.run_config.pinnedPaths[0]", "another thread");

        List<JsonNode> events = ask("td3", "Which region has the highest revenue?",
                "{\"pinnedPaths\":[\"/api/v1/artifacts/" + artifact + "/content\"]}");
        JsonNode read = resultOf(events, calls(events, "read_file").get(0));
        assertThat(read.path("table").asText()).isEqualTo("revenue_by_region");
        assertThat(sql(events)).isEqualTo(
                "SELECT region, SUM(revenue) AS revenue FROM revenue_by_region GROUP BY region ORDER BY revenue DESC LIMIT 1");
        JsonNode all = rows(first);
        JsonNode top = all.get(0);
        for (JsonNode row : all) {
            if (row.get(1).decimalValue().compareTo(top.get(1).decimalValue()) > 0) {
                top = row;
            }
        }
        assertThat(rows(events).get(0).get(0).asText()).isEqualTo(top.get(0).asText());
    }

    @Test
    void anExternalDataSourceIsQueriedByWhatTheQuestionNamesNotSelectStarOfTheFirstTable() throws Exception {
        List<JsonNode> byProduct = ask("td4", "What is the total amount per product?", "{\"activeDatasourceId\":\"shop\"}");
        assertThat(sql(byProduct)).isEqualTo("SELECT product, SUM(amount) AS amount FROM orders GROUP BY product ORDER BY product");
        assertThat(flat(byProduct)).isEqualTo("bolt 400, gear 100, nut 50");

        List<JsonNode> top = ask("td4b", "Top 2 customers by amount of orders", "{\"activeDatasourceId\":\"shop\"}");
        assertThat(sql(top)).isEqualTo("SELECT customer, SUM(amount) AS amount FROM orders GROUP BY customer "
                + "ORDER BY amount DESC LIMIT 2");
        assertThat(flat(top)).isEqualTo("globex 320, acme 150");

        List<JsonNode> count = ask("td4c", "How many customers are there in each country?", "{\"activeDatasourceId\":\"shop\"}");
        assertThat(sql(count)).isEqualTo("SELECT country, COUNT(*) AS count FROM customers GROUP BY country ORDER BY country");
        assertThat(flat(count)).isEqualTo("DE 1, US 2");

        List<JsonNode> avg = ask("td4d", "What is the average quantity of orders?", "{\"activeDatasourceId\":\"shop\"}");
        assertThat(sql(avg)).isEqualTo("SELECT AVG(quantity) AS avg_quantity FROM orders");
        assertThat(flat(avg)).isEqualTo("13");
    }

    @Test
    void followUpQuestionsBuildOnTheThreadsEarlierTurns() throws Exception {
        String shop = "{\"activeDatasourceId\":\"shop\"}";
        ask("td5", "What is the total amount per product?", shop);
        List<JsonNode> perCustomer = ask("td5", "And per customer?", shop);
        assertThat(sql(perCustomer)).isEqualTo("SELECT customer, SUM(amount) AS amount FROM orders GROUP BY customer ORDER BY customer");
        assertThat(answer(perCustomer)).contains("(follow-up)");
        List<JsonNode> average = ask("td5", "What about the average?", shop);
        assertThat(sql(average)).isEqualTo(
                "SELECT customer, AVG(amount) AS avg_amount FROM orders GROUP BY customer ORDER BY customer");
        List<JsonNode> best = ask("td5", "Only the top one", shop);
        assertThat(sql(best)).isEqualTo(
                "SELECT customer, AVG(amount) AS avg_amount FROM orders GROUP BY customer ORDER BY avg_amount DESC LIMIT 1");
        assertThat(flat(best)).isEqualTo("globex 160");

        // another thread has no earlier turn to follow
        List<JsonNode> alone = ask("td5-new", "And per customer?", shop);
        assertThat(sql(alone)).isEqualTo("SELECT * FROM customers LIMIT 200");
        assertThat(answer(alone)).doesNotContain("(follow-up)");
    }

    @Test
    void aQuestionTheDataCannotAnswerGetsAPlainAnswerSayingWhy() throws Exception {
        List<JsonNode> weather = ask("td6", "Will it rain in Paris tomorrow?", "{\"activeDatasourceId\":\"shop\"}");
        assertThat(calls(weather, "run_sql")).isEmpty();
        assertThat(answer(weather)).startsWith("I cannot answer this from data source `shop`")
                .contains("names no table or column", "`customers` (name, country)", "`orders` (customer, product, amount, quantity)");
        assertThat(weather.get(weather.size() - 1).path("result").path("artifactIds")).isEmpty();

        List<JsonNode> noNumber = ask("td6b", "What is the average of the customers?", "{\"activeDatasourceId\":\"shop\"}");
        assertThat(calls(noNumber, "run_sql")).isEmpty();
        assertThat(answer(noNumber)).contains("asks for the avg but names no number column of `customers`");

        List<JsonNode> sample = ask("td6c", "Will it rain in Paris tomorrow?", null);
        assertThat(answer(sample)).startsWith("I could not plan this question").contains("sample's overview", "| APAC |");
    }

    @Test
    void skillModeAutoChoosesTheSkillTheQuestionAsksForNotTheFirst() throws Exception {
        String auto = "{\"skill_mode\":\"auto\",\"enabledSkillIds\":[\"skill-sql-analyst\",\"skill-summary\"]}";
        List<JsonNode> summary = ask("td7", "Summarize the revenue by region: which is the largest value?", auto);
        assertThat(custom(summary, "kit.run_config").path("activeSkillId").asText()).isEqualTo("skill-summary");
        assertThat(answer(summary)).contains("Largest: **");
        List<JsonNode> table = ask("td7", "Give me a Markdown table of revenue by region", auto);
        assertThat(custom(table, "kit.run_config").path("activeSkillId").asText()).isEqualTo("skill-sql-analyst");
        List<JsonNode> reordered = ask("td7", "Give me a Markdown table of revenue by region",
                "{\"skill_mode\":\"auto\",\"enabledSkillIds\":[\"skill-summary\",\"skill-sql-analyst\"]}");
        assertThat(custom(reordered, "kit.run_config").path("activeSkillId").asText()).isEqualTo("skill-sql-analyst");
    }

    @Test
    void mcpToolsAreFilteredPerToolAsTheRunConfigSays() throws Exception {
        try (McpTestServer mcp = new McpTestServer(AgentResourcesTest.TOKEN)) {
            assertThat(client.call("POST", "/api/v1/mcp-servers", AgentResourcesTest.mcpRegistration("mcp-filter", mcp.url(),
                    AgentResourcesTest.TOKEN)).status()).isEqualTo(201);
            List<JsonNode> filtered = ask("td8", "What are the revenue targets by region?",
                    "{\"enabledMcpServerIds\":[\"mcp-filter\"],\"enabledMcpTools\":{\"mcp-filter\":[\"whoami_debug\"],"
                            + "\"mcp-unknown\":[\"x\"]}}");
            JsonNode listed = resultOf(filtered, calls(filtered, "mcp_list_tools").get(0));
            assertThat(listed.path("tools").findValuesAsText("name")).containsExactly("whoami_debug");
            assertThat(listed.path("filteredOut").toString()).contains("region_targets", "slow_report");
            assertThat(calls(filtered, "region_targets")).isEmpty();
            assertThat(mcp.calledTools).isEmpty();
            assertThat(custom(filtered, "kit.run_config").path("excluded").toString())
                    .contains("{\"kind\":\"mcp\",\"id\":\"mcp-unknown\",\"reason\":\"not_registered\"}");

            List<JsonNode> allowed = ask("td8", "What are the revenue targets by region?",
                    "{\"enabledMcpServerIds\":[\"mcp-filter\"],\"enabledMcpTools\":{\"mcp-filter\":[\"region_targets\"]}}");
            assertThat(calls(allowed, "region_targets")).hasSize(1);
            assertThat(mcp.calledTools).hasSize(1);
        }
    }

    @Test
    void reusingARunIdIsA409RunExistsThatTheContractDeclares() throws Exception {
        String body = AgentHttp.input("td9", "r-td9", "Revenue by region?", null);
        client.run(body);
        AgentHttp.Reply again = client.call("POST", "/api/agent", body);
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.body().path("code").asText()).isEqualTo("RUN_EXISTS");
        ContractDocument contract = ContractDocument.load(Api.AGENT.mainContract());
        JsonNode conflict = contract.at("/paths/~1api~1agent/post/responses/409/content/application~1json/examples");
        assertThat(conflict.findValuesAsText("code")).contains("RUN_EXISTS", "RUN_ALREADY_ACTIVE");
    }
}
