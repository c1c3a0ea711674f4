package dev.contractkit.sdk.coupons;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.sdk.internal.HttpLog;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.coupons.api.AdminApi;
import dev.contractkit.sdk.coupons.api.CouponsApi;
import dev.contractkit.sdk.coupons.api.HealthApi;
import dev.contractkit.sdk.coupons.api.RedemptionsApi;
import dev.contractkit.sdk.coupons.api.UsersApi;
import dev.contractkit.sdk.coupons.model.AdminCoupon;
import dev.contractkit.sdk.coupons.model.Coupon;
import dev.contractkit.sdk.coupons.model.CouponCreate;
import dev.contractkit.sdk.coupons.model.CouponList;
import dev.contractkit.sdk.coupons.model.CouponUpdate;
import dev.contractkit.sdk.coupons.model.DeleteResult;
import dev.contractkit.sdk.coupons.model.Health;
import dev.contractkit.sdk.coupons.model.RedeemRequest;
import dev.contractkit.sdk.coupons.model.RedeemResult;
import dev.contractkit.sdk.coupons.model.UserCoupon;
import dev.contractkit.sdk.coupons.model.UserCouponList;
import dev.contractkit.sdk.coupons.model.UserCouponStatus;
import dev.contractkit.sdk.coupons.model.UserProfile;
import dev.contractkit.sdk.internal.CredentialsFailure;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.internal.Pages;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import retrofit2.Retrofit;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Client of the coupon service (contract {@code specs/openapi/coupons.yaml}, real-time channel
 * {@code specs/asyncapi/coupon-updates.yaml}): the public catalogue, the caller's profile and redemptions,
 * admin writes, and live updates over a WebSocket.
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
 * Public reads (health, list, get) are sent without credentials; every other call carries
 * {@code Authorization: Bearer <token>} from the {@link TokenProvider} (renewed before it expires, and once
 * more when the server answers 401) or the fixed {@link Builder#bearerToken(String) bearer token}.
 * Every call throws an {@link ApiException} subclass on a non-2xx answer (the contract's error envelope in
 * {@code errorBody(dev.contractkit.sdk.coupons.model.ApiError.class)}) and a
 * {@link dev.contractkit.sdk.TransportException} when no answer arrives. 429 and 503 are retried as the
 * {@link dev.contractkit.sdk.RetryPolicy} of the {@link ClientConfig} says (429 also for redeem: the server
 * did not process the request).
 */
public final class CouponsClient implements AutoCloseable {
    /** The contract's page size limit. */
    public static final int MAX_PAGE_SIZE = 100;

    private final HttpUrl baseUrl;
    private final CouponsApi coupons;
    private final HealthApi health;
    private final UsersApi users;
    private final AdminApi admin;
    private final ClearingUpdate clearing;
    private final RedemptionsApi redemptions;
    private final LinkedPages publicPages;
    private final LinkedPages userPages;
    private final OkHttpClient webSockets;
    private final String userAgent;
    private final TokenSource credentials;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final ClientConfig config;

    private CouponsClient(Builder b, ClientConfig config, Retrofit open, Retrofit authed, OkHttpClient webSockets) {
        this.config = config;
        this.baseUrl = config.baseUrl();
        this.coupons = open.create(CouponsApi.class);
        this.health = open.create(HealthApi.class);
        this.publicPages = open.create(LinkedPages.class);
        this.users = authed.create(UsersApi.class);
        this.admin = authed.create(AdminApi.class);
        this.clearing = authed.create(ClearingUpdate.class);
        this.redemptions = authed.create(RedemptionsApi.class);
        this.userPages = authed.create(LinkedPages.class);
        this.webSockets = webSockets;
        this.userAgent = config.userAgent();
        this.credentials = b.credentials;
        this.initialBackoff = b.initialBackoff;
        this.maxBackoff = b.maxBackoff;
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Releases the connection pool and threads this client made (not those of a shared {@link ClientConfig} or of the
     * caller's OkHttp client); open subscriptions are closed by their own {@code close()}.
     */
    @Override
    public void close() {
        config.close();
    }

    // ---- public catalogue (no credentials)

    /** @return the service's health ({@code healthy} or {@code degraded}); 503 ({@code ServerErrorException}) when the database is down */
    public Call<Health> health() {
        return HttpCall.of(health.getHealth());
    }

    /**
     * Reads one coupon, active or not.
     *
     * @param id the coupon's id
     * @return the coupon
     * @throws dev.contractkit.sdk.NotFoundException when there is no such coupon
     */
    public Call<Coupon> get(String id) {
        return HttpCall.of(coupons.getCoupon(requireId(id)));
    }

    /**
     * Reads one page of every coupon, newest first.
     *
     * @param limit  page size, 1 to 100
     * @param offset coupons to skip
     * @return the page, with the total over all pages
     */
    public Call<CouponList> list(int limit, int offset) {
        return list(CouponFilter.any(), limit, offset);
    }

    /**
     * Reads one page, newest first.
     *
     * @param filter category and active state
     * @param limit  page size, 1 to 100
     * @param offset coupons to skip
     * @return the page, with the total of matching coupons
     */
    public Call<CouponList> list(CouponFilter filter, int limit, int offset) {
        return HttpCall.of(listCall(filter, limit, offset));
    }

    /** @return every coupon, fetched lazily 100 at a time by following {@code Link rel="next"} */
    public Stream<Coupon> all() {
        return all(CouponFilter.any(), MAX_PAGE_SIZE);
    }

    /**
     * @param filter category and active state
     * @return every matching coupon, fetched lazily 100 at a time
     */
    public Stream<Coupon> all(CouponFilter filter) {
        return all(filter, MAX_PAGE_SIZE);
    }

    /**
     * @param filter   category and active state
     * @param pageSize coupons per request, 1 to 100
     * @return every matching coupon, fetched lazily page by page (the server's {@code next} links keep the filter)
     */
    public Stream<Coupon> all(CouponFilter filter, int pageSize) {
        checkPageSize(pageSize);
        Objects.requireNonNull(filter, "filter == null");
        // newest first: a coupon created while paging shifts the later pages by one, so an item can come twice
        Set<String> seen = ConcurrentHashMap.newKeySet();
        return Pages.byLink(() -> Http.executeForResponse(listCall(filter, pageSize, 0)),
                next -> Http.executeForResponse(publicPages.coupons(Pages.onOrigin(next, baseUrl))),
                CouponList::getCoupons).filter(c -> c.getId() == null || seen.add(c.getId()));
    }

    private retrofit2.Call<CouponList> listCall(CouponFilter filter, int limit, int offset) {
        Objects.requireNonNull(filter, "filter == null");
        return coupons.listCoupons(limit, offset, filter.category().orElse(null), filter.active().orElse(null));
    }

    // ---- the caller (bearer token)

    /** @return the caller's profile (id = token {@code sub}, roles) */
    public Call<UserProfile> profile() {
        return HttpCall.of(users.getUserProfile());
    }

    /**
     * One page of the caller's redemptions, newest first.
     *
     * @param limit  page size, 1 to 100
     * @param offset redemptions to skip
     * @return the page
     */
    public Call<UserCouponList> myCoupons(int limit, int offset) {
        return HttpCall.of(redemptions.listUserCoupons(limit, offset, null));
    }

    /**
     * One page of the caller's redemptions with one status, newest first.
     *
     * @param status {@code active}, {@code used} or {@code expired}
     * @param limit  page size, 1 to 100
     * @param offset redemptions to skip
     * @return the page
     */
    public Call<UserCouponList> myCoupons(UserCouponStatus status, int limit, int offset) {
        return HttpCall.of(redemptions.listUserCoupons(limit, offset, Objects.requireNonNull(status, "status == null")));
    }

    /** @return every redemption of the caller, fetched lazily 100 at a time */
    public Stream<UserCoupon> allMyCoupons() {
        return myCouponPages(null, MAX_PAGE_SIZE);
    }

    /**
     * @param pageSize redemptions per request, 1 to 100
     * @return every redemption of the caller, fetched lazily {@code pageSize} at a time (following
     *         {@code Link rel="next"})
     */
    public Stream<UserCoupon> allMyCoupons(int pageSize) {
        checkPageSize(pageSize);
        return myCouponPages(null, pageSize);
    }

    /**
     * @param status {@code active}, {@code used} or {@code expired}
     * @return every redemption of the caller with that status, fetched lazily 100 at a time
     */
    public Stream<UserCoupon> allMyCoupons(UserCouponStatus status) {
        return myCouponPages(Objects.requireNonNull(status, "status == null"), MAX_PAGE_SIZE);
    }

    private Stream<UserCoupon> myCouponPages(UserCouponStatus status, int pageSize) {
        return Pages.byLink(() -> Http.executeForResponse(redemptions.listUserCoupons(pageSize, 0, status)),
                next -> Http.executeForResponse(userPages.userCoupons(Pages.onOrigin(next, baseUrl))),
                UserCouponList::getCoupons);
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
     * @throws dev.contractkit.sdk.NotFoundException when there is no such coupon
     */
    public Call<RedeemResult> redeem(String couponId, String orderId) {
        return HttpCall.of(redemptions.redeemCoupon(redeemRequest(couponId, orderId)));
    }

    /**
     * Redeems a coupon for an order of the given total: the result's {@code getDiscountAmount()} is the discount in
     * the order's currency ({@code orderAmount × discount_percent / 100}, rounded half up to cents).
     *
     * @param couponId    the coupon
     * @param orderId     the caller's order
     * @param orderAmount the order's total before the discount, above 0
     * @return the redemption
     * @throws dev.contractkit.sdk.ConflictException as {@link #redeem(String, String)}
     * @throws dev.contractkit.sdk.NotFoundException when there is no such coupon
     */
    public Call<RedeemResult> redeem(String couponId, String orderId, double orderAmount) {
        if (!(orderAmount > 0)) {
            throw new IllegalArgumentException("orderAmount must be above 0: " + orderAmount);
        }
        return HttpCall.of(redemptions.redeemCoupon(redeemRequest(couponId, orderId).orderAmount(orderAmount)));
    }

    private static RedeemRequest redeemRequest(String couponId, String orderId) {
        return new RedeemRequest().couponId(requireId(couponId)).orderId(Objects.requireNonNull(orderId, "orderId == null"));
    }

    // ---- admin (bearer token with the admin role)

    /**
     * Creates a coupon (admin role).
     *
     * @param coupon title and discount, optionally description, category, end of validity, usage limit, terms
     * @return the new coupon, active, with its id
     * @throws dev.contractkit.sdk.ForbiddenException without the admin role
     */
    public Call<AdminCoupon> create(CouponCreate coupon) {
        return HttpCall.of(admin.createCoupon(Objects.requireNonNull(coupon, "coupon == null")));
    }

    /**
     * Changes the fields set in {@code changes} (admin role); the others keep their values.
     *
     * @param id      the coupon
     * @param changes at least one field
     * @return the coupon after the update
     */
    public Call<AdminCoupon> update(String id, CouponUpdate changes) {
        return HttpCall.of(admin.updateCoupon(requireId(id), Objects.requireNonNull(changes, "changes == null")));
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
    public Call<AdminCoupon> update(String id, CouponUpdate changes, Collection<String> clear) {
        Objects.requireNonNull(changes, "changes == null");
        ObjectNode body = Http.MAPPER.valueToTree(changes);
        for (String field : Objects.requireNonNull(clear, "clear == null")) {
            if (!CLEARABLE.contains(field)) {
                throw new IllegalArgumentException("'" + field + "' cannot be cleared; clearable: " + CLEARABLE);
            }
            body.putNull(field);
        }
        return HttpCall.of(clearing.update(requireId(id), body));
    }

    /** The optional coupon fields an update can clear (the contract's nullable {@code CouponUpdate} fields). */
    public static final Set<String> CLEARABLE =
            Set.of("description", "category", "valid_until", "usage_limit", "terms_conditions");

    /**
     * Soft-deletes a coupon (admin role): it stays readable, inactive.
     *
     * @param id the coupon
     * @return when it was deleted
     */
    public Call<DeleteResult> delete(String id) {
        return HttpCall.of(admin.deleteCoupon(requireId(id)));
    }

    // ---- real-time updates

    /**
     * Opens the update channel ({@code /ws/coupons}) with the bearer token; connection problems are dropped
     * silently (the subscription reconnects). Events arrive in order on one OkHttp thread.
     *
     * @param listener receives each event
     * @return the subscription; close it to stop
     * @throws IllegalStateException when the client has no credentials
     */
    public CouponSubscription subscribe(Consumer<CouponEvent> listener) {
        return subscribe(listener, t -> { });
    }

    /**
     * Opens the update channel ({@code /ws/coupons}) with the bearer token.
     *
     * @param listener receives each event
     * @param onError  receives each failure (refused handshake as an {@link ApiException}, dropped connection
     *                 as a {@link dev.contractkit.sdk.TransportException}, a listener's exception); the
     *                 subscription reconnects after each one until closed
     * @return the subscription; close it to stop
     * @throws IllegalStateException when the client has no credentials
     */
    public CouponSubscription subscribe(Consumer<CouponEvent> listener, Consumer<Throwable> onError) {
        Objects.requireNonNull(listener, "listener == null");
        Objects.requireNonNull(onError, "onError == null");
        if (credentials == TokenSource.NONE) {
            throw new IllegalStateException("Credentials required: the update channel needs a bearer token.");
        }
        return new CouponSubscription(webSockets, baseUrl.resolve("ws/coupons"), userAgent, credentials, listener, onError,
                initialBackoff, maxBackoff).start();
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

    /**
     * Builds a {@link CouponsClient}: the base URL is required; credentials ({@link #tokenProvider(TokenProvider)} or
     * {@link #bearerToken(String)}) are needed for everything but the public reads.
     *
     * <pre>{@code
     * CouponsClient coupons = CouponsClient.builder().baseUrl("http://127.0.0.1:8082").bearerToken(accessToken)
     *         .reconnectBackoff(Duration.ofSeconds(1), Duration.ofMinutes(1)).build();
     * }</pre>
     */
    public static final class Builder extends ClientBuilder<Builder> {
        private TokenSource credentials = TokenSource.NONE;
        private Duration initialBackoff = Duration.ofMillis(500);
        private Duration maxBackoff = Duration.ofSeconds(30);

        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @param tokens logs in and renews the access token
         * @return this builder
         */
        public Builder tokenProvider(TokenProvider tokens) {
            this.credentials = TokenSource.from(Objects.requireNonNull(tokens, "tokens == null"));
            return this;
        }

        /**
         * @param accessToken a fixed access token (e.g. from a front-end login), sent as {@code Authorization: Bearer <token>}
         * @return this builder
         */
        public Builder bearerToken(String accessToken) {
            this.credentials = TokenSource.fixed(Objects.requireNonNull(accessToken, "accessToken == null"));
            return this;
        }

        /**
         * @param initial the first wait before reconnecting the update channel (500 ms unless set), doubled per failure
         * @param max     the longest wait (30 s unless set)
         * @return this builder
         */
        public Builder reconnectBackoff(Duration initial, Duration max) {
            this.initialBackoff = Objects.requireNonNull(initial, "initial == null");
            this.maxBackoff = Objects.requireNonNull(max, "max == null");
            if (initial.isNegative() || max.compareTo(initial) < 0) {
                throw new IllegalArgumentException("need 0 <= initial <= max, was " + initial + ", " + max);
            }
            return this;
        }

        /**
         * Without credentials only the public reads work; the others answer 401.
         *
         * @return the client
         * @throws IllegalStateException when the base URL is missing
         */
        public CouponsClient build() {
            ClientConfig built = configBuilder().build();
            // one connection pool and dispatcher for the REST calls and the WebSocket
            OkHttpClient shared = built.httpClient();
            ClientConfig withShared = built;
            Retrofit open = Http.retrofit(withShared, List.of(), dev.contractkit.sdk.coupons.internal.ContractErrors.FORMAT);
            Retrofit authed = Http.retrofit(withShared, List.of(bearer(credentials)), dev.contractkit.sdk.coupons.internal.ContractErrors.FORMAT);
            OkHttpClient.Builder ws = shared.newBuilder()
                    .connectTimeout(built.connectTimeout())
                    .readTimeout(Duration.ZERO)             // the channel may stay silent for long
                    .pingInterval(Duration.ofSeconds(30));  // ... so pings detect a dead connection
            built.interceptors().forEach(ws::addInterceptor); // the caller's interceptors and logger see the handshake too
            ws.addInterceptor(new HttpLog(built.logger()));
            OkHttpClient webSockets = ws.build();
            return new CouponsClient(this, withShared, open, authed, webSockets);
        }

        private static Interceptor bearer(TokenSource credentials) {
            return chain -> {
                Request request = chain.request();
                String token = token(credentials);
                if (token == null) {
                    return chain.proceed(request);
                }
                Response response = chain.proceed(withBearer(request, token));
                if (response.code() == 401 && credentials.refused(token)) {
                    String fresh = token(credentials);
                    if (fresh != null && !fresh.equals(token)) {
                        response.close();
                        return chain.proceed(withBearer(request, fresh));
                    }
                }
                return response;
            };
        }

        private static String token(TokenSource credentials) throws CredentialsFailure {
            try {
                return credentials.token();
            } catch (ApiException e) {
                throw new CredentialsFailure(e);
            }
        }

        private static Request withBearer(Request request, String token) {
            return request.newBuilder().header("Authorization", "Bearer " + token).build();
        }
    }
}
