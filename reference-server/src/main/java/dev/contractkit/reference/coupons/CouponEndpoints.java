package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.coupons.model.CouponList;
import dev.contractkit.reference.coupons.model.CouponUpdate;
import dev.contractkit.reference.coupons.model.CouponCreate;
import dev.contractkit.reference.coupons.model.DeleteResult;
import dev.contractkit.reference.coupons.model.Health;
import dev.contractkit.reference.coupons.model.HealthServices;
import dev.contractkit.reference.coupons.model.RedeemRequest;
import dev.contractkit.reference.coupons.model.RedeemResult;
import dev.contractkit.reference.coupons.model.ServiceState;
import dev.contractkit.reference.coupons.model.UserCoupon;
import dev.contractkit.reference.coupons.model.UserCouponList;
import dev.contractkit.reference.coupons.model.UserCouponStatus;
import dev.contractkit.reference.coupons.model.UserProfile;
import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.PublicUrl;
import dev.contractkit.reference.platform.RequestIds;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

/** The coupon service's HTTP operations: each extends the stub generated for its contract tag. */
final class CouponEndpoints {
    private CouponEndpoints() {
    }

    /** Shared plumbing of the endpoints. */
    record Context(CouponStore store, ContractRules rules, Events events, ObjectMapper mapper,
                   Database database, IdentityProvider idp, BooleanSupplier cacheUp, BooleanSupplier authUp) {

        /** Reads a JSON body; malformed JSON and a missing body are 400s. */
        JsonNode body(ServerRequest req) {
            return ContractRules.jsonBody(req, mapper);
        }

        void refuse(Map<String, String> fields) {
            if (!fields.isEmpty()) {
                throw new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", "request validation failed", fields);
            }
        }
    }

    /**
     * {@code Link} with {@code rel="next"} and {@code rel="last"}: the request's own path and its other query
     * parameters, under the listener's public origin ({@link PublicUrl}).
     */
    static String links(ServerRequest req, int limit, int offset, int total) {
        List<String> out = new ArrayList<>();
        if (offset + limit < total) {
            out.add("<" + PublicUrl.pageLink(req, PAGING, "limit=" + limit + "&offset=" + (offset + limit))
                    + ">; rel=\"next\"");
        }
        if (total > 0) {
            out.add("<" + PublicUrl.pageLink(req, PAGING, "limit=" + limit + "&offset=" + ((total - 1) / limit) * limit)
                    + ">; rel=\"last\"");
        }
        return out.isEmpty() ? null : String.join(", ", out);
    }

    private static final Set<String> PAGING = Set.of("limit", "offset");

    static Optional<Integer> intParam(ServerRequest req, String name) {
        return req.query().first(name).asOptional().map(Integer::parseInt);
    }

    /** {@code GET /api/health}: not rate limited (a probe must never be refused), so no admission. */
    static final class HealthEndpoint extends HealthService {
        private final Context ctx;

        HealthEndpoint(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        protected void handleGetHealth(ServerRequest request, ServerResponse response) {
            boolean db = ctx.database().ping();
            boolean cache = ctx.cacheUp().getAsBoolean();
            boolean auth = ctx.authUp().getAsBoolean();
            if (!db) {
                Map<String, String> states = new LinkedHashMap<>();
                states.put("database", "down");
                states.put("cache", cache ? "up" : "down");
                states.put("auth", auth ? "up" : "down");
                throw new ApiError(Status.SERVICE_UNAVAILABLE_503, "SERVICE_UNAVAILABLE",
                        "service unavailable: the database is down", states);
            }
            HealthServices services = new HealthServices();
            services.setDatabase(ServiceState.UP);
            services.setCache(cache ? ServiceState.UP : ServiceState.DOWN);
            services.setAuth(auth ? ServiceState.UP : ServiceState.DOWN);
            Health body = new Health();
            body.setStatus(cache && auth ? Health.StatusEnum.HEALTHY : Health.StatusEnum.DEGRADED);
            body.setTimestamp(OffsetDateTime.now(ZoneOffset.UTC));
            body.setServices(services);
            GetHealthOp.Response200.builder(RequestIds.of(request)).response(body).send(response);
        }

    }

