package dev.contractkit.reference.platform;

import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An {@link Admission} is built from the contract alone: where each scheme's credential sits and in what form, the
 * operation's required role and its rate-limit category; the module gives only credential to caller.
 */
class AdmissionTest {
    private static final ContractDocument DOC = ContractDocument.parse("admission-test.yaml", """
            openapi: 3.0.3
            info: {title: admission, version: "1"}
            x-kit-rate-limits:
              write: {limit: 2, window_seconds: 60, key: user}
              lookup: {limit: 1, window_seconds: 60, key: client-address}
            security:
              - Bearer: []
            paths:
              /items:
                get:
                  operationId: listItems
                  security: []
                  x-kit-rate-limit-category: lookup
                  responses: {"200": {description: ok}}
                post:
                  operationId: createItem
                  x-kit-required-role: admin
                  x-kit-rate-limit-category: write
                  responses: {"201": {description: made}}
              /me:
                get:
                  operationId: me
                  responses: {"200": {description: ok}}
              /search:
                get:
                  operationId: search
                  x-kit-rate-limit-category: lookup
                  responses: {"200": {description: ok}}
              /keyed:
                get:
                  operationId: keyed
                  security: [{Key: []}]
                  responses: {"200": {description: ok}}
              /formed:
                get:
                  operationId: formed
                  security: [{Form: []}]
                  responses: {"200": {description: ok}}
              /either:
                get:
                  operationId: either
                  security: [{Key: []}, {Query: []}]
                  responses: {"200": {description: ok}}
            components:
              securitySchemes:
                Bearer: {type: http, scheme: bearer}
                Key: {type: apiKey, in: header, name: PRIVATE-TOKEN}
                Form: {type: apiKey, in: header, name: Authorization, x-kit-credential-format: "Token token={credential}"}
                Query: {type: apiKey, in: query, name: token}
            """);

    /** What each scheme's credentials were asked, to show the module sees the credential without its prefix. */
    private final List<String> asked = new ArrayList<>();
    private final Admission.Credentials users = Admission.Credentials.named("token", t -> {
        asked.add(t);
        return switch (t) {
            case "alice" -> Optional.of(Admission.Caller.of("alice", Set.of("user"), "alice"));
            case "root" -> Optional.of(Admission.Caller.of("root", Set.of("user", "admin"), "root"));
            case "expired" -> throw ApiError.unauthorized("token expired");
            default -> Optional.empty();
        };
    });
    private final Admission.Setup setup = Admission.Setup.of(Map.of("Bearer", users, "Key", users, "Form", users,
            "Query", users)).realm("test").rateLimits(new RateLimiter(Clock.fixed(Instant.parse("2026-01-01T10:15:00Z"), ZoneOffset.UTC)), Map.of());

    private Admission admission(String operationId) {
        return Admission.of(DOC.operation(operationId).orElseThrow(), setup);
    }

    @Test
    void anHttpBearerSchemeAdmitsItsTokenAndChallengesWithoutOne() {
        Admission me = admission("me");
        assertThat(me.operation()).isEqualTo("GET /me");
        assertThat(me.admit(request().header("Authorization", "bearer alice")).caller()).map(Admission.Caller::id)
                .contains("alice");
        assertThat(asked).containsExactly("alice");

        ApiError missing = me.admit(request()).refusal().orElseThrow();
        assertThat(missing.status().code()).isEqualTo(401);
        assertThat(missing.code()).isEqualTo("UNAUTHORIZED");
        assertThat(missing.getMessage()).contains("'Authorization: Bearer <token>'");
        assertThat(missing.headers()).containsEntry("WWW-Authenticate", "Bearer realm=\"test\"");

        ApiError wrong = me.admit(request().header("Authorization", "Bearer mallory")).refusal().orElseThrow();
        assertThat(wrong.status().code()).isEqualTo(401);
        assertThat(wrong.headers()).containsEntry("WWW-Authenticate", "Bearer realm=\"test\", error=\"invalid_token\"");
        assertThat(me.admit(request().header("Authorization", "Bearer expired")).refusal().orElseThrow().getMessage())
                .startsWith("token expired");
    }

    @Test
    void anApiKeySchemeReadsOnlyItsOwnHeaderAndSendsNoChallenge() {
        Admission keyed = admission("keyed");
        assertThat(keyed.admit(request().header("PRIVATE-TOKEN", "alice")).refusal()).isEmpty();
        ApiError elsewhere = keyed.admit(request().header("Authorization", "Bearer alice")).refusal().orElseThrow();
        assertThat(elsewhere.status().code()).isEqualTo(401);
        assertThat(elsewhere.headers()).doesNotContainKey("WWW-Authenticate");
        assertThat(elsewhere.getMessage()).contains("'PRIVATE-TOKEN: <token>'");
    }

    @Test
    void aCredentialFormatIsTakenOffBeforeTheModuleSeesTheCredential() {
        Admission formed = admission("formed");
        assertThat(formed.admit(request().header("Authorization", "Token token=alice")).refusal()).isEmpty();
        assertThat(asked).containsExactly("alice");
        assertThat(formed.admit(request().header("Authorization", "Bearer alice")).refusal()).isPresent();
        assertThat(formed.admit(request()).refusal().orElseThrow().getMessage())
                .contains("'Authorization: Token token=<token>'");
    }

