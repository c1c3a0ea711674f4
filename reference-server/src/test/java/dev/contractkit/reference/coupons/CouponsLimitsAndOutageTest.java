package dev.contractkit.reference.coupons;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Rate limits with tiny configured numbers, and health when the database goes away: a server per test. */
class CouponsLimitsAndOutageTest {
    @TempDir
    Path dataDir;

    @AfterEach
    void stop() {
        CouponsApiContractTest.stop();
    }

    @Test
    void eachCategoryIsCountedSeparatelyAndRefusedWith429() throws IOException {
        CouponsApiContractTest.server = KitServer.start(TestDatabases.embedded(dataDir)
                .with("coupons.rate-limits", "public-read=3/PT1H,write=2/PT1H,admin=1/3600"), List.of(Api.COUPONS));
        for (int i = 3; i > 0; i--) {
            CouponsApiContractTest.Answer a = CouponsApiContractTest.call("GET", "/api/v1/coupons", null, null);
            assertThat(a.status()).as(a.body().toString()).isEqualTo(200);
            assertThat(a.headers().get("X-RateLimit-Limit")).isEqualTo("3");
            assertThat(a.headers().get("X-RateLimit-Remaining")).isEqualTo(Integer.toString(i - 1));
        }
        CouponsApiContractTest.Answer refused = CouponsApiContractTest.call("GET", "/api/v1/coupons/any", null, null);
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.code()).isEqualTo("RATE_LIMITED");
        assertThat(refused.headers().get("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Long.parseLong(refused.headers().get("Retry-After"))).isBetween(1L, 3600L);
        assertThat(Long.parseLong(refused.headers().get("X-RateLimit-Reset")))
                .isGreaterThan(System.currentTimeMillis() / 1000);

        // health is not rate limited (issue 36.9): a probe still answers with the public reads used up
        for (int i = 0; i < 5; i++) {
            CouponsApiContractTest.Answer probe = CouponsApiContractTest.call("GET", "/api/health", null, null);
            assertThat(probe.status()).as(probe.body().toString()).isEqualTo(200);
            assertThat(probe.headers().names()).doesNotContain("X-RateLimit-Limit", "X-RateLimit-Remaining",
                    "X-RateLimit-Reset");
        }
        assertThat(CouponsApiContractTest.call("GET", "/api/v1/coupons", null, null).status())
                .as("the probes used none of the public reads, which stay used up").isEqualTo(429);

        String admin = CouponsApiContractTest.admin();
        String alice = CouponsApiContractTest.alice();
        String id = CouponsApiContractTest.createCoupon(admin, CouponsApiContractTest.coupon("x", 5, null, null))
                .path("id").asText();
        CouponsApiContractTest.Answer secondAdmin = CouponsApiContractTest.call("DELETE", "/write/v1/coupons/" + id, admin, null);
        assertThat(secondAdmin.status()).isEqualTo(429);
        assertThat(secondAdmin.headers().get("X-RateLimit-Limit")).isEqualTo("1");

        // write is per user: alice uses both of hers, bob still has his
        for (int i = 0; i < 2; i++) {
            assertThat(CouponsApiContractTest.call("POST", "/coupons/v1/redeem", alice,
                    Map.of("coupon_id", id, "order_id", "o" + i)).status()).isEqualTo(200);
        }
        assertThat(CouponsApiContractTest.call("POST", "/coupons/v1/redeem", alice,
                Map.of("coupon_id", id, "order_id", "o9")).status()).isEqualTo(429);
        assertThat(CouponsApiContractTest.call("POST", "/coupons/v1/redeem", CouponsApiContractTest.token("bob", "bob-password"),
                Map.of("coupon_id", id, "order_id", "o9")).status()).isEqualTo(200);
        // authenticated-read keeps its own count
        assertThat(CouponsApiContractTest.call("GET", "/api/v1/users/profile", alice, null).status()).isEqualTo(200);
    }

    @Test
    void healthAnswers503WhenTheDatabaseIsDown() throws IOException {
        CouponsApiContractTest.server = KitServer.start(TestDatabases.embedded(dataDir), List.of(Api.COUPONS));
        assertThat(CouponsApiContractTest.call("GET", "/api/health", null, null).status()).isEqualTo(200);
        CouponsApiContractTest.server.database().close();
        CouponsApiContractTest.Answer down = CouponsApiContractTest.call("GET", "/api/health", null, null);
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.code()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(down.details().path("database").asText()).isEqualTo("down");
        assertThat(down.details().path("cache").asText()).isEqualTo("up");
        assertThat(down.details().path("auth").asText()).isEqualTo("up");
        CouponsApiContractTest.Answer list = CouponsApiContractTest.call("GET", "/api/v1/coupons", null, null);
        assertThat(list.status()).isEqualTo(503);
    }
}
