package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.SchemaValidator;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The coupons AsyncAPI channel {@code /ws/coupons} on the coupons port, and the kit's publish endpoint. */
class WebSocketChannelTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ContractDocument ASYNC = ContractDocument.load("asyncapi/coupon-updates.yaml");
    private static final int EXAMPLES = 9; // 1 created, 3 updated, 3 expired, 2 usage
    /** How long a socket must stay quiet to count as sent nothing. */
    private static final Duration QUIET = Duration.ofMillis(300);
    private static final String CREATED = """
            {"type":"coupon_created","data":{"id":"c-1","title":"Spring 10%","discount_percent":10},"timestamp":"2026-03-01T08:00:00Z"}""";

    private static MockServers mocks;
    private static OkHttpClient client;
    private static String http;
    private static String ws;

    @BeforeAll
    static void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).build());
        client = new OkHttpClient.Builder().readTimeout(10, TimeUnit.SECONDS).build();
        http = mocks.url(Api.COUPONS);
        ws = mocks.channelUrls(Api.COUPONS).get(0);
    }

    @AfterAll
    static void stop() {
        mocks.close();
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }

    /** A token the mock accepts: for this JWT scheme, one its token endpoint would issue. */
    private static String token() {
        return mocks.token(Api.COUPONS, "alice");
    }

    @Test
    void sendsEveryExampleOnConnectAndEachValidatesAgainstItsPayload() throws Exception {
        assertThat(ws).endsWith("/ws/coupons").startsWith("ws://127.0.0.1:");
        ClientSocket socket = ClientSocket.open(client, ws + "?token=" + token(), null);
        try {
            List<JsonNode> received = socket.take(EXAMPLES);
            assertThat(received).extracting(m -> m.get("type").asText()).containsExactly("coupon_created",
                    "coupon_updated", "coupon_updated", "coupon_updated", "coupon_expired", "coupon_expired", "coupon_expired",
                    "usage_updated", "usage_updated");
            SchemaValidator validator = ASYNC.asyncApiValidator();
            for (JsonNode message : received) {
                String schema = switch (message.get("type").asText()) {
                    case "coupon_created" -> "CouponCreatedMessage";
                    case "coupon_updated" -> "CouponUpdatedMessage";
                    case "coupon_expired" -> "CouponExpiredMessage";
                    default -> "UsageUpdatedMessage";
                };
                assertThat(validator.validate("/components/schemas/" + schema, message, "received")).isEmpty();
            }
            socket.staysQuiet("nothing more until a publish", QUIET);
        } finally {
            socket.close();
        }
    }

    @Test
    void refusesTheUpgradeWith401WithoutAToken() throws Exception {
        CompletableFuture<String> failure = new CompletableFuture<>();
        client.newWebSocket(new Request.Builder().url(ws).build(), new WebSocketListener() {
            @Override
            public void onFailure(WebSocket webSocket, Throwable t, Response response) {
                try {
                    failure.complete(response == null ? "no response" : response.code() + " " + response.body().string());
                } catch (IOException e) {
                    failure.completeExceptionally(e);
                }
            }
        });
        String response = failure.get(10, TimeUnit.SECONDS);
        assertThat(response).startsWith("401 ");
        assertThat(JSON.readTree(response.substring(4)).findValuesAsText("code")).contains("UNAUTHORIZED");
        // a malformed Authorization header is no token either
        try (Response wrongForm = client.newCall(new Request.Builder().url(http + "/ws/coupons")
                .header("Connection", "Upgrade").header("Upgrade", "websocket").header("Sec-WebSocket-Version", "13")
                .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==").header("Authorization", "Token token=x").build()).execute()) {
            assertThat(wrongForm.code()).isEqualTo(401);
        }
    }

    @Test
    void acceptsTheBearerHeaderAndAccessTokenQuery() throws Exception {
        ClientSocket header = ClientSocket.open(client, ws, "Bearer " + token());
        ClientSocket query = ClientSocket.open(client, ws + "?access_token=" + token(), null);
        try {
            assertThat(header.take(EXAMPLES)).hasSize(EXAMPLES);
            assertThat(query.take(EXAMPLES)).hasSize(EXAMPLES);
        } finally {
            header.close();
            query.close();
        }
    }

    @Test
    void publishReachesEverySubscriber() throws Exception {
        ClientSocket first = ClientSocket.open(client, ws + "?token=" + token(), null);
        ClientSocket second = ClientSocket.open(client, ws, "Bearer " + token());
        try {
            first.take(EXAMPLES);
            second.take(EXAMPLES);
            JsonNode answer = put("/mockserver/kit/publish?channel=/ws/coupons", CREATED, 200);
            assertThat(answer.path("message").asText()).isEqualTo("coupon_created");
            assertThat(answer.path("subscribers").asInt()).isGreaterThanOrEqualTo(2);
            assertThat(first.take(1).get(0)).isEqualTo(JSON.readTree(CREATED));
            assertThat(second.take(1).get(0)).isEqualTo(JSON.readTree(CREATED));
        } finally {
            first.close();
            second.close();
        }
    }

    @Test
    void refusesAMessageThatMatchesNoMessageOfTheChannelNamingTheRule() throws Exception {
        ClientSocket socket = ClientSocket.open(client, ws + "?token=" + token(), null);
        try {
            socket.take(EXAMPLES);
            JsonNode answer = put("/mockserver/kit/publish?channel=/ws/coupons",
                    CREATED.replace("\"discount_percent\":10", "\"discount_percent\":500"), 400);
            assertThat(answer.path("message").asText()).contains("coupon_created").contains("/data/discount_percent")
                    .contains("100");
            assertThat(put("/mockserver/kit/publish?channel=/ws/coupons", "not json", 400).path("message").asText())
                    .contains("JSON");
            assertThat(put("/mockserver/kit/publish?channel=/ws/nope", CREATED, 404).path("message").asText())
                    .contains("/ws/coupons");
            socket.staysQuiet("nothing was sent", QUIET);
        } finally {
            socket.close();
        }
    }

    @Test
    void restOnTheSamePortStillAnswersTheContract() throws Exception {
        try (Response r = client.newCall(new Request.Builder().url(http + "/api/v1/coupons").build()).execute()) {
            assertThat(r.code()).isEqualTo(200);
        }
        try (Response r = client.newCall(new Request.Builder().url(http + "/ws/coupons").header("Authorization", "Bearer " + mocks.token(Api.COUPONS, "alice"))
                .build()).execute()) {
            assertThat(r.code()).as("a GET without upgrade headers is the contract's REST operation: 400").isEqualTo(400);
        }
        try (Response r = client.newCall(new Request.Builder().url(http + "/mockserver/retrieve?type=ACTIVE_EXPECTATIONS")
                .put(RequestBody.create("", null)).build()).execute()) {
            assertThat(r.code()).isEqualTo(200);
        }
    }

    @Test
    void listsTheServedApisWithTheirUrlsAndChannels() throws Exception {
        try (Response r = client.newCall(new Request.Builder().url(http + "/mockserver/kit/apis").build()).execute()) {
            assertThat(r.code()).isEqualTo(200);
            JsonNode apis = JSON.readTree(r.body().string());
            assertThat(apis).hasSize(1);
            assertThat(apis.get(0).path("id").asText()).isEqualTo("coupons");
            assertThat(apis.get(0).path("url").asText()).isEqualTo(http);
            assertThat(apis.get(0).path("channels").get(0).path("url").asText()).isEqualTo(ws);
        }
    }

    @Test
    void acceptedCredentialsApplyToTheHandshakeToo() throws Exception {
        try (MockServers strict = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0)
                .credential(Api.COUPONS, "good").build())) {
            String url = strict.channelUrls(Api.COUPONS).get(0);
            ClientSocket good = ClientSocket.open(client, url + "?token=good", null);
            try {
                assertThat(good.take(1)).hasSize(1);
            } finally {
                good.close();
            }
            try (Response r = client.newCall(new Request.Builder().url(strict.url(Api.COUPONS) + "/ws/coupons?token=bad")
                    .header("Connection", "Upgrade").header("Upgrade", "websocket").header("Sec-WebSocket-Version", "13")
                    .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==").build()).execute()) {
                assertThat(r.code()).isEqualTo(401);
            }
        }
    }

    @Test
    void aBrokenMessageExampleStopsTheStartUnlessLenient() {
        ContractDocument broken = ContractDocument.parse("asyncapi/broken.yaml",
                ASYNC.text().replace("discount_percent: 20", "discount_percent: 200"));
        MockOptions.Builder options = MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0)
                .asyncapi(Api.COUPONS, List.of(broken));
        Assertions.assertThatThrownBy(() -> MockServers.start(options.build()))
                .isInstanceOf(BrokenContractException.class).hasMessageContaining("asyncapi/broken.yaml")
                .hasMessageContaining("discount_percent");
        try (MockServers lenient = MockServers.start(options.lenient(true).build())) {
            assertThat(lenient.warnings()).isNotEmpty();
        }
    }

    private static JsonNode put(String path, String body, int status) throws Exception {
        try (Response r = client.newCall(new Request.Builder().url(http + path)
                .put(RequestBody.create(body, MediaType.get("application/json"))).build()).execute()) {
            String text = r.body().string();
            assertThat(r.code()).as(text).isEqualTo(status);
            return JSON.readTree(text);
        }
    }
}