    @Test
    void alternativesAdmitACredentialInAnyOfTheirPlaces() {
        Admission either = admission("either");
        assertThat(either.admit(request().query("token", "alice")).caller()).isPresent();
        assertThat(either.admit(request().header("PRIVATE-TOKEN", "alice")).caller()).isPresent();
        ApiError none = either.admit(request()).refusal().orElseThrow();
        assertThat(none.getMessage()).contains("'PRIVATE-TOKEN: <token>'").contains("?token=<token>");
    }

    @Test
    void aValidCredentialWithoutTheRequiredRoleIs403() {
        Admission create = admission("createItem");
        ApiError forbidden = create.admit(request().header("Authorization", "Bearer alice")).refusal().orElseThrow();
        assertThat(forbidden.status().code()).isEqualTo(403);
        assertThat(forbidden.code()).isEqualTo("FORBIDDEN");
        assertThat(forbidden.getMessage()).contains("admin");
        assertThat(create.admit(request().header("Authorization", "Bearer root")).refusal()).isEmpty();
        assertThat(create.admit(request()).refusal().orElseThrow().status().code()).as("no credential").isEqualTo(401);
    }

    @Test
    void theRateLimitCategoryCountsPerCallerThenRefusesWith429BeforeAnythingElse() {
        Admission create = admission("createItem");
        Admission.Outcome first = create.admit(request().header("Authorization", "Bearer root"));
        assertThat(first.decision().limit()).isEqualTo(2);
        assertThat(first.decision().remaining()).isEqualTo(1);
        assertThat(create.admit(request().header("Authorization", "Bearer root")).refusal()).isEmpty();
        ApiError tooMany = create.admit(request().header("Authorization", "Bearer root")).refusal().orElseThrow();
        assertThat(tooMany.status().code()).isEqualTo(429);
        assertThat(tooMany.code()).isEqualTo("RATE_LIMITED");
        assertThat(tooMany.headers()).containsKey("Retry-After");
        // another caller has its own count: 403 (no role) is its answer, not 429
        assertThat(create.admit(request().header("Authorization", "Bearer alice")).refusal().orElseThrow()
                .status().code()).isEqualTo(403);
        // without a valid credential the count is the client address's: 401 within it, 429 past it
        assertThat(create.admit(request()).refusal().orElseThrow().status().code()).isEqualTo(401);
        assertThat(create.admit(request()).refusal().orElseThrow().status().code()).isEqualTo(401);
        assertThat(create.admit(request()).refusal().orElseThrow().status().code()).isEqualTo(429);
    }

    @Test
    void aPublicOperationAdmitsAnyoneAndCountsByAddressWhereItsCategorySaysSo() {
        Admission list = admission("listItems");
        Admission.Outcome anyone = list.admit(request());
        assertThat(anyone.refusal()).isEmpty();
        assertThat(anyone.caller()).isEmpty();
        assertThat(asked).as("a public operation reads no credential").isEmpty();
        // key: client-address: a caller's credential does not give it a count of its own
        assertThat(list.admit(request().header("Authorization", "Bearer root")).refusal().orElseThrow().status().code())
                .isEqualTo(429);
        assertThat(list.identify(request().header("Authorization", "Bearer root"))).map(Admission.Caller::id)
                .as("the caller of a public operation, when asked").contains("root");
    }

    @Test
    void aCategoryCountedByClientAddressCountsEveryCallerFromThatAddressTogether() {
        Admission search = admission("search");
        assertThat(search.admit(request().header("Authorization", "Bearer root")).refusal()).isEmpty();
        ApiError tooMany = search.admit(request().header("Authorization", "Bearer alice")).refusal().orElseThrow();
        assertThat(tooMany.status().code()).as("alice from root's address, one per minute").isEqualTo(429);
    }

    @Test
    void aSchemeTheModuleHasNoCredentialsForOrACategoryWithoutNumbersFailsTheStart() {
        ContractDocument.Operation keyed = DOC.operation("keyed").orElseThrow();
        assertThatThrownBy(() -> Admission.of(keyed, Admission.Setup.of(Map.of("Bearer", users))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Key");
        ContractDocument.Operation create = DOC.operation("createItem").orElseThrow();
        assertThatThrownBy(() -> Admission.of(create, Admission.Setup.of(Map.of("Bearer", users))))
                .as("a category and no limiter").isInstanceOf(IllegalArgumentException.class);
    }

    private static Request request() {
        return new Request(Map.of());
    }

    /** Headers (names case-insensitive) and query parameters of a request. */
    private record Request(Map<String, String> values) implements Admission.Presented {
        Request header(String name, String value) {
            return with("header:" + name.toLowerCase(Locale.ROOT), value);
        }

        Request query(String name, String value) {
            return with("query:" + name, value);
        }

        private Request with(String key, String value) {
            Map<String, String> m = new java.util.HashMap<>(values);
            m.put(key, value);
            return new Request(m);
        }

        @Override
        public Optional<String> value(String in, String name) {
            return Optional.ofNullable(values.get(in + ":" + (in.equals("header") ? name.toLowerCase(Locale.ROOT) : name)));
        }

        @Override
        public String clientAddress() {
            return "192.0.2.7";
        }
    }
}
