package dev.contractkit.examples.coupons;

import dev.contractkit.examples.ExampleProgram;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.coupons.CouponEvent;
import dev.contractkit.sdk.coupons.CouponSubscription;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.coupons.TokenProvider;
import dev.contractkit.sdk.coupons.model.AdminCoupon;
import dev.contractkit.sdk.coupons.model.CouponCreate;
import dev.contractkit.sdk.coupons.model.RedeemResult;

import java.io.PrintStream;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An admin creates a coupon, a user redeems it (twice: the second time the service refuses the same order),
 * and a subscriber prints the live events of the WebSocket channel as they arrive.
 *
 * <pre>
 * java -cp 'examples/target/examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*' \
 *      dev.contractkit.examples.coupons.CouponLifecycle http://127.0.0.1:8082
 * </pre>
 * Uses the reference server's demo users (admin/admin-password, alice/alice-password, realm contractkit).
 */
public final class CouponLifecycle {
    private CouponLifecycle() {
    }

    /**
     * @param args base URL (default {@code $KIT_COUPONS_URL} or http://127.0.0.1:8082)
     */
    public static void main(String[] args) {
        ExampleProgram.exitWith(CouponLifecycle::cli, args);
    }

    /**
     * {@link #main} with the environment and the streams given ({@link ExampleProgram}).
     *
     * @param args base URL
     * @param env  the environment ({@code KIT_COUPONS_URL})
     * @param out  where to print
     * @param err  where the error message goes
     * @return the exit status
     */
    public static int cli(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String url = args.length > 0 ? args[0] : env.getOrDefault("KIT_COUPONS_URL", "http://127.0.0.1:8082");
        try {
            run(url, out);
            return 0;
        } catch (ApiException e) {
            err.println("coupons example failed: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("coupons example failed: " + e.getMessage());
            return 1;
        }
    }

    /**
     * @param url the coupon service
     * @param out where to print
     * @return the number of live events the subscriber printed
     * @throws InterruptedException when interrupted while waiting for events
     */
    public static int run(String url, PrintStream out) throws InterruptedException {
        CountDownLatch seen = new CountDownLatch(2); // coupon_created, then usage_updated
        int[] printed = {0};
        // closing the clients ends their connection pools and threads: the JVM exits at once instead of after
        // OkHttp's idle time-out (60 s)
        try (CouponsClient admin = client(url, "admin", "admin-password");
             CouponsClient alice = client(url, "alice", "alice-password");
             CouponSubscription live = alice.subscribe(event -> {
            out.println("  live: " + describe(event));
            printed[0]++;
            seen.countDown();
        })) {
            waitConnected(live);
            AdminCoupon coupon = admin.create(new CouponCreate().title("Winter sale").discountPercent(25)
                    .category("seasonal").usageLimit(100).validUntil(OffsetDateTime.now(ZoneOffset.UTC).plusDays(30))
                    .description("25% off everything warm")).execute();
            out.println("admin created " + coupon.getId() + " \"" + coupon.getTitle() + "\" (" + coupon.getDiscountPercent() + "%)");

            String order = "ORD-" + System.currentTimeMillis();
            RedeemResult r = alice.redeem(coupon.getId(), order).execute();
            out.println("alice redeemed it for " + order + ": " + r.getDiscountPercent() + "% off");
            try {
                alice.redeem(coupon.getId(), order).execute();
            } catch (ConflictException e) {
                out.println("the same order again is refused: " + e.status() + " " + e.errorCode().orElse("?"));
            }
            seen.await(10, TimeUnit.SECONDS);
        }
        out.println(printed[0] + " live events");
        return printed[0];
    }

    private static CouponsClient client(String url, String user, String password) {
        TokenProvider tokens = TokenProvider.builder().baseUrl(url).realm("contractkit").clientId("kit-cli")
                .username(user).password(password).build();
        return CouponsClient.builder().baseUrl(url).tokenProvider(tokens).build();
    }

    private static void waitConnected(CouponSubscription live) throws InterruptedException {
        for (int i = 0; i < 100 && !live.isConnected(); i++) {
            Thread.sleep(50);
        }
    }

    private static String describe(CouponEvent event) {
        return switch (event) {
            case CouponEvent.Created c -> "coupon_created " + c.data().getTitle() + " (" + c.data().getDiscountPercent() + "%)";
            case CouponEvent.Updated u -> "coupon_updated " + u.data().getId();
            case CouponEvent.Expired e -> "coupon_expired " + e.data().getId();
            case CouponEvent.UsageUpdated u -> "usage_updated " + u.data().getId() + " used " + u.data().getUsageCount() + " times";
            case CouponEvent.Unknown u -> "unknown event " + u.type();
        };
    }
}