    /** {@code GET /api/v1/coupons}, {@code GET /api/v1/coupons/{id}}. */
    static final class CatalogueEndpoint extends CouponsService {
        private static final HeaderName REQUEST_ID = HeaderNames.create("X-Request-Id");
        private static final HeaderName LIMIT = HeaderNames.create("X-RateLimit-Limit");
        private static final HeaderName REMAINING = HeaderNames.create("X-RateLimit-Remaining");
        private static final HeaderName RESET = HeaderNames.create("X-RateLimit-Reset");
        private static final HeaderName LINK = HeaderNames.create("Link");
        private final Context ctx;
        private final ObjectWriter listWriter;

        CatalogueEndpoint(Context ctx) {
            this.ctx = ctx;
            this.listWriter = ctx.mapper().writerFor(CouponList.class);
        }

        @Override
        protected void listCoupons(ServerRequest request, ServerResponse response) {
            // the contract check replaces the generated one (its size check cannot handle Optional parameters)
            ctx.rules().query("listCoupons", request);
            handleListCoupons(request, response, intParam(request, "limit"), intParam(request, "offset"),
                    request.query().first("category").asOptional(),
                    request.query().first("active").asOptional().map(Boolean::parseBoolean));
        }

        @Override
        protected void handleListCoupons(ServerRequest request, ServerResponse response, Optional<Integer> limit,
                                         Optional<Integer> offset, Optional<String> category, Optional<Boolean> active) {
            Admission.Admitted call = Admission.admitted(request);
            int l = limit.orElse(10);
            int o = offset.orElse(0);
            // without `active` no filter (issue 36); `active` is "on offer", as each coupon shows it
            CouponStore.Listing page = ctx.store().list(l, o, category, active, rows -> {
                CouponList body = new CouponList();
                body.setCoupons(rows.items().stream().map(r -> r.toCoupon(rows.at())).toList());
                body.setTotal(rows.total());
                body.setLimit(l);
                body.setOffset(o);
                return Json.bytes(listWriter, body);
            });
            // the headers ListCouponsOp.Response200 sends, in its order; the body is the cached bytes
            header(response, REQUEST_ID, call.requestId());
            header(response, LIMIT, call.limit());
            header(response, REMAINING, call.remaining());
            header(response, RESET, call.reset());
            header(response, LINK, links(request, l, o, page.total()));
            Json.send(response, page.json());
        }

        private static void header(ServerResponse response, HeaderName name, Object value) {
            if (value != null) {
                response.header(name, value.toString());
            }
        }

        @Override
        protected void handleGetCoupon(ServerRequest request, ServerResponse response, String id) {
            Admission.Admitted call = Admission.admitted(request);
            CouponStore.Row row = ctx.store().find(id)
                    .orElseThrow(() -> ApiError.notFound("coupon " + id + " not found"));
            GetCouponOp.Response200.builder(call.requestId(), call.limit(), call.remaining(), call.reset())
                    .response(row.toCoupon(ctx.store().now().toInstant())).send(response);
        }

    }

    /** {@code GET /api/v1/users/profile}. */
    static final class ProfileEndpoint extends UsersService {
        private final Context ctx;

        ProfileEndpoint(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        protected void handleGetUserProfile(ServerRequest request, ServerResponse response) {
            Admission.Admitted call = Admission.admitted(request);
            Principal p = call.principal(Principal.class);
            UserProfile body = new UserProfile();
            body.setId(p.subject());
            body.setUsername(p.username());
            body.setRoles(p.roles().stream().sorted().toList());
            Optional<IdpUsers.User> local = ctx.idp().findById(p.subject());
            OffsetDateTime issued = OffsetDateTime.ofInstant(p.authTime() != null ? p.authTime() : p.issuedAt(),
                    ZoneOffset.UTC);
            if (local.isPresent()) {
                IdpUsers.User u = local.get();
                body.setEmail(u.email());
                body.setFirstName(u.firstName());
                body.setLastName(u.lastName());
                body.setCreatedAt(u.createdAt());
                body.setLastLogin(u.lastLogin() != null ? u.lastLogin() : issued);
            } else {
                body.setEmail(p.email());
                body.setFirstName(p.firstName());
                body.setLastName(p.lastName());
                body.setCreatedAt(ctx.store().firstSeen(p.subject()));
                body.setLastLogin(issued);
            }
            GetUserProfileOp.Response200.builder(call.requestId(), call.limit(), call.remaining(), call.reset())
                    .response(body).send(response);
        }

    }

    /** {@code POST /write/v1/coupons}, {@code PUT|DELETE /write/v1/coupons/{id}} (admin role). */
    static final class AdminEndpoint extends AdminService {
        private final Context ctx;

