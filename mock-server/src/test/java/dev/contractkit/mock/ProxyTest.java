package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --proxy forms=<url>} in front of a small real server (the JDK's) that answers one good form, one form
 * breaking the contract and one undeclared status: the client gets the real answers, every violation is found.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProxyTest {
    private static final String GOOD = "{\"form\":{\"id\":1,\"title\":\"Monthly membership\",\"access_token\":\"f3a9c2d1e5b7\","
            + "\"currency\":\"usd\",\"payment_volume\":1249900,\"successful_checkout_count\":125,"
            + "\"created_at\":\"2024-01-15T09:30:00Z\",\"updated_at\":\"2024-06-01T12:00:00Z\"}}";
    private HttpServer real;
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private MockServers mocks;
    private Http http;
    private String base;

    @BeforeAll
    void start() throws IOException {
        real = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        real.createContext("/", exchange -> {
            String path = exchange.getRequestURI().toString();
            seen.add(exchange.getRequestMethod() + " " + path + " " + exchange.getRequestHeaders().getFirst("Authorization"));
            int status = 200;
            String body = switch (exchange.getRequestURI().getPath()) {
                case "/forms/1" -> GOOD;
                case "/forms/2" -> GOOD.replace("\"payment_volume\":1249900", "\"payment_volume\":\"lots\"");
                case "/forms/3" -> {
                    status = 418;
                    yield "{\"teapot\":true}";
                }
                default -> GOOD;
            };
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("X-Real", "yes");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        real.start();
        mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0)
                .proxy(Api.FORMS, URI.create("http://127.0.0.1:" + real.getAddress().getPort())).build());
        http = new Http();
        base = mocks.url(Api.FORMS);
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
        real.stop(0);
    }

    @BeforeEach
    void reset() {
        mocks.reset();
        seen.clear();
    }

    private JsonNode violations() {
        return http.get(base + "/mockserver/kit/violations").json();
    }

    @Test
    void aConformingExchangeIsForwardedUnchangedAndReportsNothing() {
        Http.Answer answer = http.get(base + "/forms/1?expand=x", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().at("/form/title").asText()).isEqualTo("Monthly membership");
        assertThat(answer.header("X-Real")).isEqualTo("yes");
        assertThat(answer.header("X-Kit-Contract-Violations")).isEqualTo("0");
        assertThat(seen).containsExactly("GET /forms/1?expand=x " + Http.CREDENTIAL);
        assertThat(violations().path("exchanges").asInt()).isEqualTo(1);
        assertThat(violations().path("recent")).isEmpty();
    }

    @Test
    void aResponseBodyBreakingTheSchemaIsPassedOnAndReportedNamingTheField() {
        Http.Answer answer = http.get(base + "/forms/2", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().at("/form/payment_volume").asText()).isEqualTo("lots");
        assertThat(answer.header("X-Kit-Contract-Violations")).isEqualTo("1");
        JsonNode report = violations();
        assertThat(report.path("withViolations").asInt()).isEqualTo(1);
        assertThat(report.at("/recent/0/operation").asText()).isEqualTo("getForm");
        assertThat(report.at("/recent/0/violations/0").asText()).contains("/form/payment_volume").contains("integer");
    }

    @Test
    void anUndeclaredStatusARequestBreakingTheContractAndAnUnknownPathAreEachReported() {
        http.get(base + "/forms/3", "Authorization", Http.CREDENTIAL);
        Http.Answer badRequest = http.get(base + "/forms?count=500", "Authorization", Http.CREDENTIAL);
        Http.Answer unknown = http.get(base + "/nowhere", "Authorization", Http.CREDENTIAL);

        assertThat(badRequest.status()).as("forwarded anyway: the proxy observes, it does not refuse").isEqualTo(200);
        assertThat(unknown.status()).isEqualTo(200);
        List<String> all = violations().path("recent").findValues("violations").stream()
                .flatMap(v -> StreamSupport.stream(v.spliterator(), false)).map(JsonNode::asText).toList();
        assertThat(all).anySatisfy(v -> assertThat(v).contains("status 418 is not declared for getForm"));
        assertThat(all).anySatisfy(v -> assertThat(v).contains("request: query parameter 'count'").contains("100"));
        assertThat(all).anySatisfy(v -> assertThat(v).contains("no operation of the contract matches GET /nowhere"));
        assertThat(seen).hasSize(3);
    }

    @Test
    void anImplementationThatDoesNotAnswerIs502NamingIt() {
        try (MockServers dead = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0)
                .proxy(Api.FORMS, URI.create("http://127.0.0.1:1")).build())) {
            Http.Answer answer = http.get(dead.url(Api.FORMS) + "/forms/1", "Authorization", Http.CREDENTIAL);

            assertThat(answer.status()).isEqualTo(502);
            assertThat(answer.json().path("message").asText()).contains("http://127.0.0.1:1").contains("did not answer");
        }
    }

    @Test
    void theCommandLineRefusesAProxyTargetThatIsNotAUrl() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.Launch outcome = Main.launch(List.of("--api", "forms", "--proxy", "forms=ftp://x"), Map.of(),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(outcome).isEqualTo(new Main.Launch.Exited(2));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--proxy forms=ftp://x").contains("http(s) URL");
    }
}
