package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CouponsOnEmbeddedDatabaseTest extends CouponsApiContractTest {
    @TempDir
    static Path dataDir;

    @BeforeAll
    static void start() {
        server = KitServer.start(tune(TestDatabases.embedded(dataDir)), List.of(Api.COUPONS));
    }

    @Test
    void couponsRedemptionsUsersAndKeysSurviveARestart() throws Exception {
        String adminToken = admin();
        String id = createCoupon(adminToken, coupon("durable", 10, null, 3)).path("id").asText();
        assertThat(call("POST", "/coupons/v1/redeem", alice(), Map.of("coupon_id", id, "order_id", "r-1")).status())
                .isEqualTo(200);
        JsonNode before = call("GET", "/api/v1/coupons/" + id, null, null).body();
        int port = server.port(Api.COUPONS); // the same address, so the same issuer
        server.close();
        server = KitServer.start(tune(TestDatabases.embedded(dataDir)).with("coupons.port", Integer.toString(port)),
                List.of(Api.COUPONS));
        assertThat(call("GET", "/api/v1/coupons/" + id, null, null).body()).isEqualTo(before);
        // the signing key is stored: a token from before the restart still works
        assertThat(call("GET", "/api/v1/users/profile", adminToken, null).status()).isEqualTo(200);
        assertThat(call("POST", "/coupons/v1/redeem", alice(), Map.of("coupon_id", id, "order_id", "r-1")).details().asText())
                .isEqualTo("already_redeemed");
    }
}
