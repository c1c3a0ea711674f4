package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/** Each reader's value and its one default. */
class ReadersTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final UnaryOperator<JsonNode> AS_IS = n -> n;

    @Test
    void aRateLimitCategoryWithoutWindowHasTheOneDefaultWindowOfAnHour() throws IOException {
        JsonNode root = yaml("""
                x-kit-rate-limits:
                  read: {limit: 10}
                  write: {limit: 2, window_seconds: 60, key: user, unauthenticated-key: client-address}
                  broken: {window_seconds: 60}
                """);
        RateLimits limits = RateLimits.of(root);

        assertThat(limits.categories()).containsOnlyKeys("read", "write");
        assertThat(limits.categories().get("read").windowSeconds()).isEqualTo(3600).isEqualTo(RateLimits.DEFAULT_WINDOW_SECONDS);
        assertThat(limits.categories().get("write")).isEqualTo(new RateLimits.Category("write", 2, 60,
                Optional.of("user"), Optional.of("client-address")));
        assertThat(limits.forOperation(yaml("x-kit-rate-limit-category: write")).map(RateLimits.Category::limit)).contains(2);
        assertThat(limits.forOperation(yaml("operationId: x"))).isEmpty();
        assertThat(RateLimits.of(yaml("openapi: 3.0.3")).categories()).isEmpty();
    }

    @Test
    void stateHasItsDefaultsAndNeedsAResource() throws IOException {
        State s = State.of(yaml("x-kit-state: {resource: coupons, action: create, soft: {active: false}}")).orElseThrow();

        assertThat(s.id()).isEqualTo("id");
        assertThat(s.items()).isEqualTo("items");
        assertThat(s.creates()).isTrue();
        assertThat(s.ids()).isEmpty();
        assertThat(s.soft()).hasValueSatisfying(o -> assertThat(o.path("active").asBoolean(true)).isFalse());
        assertThat(State.of(yaml("x-kit-state: {action: read}"))).isEmpty();
    }

    @Test
    void securitySchemesPlaceCredentialsInTheDeclaredFormElseTheTypesOwn() throws IOException {
        JsonNode root = yaml("""
                components:
                  securitySchemes:
                    Token: {type: apiKey, in: header, name: Authorization, x-kit-credential-format: "Token token={credential}"}
                    Key: {type: apiKey, in: query, name: key}
                    Basic: {type: http, scheme: basic}
                    Bearer: {type: http, scheme: bearer, x-kit-roles-claim: realm_access.roles, x-kit-token-endpoint: /token}
                    Ws: {type: apiKey, in: query, name: token, x-kit-token-format: JWT}
                """);
        var schemes = SecurityScheme.all(root, AS_IS);

        assertThat(schemes.get("Token").place("s")).isEqualTo(new SecurityScheme.Placement("header", "Authorization", "Token token=s"));
        assertThat(schemes.get("Key").place("s")).isEqualTo(new SecurityScheme.Placement("query", "key", "s"));
        assertThat(schemes.get("Basic").place("a:b").value()).isEqualTo("Basic YTpi");
        assertThat(schemes.get("Bearer").place("t").value()).isEqualTo("Bearer t");
        assertThat(schemes.get("Token").form().orElseThrow().matcher("Token token=abc").matches()).isTrue();
        assertThat(schemes.get("Key").form()).isEmpty();
        assertThat(schemes.get("Ws").jwt()).isTrue();
        assertThat(schemes.get("Key").jwt()).isFalse();
        assertThat(schemes.get("Bearer").tokenEndpoint()).contains("/token");
        assertThat(SecurityScheme.rolesClaim(root, AS_IS)).isEqualTo("realm_access.roles");
        assertThat(SecurityScheme.rolesClaim(yaml("openapi: 3.0.3"), AS_IS)).isEqualTo("roles");
    }

    @Test
    void requirementsAreTheOperationsOwnElseTheDocuments() throws IOException {
        JsonNode root = yaml("security: [{Token: []}]");

        assertThat(SecurityScheme.requirements(root, yaml("operationId: a"))).containsExactly(List.of("Token"));
        assertThat(SecurityScheme.requirements(root, yaml("security: []"))).isEmpty();
        assertThat(SecurityScheme.requirements(root, yaml("security: [{A: [], B: []}, {C: []}]")))
                .containsExactly(List.of("A", "B"), List.of("C"));
    }

    @Test
    void operationKeysReadTheirValuesAndDefaultToNothing() throws IOException {
        JsonNode op = yaml("""
                x-kit-required-role: admin
                x-kit-refusals: ["unknown_action_kind"]
                x-kit-conflict-reasons: [already_redeemed]
                x-kit-emits: coupon_created
                x-kit-websocket: {asyncapi: asyncapi/coupon-updates.yaml, channel: couponUpdates}
                """);
        JsonNode none = yaml("operationId: plain");

        assertThat(RequiredRole.of(op)).contains("admin");
        assertThat(RequiredRole.of(none)).isEmpty();
        assertThat(Refusals.patterns(op)).singleElement().matches(p -> p.matcher("x unknown_action_kind").find());
        assertThat(Refusals.patterns(none)).isEmpty();
        assertThat(Refusals.marked(yaml("x-kit-refusal: true"))).isTrue();
        assertThat(Refusals.marked(none)).isFalse();
        assertThat(ConflictReasons.of(op)).containsExactly("already_redeemed");
        assertThat(Emits.of(op).single()).contains("coupon_created");
        assertThat(Emits.of(none).entries()).isEmpty();
        assertThat(WebSocketBinding.of(op)).contains(new WebSocketBinding("asyncapi/coupon-updates.yaml", "couponUpdates"));
        assertThat(PreviousVersion.of(yaml("info: {x-kit-previous-version: v4.yaml}"))).contains("v4.yaml");
        assertThat(JsonSchemaExtra.of(yaml("x-kit-json-schema: {anyOf: []}"))).isPresent();
    }

    private static JsonNode yaml(String text) throws IOException {
        return YAML.readTree(text);
    }
}
