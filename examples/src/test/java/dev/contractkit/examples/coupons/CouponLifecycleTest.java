package dev.contractkit.examples.coupons;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CouponLifecycleTest {
    @Test
    void adminCreatesUserRedeemsAndTheSubscriberSeesBothEvents(@TempDir Path data) throws InterruptedException {
        // the setting's floor for the users' password hashes (1,000 PBKDF2 rounds, not the production 600,000): the
        // example's login is what is shown, not the cost of a hash
        Settings settings = Settings.of(Map.of("data-dir", data.toString(), "coupons.port", "0"))
                .with("coupons.password-iterations", "1000");
        try (KitServer server = KitServer.start(settings, List.of(Api.COUPONS))) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();

            int events = CouponLifecycle.run(server.url(Api.COUPONS), new PrintStream(buffer, true, StandardCharsets.UTF_8));

            String out = buffer.toString(StandardCharsets.UTF_8);
            assertThat(out).contains("admin created").contains("\"Winter sale\" (25%)");
            assertThat(out).contains("alice redeemed it").contains("25% off");
            assertThat(out).contains("the same order again is refused: 409 CONFLICT");
            assertThat(out).contains("live: coupon_created Winter sale (25%)").contains("live: usage_updated");
            assertThat(events).isGreaterThanOrEqualTo(2);
        }
    }
}
