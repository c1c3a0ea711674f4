package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.SchemaValidator;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --stateful} coupon writes send the WebSocket messages the contract's {@code x-kit-emits} name, as the
 * reference server does; an update's {@code null} clears an optional field (JSON Merge Patch); the public list
 * without {@code active} is not filtered on it (issue 36: the contract declares no default).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatefulEventsMockTest {
    private static final String NEW_COUPON = "{\"title\":\"Autumn 15%\",\"discount_percent\":15,\"category\":\"autumn\","
            + "\"usage_limit\":10,\"valid_until\":\"2030-01-01T00:00:00Z\"}";
    private final ContractDocument async = ContractDocument.load("asyncapi/coupon-updates.yaml");
    private final SchemaValidator events = async.asyncApiValidator();
    private final OkHttpClient client = new OkHttpClient();
    private MockServers mocks;
    private Http http;
    private String base;
    private String bearer;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).stateful(true).build());
        http = new Http();
        base = mocks.url(Api.COUPONS);
        bearer = "Bearer " + mocks.token(Api.COUPONS, "admin");
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
        client.dispatcher().executorService().shutdown();
    }

    @BeforeEach
    void reset() {
        mocks.reset();
    }

    private String create() {
        Http.Answer created = http.send("POST", base + "/write/v1/coupons", "application/json", NEW_COUPON, "Authorization", bearer);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().path("id").asText();
    }

    private Http.Answer put(String id, String body) {
        return http.send("PUT", base + "/write/v1/coupons/" + id, "application/json", body, "Authorization", bearer);
    }

    /** A subscriber that has received the examples sent on connect: from then on it receives every write's message. */
    private ClientSocket open() throws Exception {
        ClientSocket socket = ClientSocket.open(client, base.replace("http://", "ws://") + "/ws/coupons?token="
                + mocks.token(Api.COUPONS, "alice"), null);
        int examples = 0;
        for (JsonNode message : async.at("/components/messages")) {
            examples += message.path("examples").size();
        }
        for (int i = 0; i < examples; i++) {
            assertThat(socket.messages.poll(10, TimeUnit.SECONDS)).as("example " + (i + 1) + " of " + examples).isNotNull();
        }
        return socket;
    }

    @Test
    void everyStatefulWriteSendsTheMessagesTheContractNames() throws Exception {
        ClientSocket socket = open();
        try {
            String id = create();
            JsonNode created = socket.next("coupon_created", id);
            assertThat(created.path("data").path("title").asText()).isEqualTo("Autumn 15%");
            assertThat(created.path("data").path("discount_percent").asInt()).isEqualTo(15);

            assertThat(put(id, "{\"discount_percent\":20,\"title\":\"Autumn 15%\"}").status()).isEqualTo(200);
            JsonNode updated = socket.next("coupon_updated", id);
            assertThat(updated.path("data").path("discount_percent").asInt()).isEqualTo(20);
            assertThat(updated.path("data").has("title")).as("unchanged fields are absent").isFalse();
            assertThat(updated.path("data").path("updated_at").asText()).isNotEmpty();

            assertThat(put(id, "{\"active\":false}").status()).isEqualTo(200);
            assertThat(socket.next("coupon_updated", id).path("data").path("active").asBoolean(true)).isFalse();
            assertThat(socket.next("coupon_expired", id).path("data").path("reason").asText()).isEqualTo("deactivated");

            put(id, "{\"active\":true}");
            socket.next("coupon_updated", id);
            assertThat(http.send("DELETE", base + "/write/v1/coupons/" + id, null, null, "Authorization", bearer).status())
                    .isEqualTo(200);
            JsonNode deleted = socket.next("coupon_expired", id);
            assertThat(deleted.path("data").path("reason").asText()).isEqualTo("deleted");
            assertThat(deleted.path("data").path("valid_until").asText()).isEqualTo("2030-01-01T00:00:00Z");

            for (JsonNode m : socket.seen) {
                String schema = "/components/schemas/" + switch (m.path("type").asText()) {
                    case "coupon_created" -> "CouponCreatedMessage";
                    case "coupon_updated" -> "CouponUpdatedMessage";
                    case "coupon_expired" -> "CouponExpiredMessage";
                    default -> "UsageUpdatedMessage";
                };
                assertThat(events.validate(schema, m, "message")).as(m.toString()).isEmpty();
            }
        } finally {
            socket.close();
        }
    }

    @Test
    void nullInAnUpdateClearsAnOptionalFieldAndTheMessageSaysWhichOnes() throws Exception {
        String id = create();
        ClientSocket socket = open();
        try {
            Http.Answer cleared = put(id, "{\"valid_until\":null,\"usage_limit\":null}");

            assertThat(cleared.status()).as(cleared.body()).isEqualTo(200);
            assertThat(cleared.json().has("valid_until")).isFalse();
            assertThat(cleared.json().has("usage_limit")).isFalse();
            assertThat(cleared.json().path("category").asText()).isEqualTo("autumn");
            JsonNode read = http.get(base + "/api/v1/coupons/" + id).json();
            assertThat(read.has("valid_until")).isFalse();
            assertThat(socket.next("coupon_updated", id).path("data").path("cleared")).extracting(JsonNode::asText)
                    .containsExactlyInAnyOrder("valid_until", "usage_limit");
            assertThat(put(id, "{\"title\":null}").status()).as("title is required").isEqualTo(400);
        } finally {
            socket.close();
        }
    }

    @Test
    void theListWithoutActiveIsNotFilteredOnIt() {
        String kept = create();
        String deleted = create();
        http.send("DELETE", base + "/write/v1/coupons/" + deleted, null, null, "Authorization", bearer);

        List<String> listed = http.get(base + "/api/v1/coupons?category=autumn").json().path("coupons").findValuesAsText("id");
        List<String> inactive = http.get(base + "/api/v1/coupons?category=autumn&active=false").json().path("coupons")
                .findValuesAsText("id");

        assertThat(listed).contains(kept, deleted);
        assertThat(inactive).containsExactly(deleted);
    }
}
