package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import dev.contractkit.mock.http.Json;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhooks and callbacks sent on request through the control API, to a receiver of the test's own: the payload
 * validates against the document's schema (the specs module's networknt validator).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallbacksTest {
    private final Http http = new Http();
    private final BlockingQueue<String[]> received = new LinkedBlockingQueue<>();
    private HttpServer receiver;
    private String target;

    @BeforeAll
    void listen() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            received.add(new String[]{exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)});
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        });
        receiver.start();
        target = "http://127.0.0.1:" + receiver.getAddress().getPort();
    }

    @BeforeEach
    void forgetEarlierDeliveries() {
        received.clear();
    }

    @AfterAll
    void stop() {
        receiver.stop(0);
        http.close();
    }

    @Test
    void aWebhookIsPostedToTheUrlGivenWithItsPayloadValidAgainstTheSchema() throws Exception {
        Path file = OutsideContracts.root().resolve("openapi/v3.1-webhook-example.yaml");
        Api api = Api.fromFiles(Api.idOf(file), List.of(file), List.of(), 0);
        ContractDocument doc = ContractDocument.parse(file.toString(), Files.readString(file));
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build())) {
            Http.Answer answer = http.send("POST", mocks.url(api) + "/mockserver/kit/webhooks?name=newPet&url="
                    + URLEncoder.encode(target + "/hooks/pets", StandardCharsets.UTF_8), null, null);

            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            assertThat(answer.json().path("status").asInt()).isEqualTo(202);
            String[] hook = received.poll(10, TimeUnit.SECONDS);
            assertThat(hook).isNotNull();
            assertThat(hook[0]).isEqualTo("POST");
            assertThat(hook[1]).isEqualTo("/hooks/pets");
            JsonNode payload = Json.MAPPER.readTree(hook[2]);
            assertThat(doc.validator().validate("/components/schemas/Pet", payload, "newPet")).isEmpty();
            assertThat(http.send("POST", mocks.url(api) + "/mockserver/kit/webhooks?name=oldPet&url=" + target, null, null)
                    .body()).contains("no webhook 'oldPet'").contains("newPet");
        }
    }

    @Test
    void aCallbackGoesToTheUrlTheSubscribingRequestNamedInTheCallbackExpression() throws Exception {
        Path file = OutsideContracts.root().resolve("openapi/v3.0-callback-example.yaml");
        Api api = Api.fromFiles(Api.idOf(file), List.of(file), List.of(), 0);
        ContractDocument doc = ContractDocument.parse(file.toString(), Files.readString(file));
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build())) {
            String base = mocks.url(api);
            String operation = URLEncoder.encode("post /streams", StandardCharsets.UTF_8);
            assertThat(http.send("POST", base + "/mockserver/kit/callbacks?operation=" + operation, null, null).status())
                    .as("no subscription yet").isEqualTo(409);
            assertThat(http.send("POST", base + "/streams?callbackUrl=" + URLEncoder.encode(target + "/subscriber",
                    StandardCharsets.UTF_8), null, null).status()).isEqualTo(201);

            Http.Answer answer = http.send("POST", base + "/mockserver/kit/callbacks?operation=" + operation, null, null);

            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            assertThat(answer.json().at("/onData/status").asInt()).isEqualTo(202);
            String[] callback = received.poll(10, TimeUnit.SECONDS);
            assertThat(callback).isNotNull();
            assertThat(callback[1]).isEqualTo("/subscriber/data");
            String schema = doc.resolvePointer("/paths/~1streams/post/callbacks/onData/{$request.query.callbackUrl}~1data/post/requestBody")
                    + "/content/application~1json/schema";
            assertThat(doc.validator().validate(schema, Json.MAPPER.readTree(callback[2]), "onData")).isEmpty();
        }
    }

    @Test
    void aCallbackOfAnOperationIdTwoDocumentsShareNeedsTheDocumentNamed(@TempDir Path dir) throws Exception {
        String text = Files.readString(OutsideContracts.root().resolve("openapi/v3.0-callback-example.yaml"))
                .replace("      description: subscribes", "      operationId: subscribe\n      description: subscribes");
        List<Path> files = List.of(dir.resolve("streams-v1.yaml"), dir.resolve("streams-v2.yaml"));
        Files.writeString(files.get(0), text.replace("  /streams:", "  /v1/streams:"));
        Files.writeString(files.get(1), text.replace("  /streams:", "  /v2/streams:"));
        Api api = Api.fromFiles("streams", files, List.of(), 0);
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build())) {
            String base = mocks.url(api);
            http.send("POST", base + "/v2/streams?callbackUrl=" + URLEncoder.encode(target + "/v2", StandardCharsets.UTF_8), null, null);

            Http.Answer ambiguous = http.send("POST", base + "/mockserver/kit/callbacks?operation=subscribe", null, null);
            Http.Answer v1 = http.send("POST", base + "/mockserver/kit/callbacks?operation=streams-v1%23subscribe", null, null);
            Http.Answer v2 = http.send("POST", base + "/mockserver/kit/callbacks?operation=streams-v2%23subscribe", null, null);

            assertThat(ambiguous.status()).isEqualTo(400);
            assertThat(ambiguous.json().path("message").asText()).contains("streams-v1#subscribe, streams-v2#subscribe");
            assertThat(v1.status()).as("v1 has received no subscription").isEqualTo(409);
            assertThat(v2.status()).as(v2.body()).isEqualTo(200);
            String[] callback = received.poll(10, TimeUnit.SECONDS);
            assertThat(callback).isNotNull();
            assertThat(callback[1]).isEqualTo("/v2/data");
        }
    }
}
