package dev.contractkit.sdk.coupons;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.sdk.AddOnSettings;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.coupons.model.AdminCoupon;
import dev.contractkit.sdk.coupons.model.Coupon;
import dev.contractkit.sdk.coupons.model.CouponList;
import dev.contractkit.sdk.coupons.model.CouponUpdate;
import dev.contractkit.sdk.coupons.model.RedeemRequest;
import dev.contractkit.sdk.coupons.model.RedeemResult;
import dev.contractkit.sdk.coupons.model.UserCoupon;
import dev.contractkit.sdk.coupons.model.UserCouponList;
import dev.contractkit.sdk.coupons.model.UserCouponStatus;
import dev.contractkit.sdk.internal.Generated;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.HttpCall;
import okhttp3.OkHttpClient;
import retrofit2.Retrofit;

import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What {@link CouponsClient} (generated from {@code specs/openapi/coupons.yaml}) adds to the contract's operations:
 * the live updates over the WebSocket ({@code specs/asyncapi/coupon-updates.yaml}), an update that clears fields
 * (explicit {@code null}s the generated model drops), the catalogue walk with a {@link CouponFilter}, redeeming by
 * coupon and order id and, for one release, the names the hand-written client had. The generated client implements
 * this interface; its default methods call the generated operations. The token provider and the reconnect back-off
 * are settings of the builder ({@link CouponsClientBuilderAddOn}).
 *
 * <pre>{@code
 * TokenProvider tokens = TokenProvider.builder().baseUrl("http://127.0.0.1:8082")
 *         .realm("contractkit").clientId("coupon-web").username("jane.doe").password("secret").build();
 * CouponsClient coupons = CouponsClient.builder().baseUrl("http://127.0.0.1:8082").tokenProvider(tokens).build();
 *
 * Coupon summer = coupons.get("3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c").execute();        // public
 * coupons.all(CouponFilter.any().active(true)).forEach(c -> System.out.println(c.getTitle())); // every page
 * RedeemResult r = coupons.redeem(summer.getId(), "ORD-2026-000123", 59.90).execute(); // bearer token
 * try (CouponSubscription updates = coupons.subscribe(event -> System.out.println(event))) { ... }
 * }</pre>
 *
 * Public reads (the contract's {@code security: []}: health, list, get) are sent without credentials; every other
 * call carries {@code Authorization: Bearer <token>} from the {@link TokenProvider} or the fixed
 * {@code bearerToken(...)}.
 */
public interface CouponsClientAddOns {
    /** The contract's page size limit. */
    int MAX_PAGE_SIZE = 100;

    /** The optional coupon fields an update can clear (the contract's nullable {@code CouponUpdate} fields). */
    Set<String> CLEARABLE = Set.of("description", "category", "valid_until", "usage_limit", "terms_conditions");

    /** @return the settings given to the builder (generated) */
    AddOnSettings addOnSettings();

    /**
     * @param limit    page size
     * @param offset   coupons to skip
     * @param category a category
     * @param active   the active state
     * @return the call of {@code GET /api/v1/coupons} (generated)
     */
    Call<CouponList> list(Integer limit, Integer offset, String category, Boolean active);

    /**
     * @param pageSize coupons per request
     * @param category a category
     * @param active   the active state
     * @return every matching coupon (generated)
     */
    Stream<Coupon> listAutoPaging(int pageSize, String category, Boolean active);

    /**
     * @param limit  page size
     * @param offset redemptions to skip
     * @param status a status
     * @return the call of {@code GET /coupons/v1/user/coupons} (generated)
     */
    Call<UserCouponList> myCoupons(Integer limit, Integer offset, UserCouponStatus status);

    /**
     * @param pageSize redemptions per request
     * @param status   a status
     * @return every redemption of the caller (generated)
     */
    Stream<UserCoupon> myCouponsAutoPaging(int pageSize, UserCouponStatus status);

    /**
     * @param redeemRequest coupon, order and optionally the order's amount
     * @return the call of {@code POST /coupons/v1/redeem} (generated)
     */
    Call<RedeemResult> redeem(RedeemRequest redeemRequest);

    /**
     * @param filter category and active state
     * @return every matching coupon, fetched lazily 100 at a time
     */
    default Stream<Coupon> all(CouponFilter filter) {
        return all(filter, MAX_PAGE_SIZE);
    }

    /** @return every coupon, fetched lazily 100 at a time */
    default Stream<Coupon> all() {
        return all(CouponFilter.any(), MAX_PAGE_SIZE);
    }

    /**
     * @param filter   category and active state
     * @param pageSize coupons per request, 1 to 100
     * @return every matching coupon, fetched lazily page by page, each once (newest first: a coupon created while
     *         paging shifts the later pages by one, so the walk would meet an item twice)
     */
    default Stream<Coupon> all(CouponFilter filter, int pageSize) {
        checkPageSize(pageSize);
        Objects.requireNonNull(filter, "filter == null");
        Set<String> seen = ConcurrentHashMap.newKeySet();
        return listAutoPaging(pageSize, filter.category().orElse(null), filter.active().orElse(null))
                .filter(c -> c.getId() == null || seen.add(c.getId()));
    }

    /**
     * Redeems a coupon for an order (once per order).
     *
     * @param couponId the coupon
     * @param orderId  the caller's order
     * @return the redemption
     * @throws dev.contractkit.sdk.ConflictException when it cannot be redeemed: {@code errorBody(ApiError.class)}'s
     *                                               {@code details} is {@code already_redeemed}, {@code coupon_inactive},
     *                                               {@code coupon_expired} or {@code usage_limit_reached}
     */
    default Call<RedeemResult> redeem(String couponId, String orderId) {
        return redeem(redeemRequest(couponId, orderId));
    }

    /**
     * Redeems a coupon for an order of the given total: the result's {@code getDiscountAmount()} is the discount in
     * the order's currency ({@code orderAmount × discount_percent / 100}, rounded half up to cents).
     *
     * @param couponId    the coupon
     * @param orderId     the caller's order
     * @param orderAmount the order's total before the discount, above 0
     * @return the redemption
     */
    default Call<RedeemResult> redeem(String couponId, String orderId, double orderAmount) {
        if (!(orderAmount > 0)) {
            throw new IllegalArgumentException("orderAmount must be above 0: " + orderAmount);
        }
        return redeem(redeemRequest(couponId, orderId).orderAmount(orderAmount));
    }

    /**
     * Changes the fields set in {@code changes} and clears the optional fields named in {@code clear} (admin role):
     * {@code clear} may name {@code description}, {@code category}, {@code valid_until} (the coupon no longer ends),
     * {@code usage_limit} (no limit any more) and {@code terms_conditions}; they are sent as {@code null}.
     *
     * <pre>{@code
     * coupons.update(id, new CouponUpdate(), Set.of("valid_until", "usage_limit")).execute();
     * }</pre>
     *
     * @param id      the coupon
     * @param changes fields to set (may be empty when {@code clear} is not)
     * @param clear   JSON names of optional fields to remove
     * @return the coupon after the update
     * @throws IllegalArgumentException when {@code clear} names a field that cannot be cleared
     */
    default Call<AdminCoupon> update(String id, CouponUpdate changes, Collection<String> clear) {
        Objects.requireNonNull(changes, "changes == null");
        ObjectNode body = Http.MAPPER.valueToTree(changes);
        for (String field : Objects.requireNonNull(clear, "clear == null")) {
            if (!CLEARABLE.contains(field)) {
                throw new IllegalArgumentException("'" + field + "' cannot be cleared; clearable: " + CLEARABLE);
            }
            body.putNull(field);
        }
        return HttpCall.of(runtime(this).create(ClearingUpdate.class).update(requireId(id), body));
    }

    /**
     * Opens the update channel ({@code /ws/coupons}) with the bearer token; connection problems are dropped
     * silently (the subscription reconnects). Events arrive in order on one OkHttp thread.
     *
     * @param listener receives each event
     * @return the subscription; close it to stop
     */
    default CouponSubscription subscribe(Consumer<CouponEvent> listener) {
        return subscribe(listener, t -> { });
    }

    /**
     * Opens the update channel ({@code /ws/coupons}) with the bearer token (the token provider's, or the fixed
     * {@code bearerToken(...)}), through the client's interceptors and logger; a client without credentials is
     * refused (401, reported to {@code onError}, retried after the back-off).
     *
     * @param listener receives each event
     * @param onError  receives each failure (refused handshake as an {@link dev.contractkit.sdk.ApiException},
     *                 dropped connection as a {@link dev.contractkit.sdk.TransportException}, a listener's
     *                 exception); the subscription reconnects after each one until closed
     * @return the subscription; close it to stop
     */
    default CouponSubscription subscribe(Consumer<CouponEvent> listener, Consumer<Throwable> onError) {
        Objects.requireNonNull(listener, "listener == null");
        Objects.requireNonNull(onError, "onError == null");
        Retrofit retrofit = runtime(this);
        OkHttpClient webSockets = Http.client(retrofit).newBuilder()
                .readTimeout(Duration.ZERO)             // the channel may stay silent for long
                .pingInterval(Duration.ofSeconds(30))   // ... so pings detect a dead connection
                .build();
        CouponsAddOnKeys.Backoff backoff = addOnSettings().get(CouponsAddOnKeys.BACKOFF);
        return new CouponSubscription(webSockets, retrofit.baseUrl().resolve("ws/coupons"),
                addOnSettings().get(CouponsAddOnKeys.CREDENTIALS), listener, onError, backoff.initial(), backoff.max()).start();
    }

    /**
     * @param limit  page size, 1 to 100
     * @param offset coupons to skip
     * @return the page, with the total over all pages
     * @deprecated use {@code list(limit, offset, null, null)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<CouponList> list(int limit, int offset) {
        return list(limit, offset, null, null);
    }

    /**
     * @param filter category and active state
     * @param limit  page size, 1 to 100
     * @param offset coupons to skip
     * @return the page, with the total of matching coupons
     * @deprecated use {@code list(limit, offset, category, active)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<CouponList> list(CouponFilter filter, int limit, int offset) {
        Objects.requireNonNull(filter, "filter == null");
        return list(limit, offset, filter.category().orElse(null), filter.active().orElse(null));
    }

    /**
     * @param limit  page size, 1 to 100
     * @param offset redemptions to skip
     * @return the page
     * @deprecated use {@code myCoupons(limit, offset, null)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<UserCouponList> myCoupons(int limit, int offset) {
        return myCoupons(limit, offset, null);
    }

    /**
     * @param status {@code active}, {@code used} or {@code expired}
     * @param limit  page size, 1 to 100
     * @param offset redemptions to skip
     * @return the page
     * @deprecated use {@code myCoupons(limit, offset, status)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<UserCouponList> myCoupons(UserCouponStatus status, int limit, int offset) {
        return myCoupons(limit, offset, Objects.requireNonNull(status, "status == null"));
    }

    /**
     * @return every redemption of the caller, fetched lazily 100 at a time
     * @deprecated use {@code myCouponsAutoPaging(100, null)} (the contract's operation, every page)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<UserCoupon> allMyCoupons() {
        return myCouponsAutoPaging(MAX_PAGE_SIZE, null);
    }

    /**
     * @param pageSize redemptions per request, 1 to 100
     * @return every redemption of the caller
     * @deprecated use {@code myCouponsAutoPaging(pageSize, null)} (the contract's operation, every page)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<UserCoupon> allMyCoupons(int pageSize) {
        checkPageSize(pageSize);
        return myCouponsAutoPaging(pageSize, null);
    }

    /**
     * @param status {@code active}, {@code used} or {@code expired}
     * @return every redemption of the caller with that status
     * @deprecated use {@code myCouponsAutoPaging(100, status)} (the contract's operation, every page)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<UserCoupon> allMyCoupons(UserCouponStatus status) {
        return myCouponsAutoPaging(MAX_PAGE_SIZE, Objects.requireNonNull(status, "status == null"));
    }

    private static Retrofit runtime(CouponsClientAddOns client) {
        Retrofit retrofit = client.addOnSettings().get(Generated.RUNTIME).retrofit();
        if (retrofit == null) {
            throw new IllegalStateException("not a generated CouponsClient: its settings hold no runtime");
        }
        return retrofit;
    }

    private static RedeemRequest redeemRequest(String couponId, String orderId) {
        return new RedeemRequest().couponId(requireId(couponId)).orderId(Objects.requireNonNull(orderId, "orderId == null"));
    }

    private static String requireId(String id) {
        Objects.requireNonNull(id, "id == null");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("id is empty");
        }
        return id;
    }

    private static void checkPageSize(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be 1.." + MAX_PAGE_SIZE + ", was " + pageSize);
        }
    }
}
