package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.SchemaValidator;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import dev.contractkit.mock.http.Json;

/**
 * Every AsyncAPI document nobody here wrote: its WebSocket channels send a message on connect, its HTTP streaming
 * channels stream one on GET, each valid against one of the channel's message payload schemas (judged by the
 * specs module's networknt validator, not by the mock); channels of other protocols (MQTT) are reported as not
 * served and the rest of the document still starts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutsideAsyncApiMockTest {
    private final OkHttpClient client = new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(10)).build();

    @AfterAll
    void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }

    /** The document without its top-level {@code id} (Slack: {@code wss://...}): no schema keyword for the validator. */
    private static ContractDocument withoutDocumentId(ContractDocument doc) {
        ObjectNode copy = doc.root().deepCopy();
        copy.remove("id");
        return ContractDocument.parse(doc.file(), copy.toString());
    }

    static List<Path> documents() {
        return OutsideContracts.asyncapi();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    void everyServedChannelSendsAMessageValidAgainstItsSchemaAndTheOthersAreReported(Path file) throws Exception {
        Api api = Api.fromFiles(Api.idOf(file), List.of(), List.of(file), 0);
        ContractDocument doc = ContractDocument.parse(file.toString(), Files.readString(file));
        SchemaValidator validator = withoutDocumentId(doc).asyncApiValidator();
        List<String> problems = new ArrayList<>();
        int served = 0;
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build())) {
            String base = mocks.url(api);
            for (Iterator<Map.Entry<String, JsonNode>> it = doc.at("/channels").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> channel = it.next();
                String protocol = doc.at("/servers").elements().next().path("protocol").asText();
                if (!protocol.startsWith("http") && !protocol.startsWith("ws")) {
                    assertThat(mocks.notices()).anySatisfy(n -> assertThat(n).contains("'" + channel.getKey() + "'")
                            .contains("not served").contains(protocol));
                    continue;
                }
                String path = concrete(doc, channel.getValue());
                String credential = credential(doc);
                String message = protocol.startsWith("http") && !doc.root().path("id").asText().startsWith("ws")
                        ? streamed(base + path, credential) : received(base.replaceFirst("^http", "ws") + path, credential);
                served++;
                List<String> errors = new ArrayList<>();
                boolean valid = false;
                for (JsonNode ref : channel.getValue().path("messages")) {
                    JsonNode m = doc.resolve(ref);
                    String payload = doc.resolvePointer(doc.resolvePointer(ref.path("$ref").asText().substring(1)) + "/payload");
                    if (doc.at(payload).has("schemaFormat")) {
                        payload = payload + "/schema";
                    }
                    var found = validator.validate(payload, Json.MAPPER.readTree(message), m.path("name").asText());
                    valid |= found.isEmpty();
                    found.forEach(f -> errors.add(f.toString()));
                }
                if (!valid) {
                    problems.add(channel.getKey() + ": " + message + " matches no message: " + errors);
                }
            }
        }
        assertThat(problems).as(file.getFileName().toString()).isEmpty();
        if (!file.getFileName().toString().contains("mqtt")) {
            assertThat(served).as("channels served").isPositive();
        }
    }

    /** The address with each parameter set to its first example or enum value. */
    private static String concrete(ContractDocument doc, JsonNode channel) {
        String address = channel.path("address").asText();
        for (Iterator<Map.Entry<String, JsonNode>> it = channel.path("parameters").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            JsonNode param = doc.resolve(p.getValue());
            String value = param.has("examples") ? param.get("examples").get(0).asText()
                    : param.has("enum") ? param.get("enum").get(0).asText() : "x";
            address = address.replace("{" + p.getKey() + "}", value);
        }
        return address.startsWith("/") ? address : "/" + address;
    }

    /** {@code Authorization: Bearer ..} or {@code ?token=..}, as the first server's first security scheme says. */
    private static String credential(ContractDocument doc) {
        JsonNode security = doc.at("/servers").elements().next().path("security");
        if (security.isEmpty()) {
            return "";
        }
        JsonNode scheme = doc.resolve(security.get(0));
        return scheme.path("type").asText().equals("httpApiKey") ? "?" + scheme.path("name").asText() + "=any-key" : "Bearer any-token";
    }

    private String streamed(String url, String credential) throws Exception {
        Request.Builder request = new Request.Builder().url(url + (credential.startsWith("?") ? credential : ""));
        if (credential.startsWith("Bearer")) {
            request.header("Authorization", credential);
        }
        try (Response response = client.newCall(request.build()).execute()) {
            assertThat(response.code()).as(url).isEqualTo(200);
            String first = response.body().source().readUtf8Line();
            assertThat(first).as("first streamed line of " + url).isNotBlank();
            return first;
        }
    }

    private String received(String url, String credential) throws Exception {
        BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        Request.Builder request = new Request.Builder().url(url.replaceFirst("^ws", "http") + (credential.startsWith("?") ? credential : ""));
        if (credential.startsWith("Bearer")) {
            request.header("Authorization", credential);
        }
        WebSocket socket = client.newWebSocket(request.build(), new WebSocketListener() {
            @Override
            public void onMessage(WebSocket webSocket, String text) {
                messages.add(text);
            }

            @Override
            public void onFailure(WebSocket webSocket, Throwable t, Response response) {
                messages.add("FAILED " + t + (response == null ? "" : " " + response.code()));
            }
        });
        try {
            String first = messages.poll(10, TimeUnit.SECONDS);
            assertThat(first).as("first message on " + url).isNotNull().doesNotStartWith("FAILED");
            return first;
        } finally {
            socket.close(1000, "done");
        }
    }
}