        AdminEndpoint(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        protected void createCoupon(ServerRequest request, ServerResponse response) {
            JsonNode body = ctx.body(request);
            Map<String, String> fields = ctx.rules().body("CouponCreate", body);
            if (!fields.containsKey("valid_until") && body.path("valid_until").isTextual()) {
                try {
                    OffsetDateTime until = OffsetDateTime.parse(body.get("valid_until").asText());
                    if (!until.isAfter(OffsetDateTime.now(ZoneOffset.UTC))) {
                        fields.put("valid_until", "must be in the future");
                    }
                } catch (DateTimeParseException e) {
                    fields.put("valid_until", "must be an ISO 8601 date-time");
                }
            }
            ctx.refuse(fields);
            handleCreateCoupon(request, response, ctx.mapper().convertValue(body, CouponCreate.class));
        }

        @Override
        protected void handleCreateCoupon(ServerRequest request, ServerResponse response, CouponCreate c) {
            Admission.Admitted call = Admission.admitted(request);
            CouponStore.Row row = ctx.store().create(c.getTitle(), c.getDescription(), c.getDiscountPercent(),
                    c.getCategory(), c.getValidUntil(), c.getUsageLimit(), c.getTermsConditions(),
                    call.principal(Principal.class).subject());
            ctx.events().created(row);
            CreateCouponOp.Response201.builder(call.requestId(), call.limit(), call.remaining(), call.reset(),
                    "/api/v1/coupons/" + row.id()).response(row.toAdmin(row.createdAt().toInstant())).send(response);
        }

        @Override
        protected void updateCoupon(ServerRequest request, ServerResponse response) {
            JsonNode body = ctx.body(request);
            if (!body.isObject()) {
                ctx.refuse(Map.of("body", "must be a JSON object"));
            }
            if (body.isEmpty()) {
                throw ApiError.invalid("request validation failed")
                        .withDetails("the body must hold at least one coupon field");
            }
            // a server-managed or unknown field is a 400 naming it (issue 36: it used to be dropped silently)
            ctx.refuse(ctx.rules().body("CouponUpdate", body));
            ObjectNode kept = (ObjectNode) body;
            // JSON Merge Patch: null clears an optional field (the schema refused null for the others)
            List<String> cleared = new ArrayList<>();
            kept.fields().forEachRemaining(f -> {
                if (f.getValue().isNull()) {
                    cleared.add(f.getKey());
                }
            });
            update(request, response, request.path().pathParameters().get("id"),
                    ctx.mapper().convertValue(kept, CouponUpdate.class), cleared);
        }

        @Override
        protected void handleUpdateCoupon(ServerRequest request, ServerResponse response, String id, CouponUpdate u) {
            update(request, response, id, u, List.of());
        }

        private void update(ServerRequest request, ServerResponse response, String id, CouponUpdate u,
                            List<String> cleared) {
            Admission.Admitted call = Admission.admitted(request);
            Map<String, Object> changes = new LinkedHashMap<>();
            cleared.forEach(field -> changes.put(field, null));
            put(changes, "title", u.getTitle());
            put(changes, "description", u.getDescription());
            put(changes, "discount_percent", u.getDiscountPercent());
            put(changes, "category", u.getCategory());
            put(changes, "valid_until", u.getValidUntil() == null ? null : u.getValidUntil().withOffsetSameInstant(ZoneOffset.UTC));
            put(changes, "active", u.getActive());
            put(changes, "usage_limit", u.getUsageLimit());
            put(changes, "terms_conditions", u.getTermsConditions());
            CouponStore.Row[] rows = ctx.store().update(id, changes, call.principal(Principal.class).subject())
                    .orElseThrow(() -> ApiError.notFound("coupon " + id + " not found"));
            ctx.events().updated(rows[0], rows[1]);
            UpdateCouponOp.Response200.builder(call.requestId(), call.limit(), call.remaining(), call.reset())
                    .response(rows[1].toAdmin(rows[1].updatedAt().toInstant())).send(response);
        }

        private static void put(Map<String, Object> changes, String column, Object value) {
            if (value != null) {
                changes.put(column, value);
            }
        }

        @Override
        protected void handleDeleteCoupon(ServerRequest request, ServerResponse response, String id) {
            Admission.Admitted call = Admission.admitted(request);
            CouponStore.Row[] rows = ctx.store().update(id, Map.of("active", false), call.principal(Principal.class).subject())
                    .orElseThrow(() -> ApiError.notFound("coupon " + id + " not found"));
            if (rows[0].active()) {
                ctx.events().expired(rows[1], "deleted", rows[1].updatedAt());
            }
            DeleteResult body = new DeleteResult();
            body.setMessage("coupon deleted");
            body.setId(id);
            body.setDeletedAt(rows[1].updatedAt());
            DeleteCouponOp.Response200.builder(call.requestId(), call.limit(), call.remaining(), call.reset())
                    .response(body).send(response);
        }

    }

