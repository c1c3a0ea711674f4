package dev.contractkit.reference.coupons;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases.PostgresSchema;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coupons contract suite on PostgreSQL at production commit rates (the stuck-subscriber test's healthy subscriber
 * must keep up with the writes; with commits that skip the WAL flush, 400 updates outrun it).
 */
class CouponsOnPostgresTest extends CouponsApiContractTest {
    static PostgresSchema schema;

    @BeforeAll
    static void start() {
        schema = PostgresSchema.create();
        server = KitServer.start(tune(schema.settingsWithDurableCommits()), List.of(Api.COUPONS));
    }

    @AfterAll
    static void dropSchema() {
        stop();
        schema.close();
    }

    @Test
    void dataSurvivesARestartOnPostgres() throws Exception {
        String id = createCoupon(admin(), coupon("durable", 10, null, null)).path("id").asText();
        server.close();
        server = KitServer.start(tune(schema.settingsWithDurableCommits()), List.of(Api.COUPONS));
        assertThat(call("GET", "/api/v1/coupons/" + id, null, null).body().path("title").asText()).isEqualTo("durable");
        assertThat(call("POST", "/coupons/v1/redeem", alice(), Map.of("coupon_id", id, "order_id", "p-1")).status())
                .isEqualTo(200);
    }
}
