package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A database failure on every API: the contract's error shape with 503 (the contract declares it and the database is
 * gone) or 500, no SQL or stack trace in the body, and one log record naming the request.
 */
class StorageFailureTest {
    private static final String TOKEN = "storage-test-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** One storage-backed read per API, with the credentials it needs. */
    private static final Map<Api, Probe> PROBES = Map.of(
            Api.FORMS, new Probe("/forms/1", "Authorization", "Token token=kit-demo-forms-key"),
            Api.COUPONS, new Probe("/api/v1/coupons", "Accept", "application/json"),
            Api.ANSWERS, new Probe("/v1/quota", "x-api-key", "any-key"),
            Api.CODEHOST, new Probe("/api/v4/runners/all", "PRIVATE-TOKEN", "kit-demo-codehost-token"),
            Api.EXEC, new Probe("/tasks/t1", "Authorization", "Bearer " + TOKEN),
            Api.AGENT, new Probe("/api/v1/threads/t1/history", "Authorization", "Bearer " + TOKEN));

    @TempDir
    Path dataDir;
    private KitServer server;
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger serverLog = Logger.getLogger("dev.contractkit.reference");

    private record Probe(String path, String header, String value) {
    }

    /** A request to one route: method, path (with query), JSON body or null, header name and value pairs. */
    private record Route(String method, String path, String body, String... headers) {
        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private record Answer(int status, JsonNode body, String text, String requestId) {
    }

    @BeforeEach
    void start() {
        server = KitServer.start(TestDatabases.embedded(dataDir).with("token", TOKEN), List.copyOf(PROBES.keySet()));
        serverLog.addHandler(capture);
    }

    @AfterEach
    void stop() {
        serverLog.removeHandler(capture);
        server.close();
    }

    @Test
    void aClosedDatabaseIsA503WhereTheContractDeclaresItElseA500InEachApisErrorShape() throws Exception {
        server.database().close();

        for (Api api : PROBES.keySet()) {
            Answer a = get(api);
            int expected = api == Api.COUPONS || api == Api.ANSWERS ? 503 : 500;
            assertThat(a.status()).as(api.id()).isEqualTo(expected);
            assertShape(api, a, expected);
            assertLoggedOnce(api, a);
        }
    }

    @Test
    void aDroppedTableIsA500EvenWhereTheContractDeclares503BecauseTheDatabaseStillAnswers() throws Exception {
        try (Connection c = server.database().dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE coupons CASCADE");
            s.execute("DROP TABLE forms CASCADE");
        }

        for (Api api : List.of(Api.COUPONS, Api.FORMS)) {
            Answer a = get(api);
            assertThat(a.status()).as(api.id()).isEqualTo(500);
            assertShape(api, a, 500);
            assertLoggedOnce(api, a);
        }
    }

    @Test
    void everyStorageBackedAgentRouteAnswersA500InTheAgentsErrorShape() throws Exception {
        String[] auth = {"Authorization", "Bearer " + TOKEN};
        String run = "{\"threadId\":\"t1\",\"runId\":\"r1\",\"messages\":[{\"id\":\"m1\",\"role\":\"user\","
                + "\"content\":\"Revenue by region?\"}]}";
        List<Route> routes = List.of(
                new Route("POST", "/api/agent", run, "Authorization", auth[1], "Accept", "text/event-stream"),
                new Route("GET", "/api/v1/threads/t1/runs/r1/events", null, auth),
                new Route("POST", "/api/v1/runs/r1/cancel", null, auth),
                new Route("GET", "/api/v1/datasources", null, auth),
                new Route("POST", "/api/v1/datasources", "{\"id\":\"ds1\",\"name\":\"One\","
                        + "\"jdbcUrl\":\"jdbc:h2:mem:ds1\"}", auth),
                new Route("GET", "/api/v1/datasources/ds1", null, auth),
                new Route("DELETE", "/api/v1/datasources/ds1", null, auth),
                new Route("GET", "/api/v1/files", null, auth),
                new Route("POST", "/api/v1/files?name=a.csv", "a,b\n1,2\n", "Authorization", auth[1],
                        "Content-Type", "application/octet-stream"),
                new Route("GET", "/api/v1/files/f1/content", null, auth),
                new Route("GET", "/api/v1/artifacts?threadId=t1", null, auth),
                new Route("GET", "/api/v1/artifacts/a1/content", null, auth));

        assertEachFailsWhenTheDatabaseIsClosed(Api.AGENT, routes, 500);
    }

