package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.State;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.coupons.CouponsModule;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.apache.hc.core5.http.HttpRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Verifies the SDK's coupon pacts against the real reference server. The pacts carry a placeholder bearer
 * token; each request gets a real one from the embedded identity provider (admin for writes, a user otherwise).
 */
@Provider("coupons")
@PactFolder("../sdk/target/pacts")
class CouponsProviderPactTest {
    static final String KNOWN_COUPON = "3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c";
    static final String MISSING_COUPON = "00000000-0000-0000-0000-000000000000";
    static final OkHttpClient HTTP = new OkHttpClient();

    @TempDir
    static Path data;
    static KitServer server;
    static String adminToken;
    static String userToken;

    @BeforeAll
    static void start() throws IOException {
        server = KitServer.start(TestDatabases.embedded(data).with("coupons.port", "0"), List.of(Api.COUPONS));
        adminToken = token("admin", "admin-password");
        userToken = token("alice", "alice-password");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String token(String user, String password) throws IOException {
        Request r = new Request.Builder()
                .url(server.url(Api.COUPONS) + "/realms/" + CouponsModule.DEFAULT_REALM + "/protocol/openid-connect/token")
                .post(new FormBody.Builder().add("grant_type", "password").add("client_id", "kit-cli")
                        .add("username", user).add("password", password).build()).build();
        try (Response response = HTTP.newCall(r).execute()) {
            return new ObjectMapper().readTree(response.body().string()).path("access_token").asText();
        }
    }

    @BeforeEach
    void target(PactVerificationContext context) {
        context.setTarget(new HttpTestTarget("127.0.0.1", server.port(Api.COUPONS)));
    }

    @TestTemplate
    @ExtendWith(PactVerificationInvocationContextProvider.class)
    void theReferenceServerHonoursEveryCouponInteraction(PactVerificationContext context, HttpRequest request) {
        if (request.containsHeader("Authorization")) {
            boolean write = request.getPath().startsWith("/write/");
            request.setHeader("Authorization", "Bearer " + (write ? adminToken : userToken));
        }
        context.verifyInteraction();
    }

    @State("at least two coupons exist")
    void twoCoupons() throws SQLException {
        upsertCoupon("pact-list-1");
        upsertCoupon("pact-list-2");
    }

    @State("coupon " + KNOWN_COUPON + " exists")
    void knownCoupon() throws SQLException {
        upsertCoupon(KNOWN_COUPON);
        sql("DELETE FROM redemptions WHERE coupon_id = ?", KNOWN_COUPON);
    }

    @State("coupon " + MISSING_COUPON + " does not exist")
    void missingCoupon() throws SQLException {
        sql("DELETE FROM coupons WHERE id = ?", MISSING_COUPON);
    }

    @State({"an admin is authenticated", "a user is authenticated"})
    void authenticated() {
        // tokens for the seeded demo users are fetched once in start()
    }

    private static void upsertCoupon(String id) throws SQLException {
        sql("DELETE FROM redemptions WHERE coupon_id = ?", id);
        sql("DELETE FROM coupons WHERE id = ?", id);
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO coupons (id, title, description, discount_percent, "
                     + "category, valid_until, active, usage_limit, usage_count, terms_conditions, created_at, updated_at, "
                     + "created_by, updated_by) VALUES (?, ?, ?, 20, 'pact', ?, TRUE, 100, 0, 'none', ?, ?, 'pact', 'pact')")) {
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            ps.setString(1, id);
            ps.setString(2, "Pact coupon " + id.substring(0, 8));
            ps.setString(3, "set up by the provider state");
            ps.setObject(4, now.plusYears(1));
            ps.setObject(5, now);
            ps.setObject(6, now);
            ps.executeUpdate();
        }
    }

    private static void sql(String statement, String arg) throws SQLException {
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement(statement)) {
            ps.setString(1, arg);
            ps.executeUpdate();
        }
    }
}