    /** {@code POST /coupons/v1/redeem}, {@code GET /coupons/v1/user/coupons}. */
    static final class RedemptionsEndpoint extends RedemptionsService {
        private final Context ctx;

        RedemptionsEndpoint(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        protected void redeemCoupon(ServerRequest request, ServerResponse response) {
            JsonNode body = ctx.body(request);
            ctx.refuse(ctx.rules().body("RedeemRequest", body));
            handleRedeemCoupon(request, response, ctx.mapper().convertValue(body, RedeemRequest.class));
        }

        @Override
        protected void handleRedeemCoupon(ServerRequest request, ServerResponse response, RedeemRequest r) {
            Admission.Admitted call = Admission.admitted(request);
            String couponId = r.getCouponId();
            String orderId = r.getOrderId();
            try {
                CouponStore.Redemption done = ctx.store().redeem(couponId, orderId, call.principal(Principal.class).subject(),
                        r.getOrderAmount() == null ? null : BigDecimal.valueOf(r.getOrderAmount()));
                ctx.events().usage(done.coupon(), done.redeemedAt());
                RedeemResult body = new RedeemResult();
                body.setSuccess(true);
                body.setMessage("coupon redeemed");
                body.setCouponId(couponId);
                body.setOrderId(orderId);
                body.setOrderAmount(CouponStore.money(done.orderAmount()));
                body.setDiscountPercent(done.discountPercent());
                body.setDiscountAmount(CouponStore.money(done.discountAmount()));
                body.setRedeemedAt(done.redeemedAt());
                body.setRedemptionId(done.id());
                RedeemCouponOp.Response200.builder(call.requestId(), call.limit(), call.remaining(), call.reset())
                        .response(body).send(response);
            } catch (CouponStore.Refused e) {
                throw switch (e.reason) {
                    case NOT_FOUND -> ApiError.notFound("coupon " + couponId + " not found");
                    case ALREADY_REDEEMED -> ApiError.conflict("order " + orderId + " has already redeemed coupon "
                            + couponId).withDetails("already_redeemed");
                    case COUPON_INACTIVE -> ApiError.conflict("coupon " + couponId + " is not active")
                            .withDetails("coupon_inactive");
                    case COUPON_EXPIRED -> ApiError.conflict("coupon " + couponId + " expired at "
                            + Events.time(e.coupon.validUntil())).withDetails("coupon_expired");
                    case USAGE_LIMIT_REACHED -> ApiError.conflict("coupon " + couponId
                            + " has reached its usage limit of " + e.coupon.usageLimit()).withDetails("usage_limit_reached");
                };
            }
        }

        @Override
        protected void listUserCoupons(ServerRequest request, ServerResponse response) {
            ctx.rules().query("listUserCoupons", request);
            handleListUserCoupons(request, response, intParam(request, "limit"), intParam(request, "offset"),
                    request.query().first("status").asOptional().map(UserCouponStatus::fromValue));
        }

        @Override
        protected void handleListUserCoupons(ServerRequest request, ServerResponse response, Optional<Integer> limit,
                                             Optional<Integer> offset, Optional<UserCouponStatus> status) {
            Admission.Admitted call = Admission.admitted(request);
            int l = limit.orElse(10);
            int o = offset.orElse(0);
            CouponStore.Page<UserCoupon> page = ctx.store().userCoupons(call.principal(Principal.class).subject(), l, o, status);
            UserCouponList body = new UserCouponList();
            body.setCoupons(page.items());
            body.setTotal(page.total());
            body.setLimit(l);
            body.setOffset(o);
            ListUserCouponsOp.Response200.builder(call.requestId(), call.limit(), call.remaining(), call.reset())
                    .link(links(request, l, o, page.total())).response(body).send(response);
        }

    }
}