    @Test
    void aDatabaseFailureInsideAnAgentRunEndsTheStreamWithARunErrorThatHoldsNoSql() throws Exception {
        try (Connection c = server.database().dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE agent_events CASCADE");
        }
        String run = "{\"threadId\":\"t1\",\"runId\":\"r1\",\"messages\":[{\"id\":\"m1\",\"role\":\"user\","
                + "\"content\":\"Revenue by region?\"}]}";
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.url(Api.AGENT) + "/api/agent"))
                .header("Authorization", "Bearer " + TOKEN).header("Accept", "text/event-stream")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(run)).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(200);
        List<JsonNode> events = r.body().lines().filter(l -> l.startsWith("data:"))
                .map(l -> readJson(l.substring(5).trim())).toList();
        assertThat(events).extracting(e -> e.path("type").asText()).startsWith("RUN_STARTED").endsWith("RUN_ERROR");
        JsonNode error = events.getLast();
        assertThat(error.path("code").asText()).isEqualTo("INTERNAL_ERROR");
        assertThat(error.path("message").asText()).as("the failure's own text stays in the log")
                .contains("r1").doesNotContainIgnoringCase("agent_events").doesNotContainIgnoringCase("sql")
                .doesNotContain("Exception");
        assertThat(logged).as("the run's failure is logged with its run id")
                .anySatisfy(l -> assertThat(l.getMessage()).contains("r1"));
    }

    private static JsonNode readJson(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyStorageBackedCouponsRouteAnswersA503InTheCouponsErrorShape() throws Exception {
        String[] admin = {"Authorization", "Bearer " + couponsToken("admin")};
        String[] alice = {"Authorization", "Bearer " + couponsToken("alice")};
        String[] json = {"Accept", "application/json"};
        List<Route> routes = List.of(
                new Route("GET", "/api/v1/coupons/c1", null, json),
                new Route("POST", "/write/v1/coupons", "{\"title\":\"Ten off\",\"discount_percent\":10}", admin),
                new Route("PUT", "/write/v1/coupons/c1", "{\"title\":\"Renamed\"}", admin),
                new Route("DELETE", "/write/v1/coupons/c1", null, admin),
                new Route("POST", "/coupons/v1/redeem", "{\"coupon_id\":\"c1\",\"order_id\":\"o1\"}", alice),
                new Route("GET", "/coupons/v1/user/coupons", null, alice));

        assertEachFailsWhenTheDatabaseIsClosed(Api.COUPONS, routes, 503);
    }

    private void assertEachFailsWhenTheDatabaseIsClosed(Api api, List<Route> routes, int status) throws Exception {
        server.database().close();
        for (Route route : routes) {
            Answer a = send(api, route);
            assertThat(a.status()).as(route.toString()).isEqualTo(status);
            assertShape(api, a, status);
            assertLoggedOnce(api, a);
        }
    }

    /** @return an access token of a demo user from the embedded identity provider (it needs the database) */
    private String couponsToken(String user) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.url(Api.COUPONS)
                        + "/realms/contractkit/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=password&client_id=kit-cli&username=" + user
                        + "&password=" + user + "-password")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body()).path("access_token").asText();
    }

    private void assertShape(Api api, Answer a, int status) {
        assertThat(a.text()).as(api.id() + ": no internals in the body")
                .doesNotContainIgnoringCase("sql").doesNotContain("Exception").doesNotContain("\tat ")
                .doesNotContain("closed");
        JsonNode b = a.body();
        switch (api.id()) {
            case "forms" -> assertThat(b.path("error").path("code").asText()).isEqualTo("INTERNAL_ERROR");
            case "coupons" -> assertThat(b.path("error").path("code").asText())
                    .isEqualTo(status == 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR");
            case "answers" -> {
                assertThat(b.path("success").asBoolean(true)).isFalse();
                assertThat(b.path("errorDetail").asText()).isNotBlank();
                assertThat(b.path("error").asText()).as("a failure's kind, never null").isEqualTo(b.path("errorDetail").asText());
            }
            case "codehost" -> assertThat(b.path("message").asText()).isEqualTo("500 Internal Server Error - internal error");
            case "exec" -> {
                assertThat(b.path("error").path("code").asText()).isEqualTo("internal_error");
                assertThat(b.path("error").path("request_id").asText()).isEqualTo(a.requestId());
            }
            case "agent" -> {
                assertThat(b.path("code").asText()).isEqualTo("INTERNAL_ERROR");
                assertThat(b.path("requestId").asText()).isEqualTo(a.requestId());
            }
            default -> throw new AssertionError("no probe for " + api.id());
        }
    }

    private void assertLoggedOnce(Api api, Answer a) {
        assertThat(logged.stream().filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
                .filter(r -> String.valueOf(r.getMessage()).contains(a.requestId())))
                .as(api.id() + ": the failure is logged once, with its request id")
                .hasSize(1)
                .allSatisfy(r -> assertThat(r.getThrown()).hasRootCauseInstanceOf(SQLException.class));
    }

    private Answer get(Api api) throws Exception {
        Probe p = PROBES.get(api);
        return send(api, new Route("GET", p.path(), null, p.header(), p.value()));
    }

    private Answer send(Api api, Route route) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url(api) + route.path()))
                .method(route.method(), route.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(route.body()));
        if (route.body() != null) {
            b.header("Content-Type", "application/json");
        }
        for (int i = 0; i < route.headers().length; i += 2) {
            b.setHeader(route.headers()[i], route.headers()[i + 1]);
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        String id = r.headers().firstValue("X-Request-Id").orElse("");
        return new Answer(r.statusCode(), JSON.readTree(r.body()), r.body(), id);
    }
}
