package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.UnauthorizedException;
import dev.contractkit.sdk.coupons.api.IdentityApi;
import dev.contractkit.sdk.coupons.model.GrantType;
import dev.contractkit.sdk.coupons.model.TokenResponse;
import dev.contractkit.sdk.internal.Http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Access tokens from the realm's token endpoint ({@code POST /realms/{realm}/protocol/openid-connect/token}):
 * a password grant first, then the refresh-token grant (falling back to the password grant when the refresh
 * token is refused or has expired). Refresh tokens rotate: each refresh sends the refresh token of the latest
 * answer (the kit's provider refuses a used one and ends that session). The token is cached and renewed shortly before it expires; concurrent
 * callers share one request. Thread-safe.
 *
 * <pre>{@code
 * TokenProvider tokens = TokenProvider.builder()
 *         .baseUrl("http://127.0.0.1:8082")
 *         .realm("contractkit").clientId("coupon-web")
 *         .username("jane.doe").password("secret")
 *         .build();
 * CouponsClient coupons = CouponsClient.builder().baseUrl("http://127.0.0.1:8082").tokenProvider(tokens).build();
 * }</pre>
 *
 * A refused login throws the OAuth 2.0 error with {@code errorCode()} {@code invalid_grant}: a
 * {@link dev.contractkit.sdk.BadRequestException} (400) from the kit's provider, which answers as RFC 6749
 * section 5.2 says, or an {@link UnauthorizedException} (401) from a Keycloak, which answers a wrong password
 * with 401.
 */
public final class TokenProvider {
    private final IdentityApi api;
    private final String realm;
    private final String clientId;
    private final String clientSecret;
    private final String username;
    private final String password;
    private final Clock clock;
    private final Duration renewBefore;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Tokens current;

    private record Tokens(String access, Instant renewAt, String refresh, Instant refreshExpiresAt) {
    }

    private TokenProvider(Builder b, IdentityApi api) {
        this.api = api;
        this.realm = b.realm;
        this.clientId = b.clientId;
        this.clientSecret = b.clientSecret;
        this.username = b.username;
        this.password = b.password;
        this.clock = b.clock;
        this.renewBefore = b.renewBefore;
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @return a valid access token: the cached one, or a new one when it is about to expire
     * @throws ApiException when the token endpoint refuses (401 wrong credentials, 400 bad request) or is unreachable
     */
    public String accessToken() {
        Tokens t = current;
        if (fresh(t)) {
            return t.access();
        }
        lock.lock();
        try {
            t = current;
            if (fresh(t)) {
                return t.access();
            }
            current = renew(t);
            return current.access();
        } finally {
            lock.unlock();
        }
    }

    /** Forgets {@code token} (the server refused it), so the next call fetches a new one; a newer token stays. */
    void invalidate(String token) {
        lock.lock();
        try {
            Tokens t = current;
            if (t != null && t.access().equals(token)) {
                current = new Tokens(t.access(), Instant.MIN, t.refresh(), t.refreshExpiresAt());
            }
        } finally {
            lock.unlock();
        }
    }

    private boolean fresh(Tokens t) {
        return t != null && clock.instant().isBefore(t.renewAt());
    }

    private Tokens renew(Tokens previous) {
        if (previous != null && previous.refresh() != null
                && (previous.refreshExpiresAt() == null || clock.instant().isBefore(previous.refreshExpiresAt()))) {
            try {
                Tokens next = grant(GrantType.REFRESH_TOKEN, previous.refresh());
                // servers rotate refresh tokens (the kit does: the one sent is used up), so the answer's is kept;
                // one that does not send a new refresh token leaves the old one valid (RFC 6749 section 6)
                return next.refresh() != null ? next
                        : new Tokens(next.access(), next.renewAt(), previous.refresh(), previous.refreshExpiresAt());
            } catch (BadRequestException | UnauthorizedException refused) {
                // invalid_grant: the session ended; log in again
            }
        }
        return grant(GrantType.PASSWORD, null);
    }

    private Tokens grant(GrantType type, String refreshToken) {
        Instant now = clock.instant();
        boolean byPassword = type == GrantType.PASSWORD;
        TokenResponse r = Http.execute(api.requestToken(realm, type, clientId, clientSecret,
                byPassword ? username : null, byPassword ? password : null, refreshToken, null, null, null, null));
        Duration lifetime = Duration.ofSeconds(r.getExpiresIn() == null ? 60 : Math.max(1, r.getExpiresIn()));
        // renew renewBefore ahead of expiry, but never sooner than half-way through a short lifetime
        Duration margin = renewBefore.compareTo(lifetime.dividedBy(2)) > 0 ? lifetime.dividedBy(2) : renewBefore;
        Integer refreshLife = r.getRefreshExpiresIn();
        Instant refreshExpiresAt = refreshLife == null || refreshLife <= 0 ? null : now.plusSeconds(refreshLife).minus(margin);
        return new Tokens(r.getAccessToken(), now.plus(lifetime).minus(margin), r.getRefreshToken(), refreshExpiresAt);
    }

    /** Builds a {@link TokenProvider}. */
    public static final class Builder extends ClientBuilder<Builder> {
        private String realm = "contractkit";
        private String clientId;
        private String clientSecret;
        private String username;
        private String password;
        private Clock clock = Clock.systemUTC();
        private Duration renewBefore = Duration.ofSeconds(30);

        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }



        /**
         * @param realm the realm; {@code contractkit} unless set
         * @return this builder
         */
        public Builder realm(String realm) {
            this.realm = Objects.requireNonNull(realm, "realm == null");
            return this;
        }

        /**
         * @param clientId the OAuth client, e.g. {@code coupon-web}
         * @return this builder
         */
        public Builder clientId(String clientId) {
            this.clientId = Objects.requireNonNull(clientId, "clientId == null");
            return this;
        }

        /**
         * @param clientSecret the client secret of a confidential client
         * @return this builder
         */
        public Builder clientSecret(String clientSecret) {
            this.clientSecret = Objects.requireNonNull(clientSecret, "clientSecret == null");
            return this;
        }

        /**
         * @param username the user
         * @return this builder
         */
        public Builder username(String username) {
            this.username = Objects.requireNonNull(username, "username == null");
            return this;
        }

        /**
         * @param password the user's password
         * @return this builder
         */
        public Builder password(String password) {
            this.password = Objects.requireNonNull(password, "password == null");
            return this;
        }

        /**
         * @param renewBefore how long before expiry a token is renewed (30 s unless set; at most half its lifetime)
         * @return this builder
         */
        public Builder renewBefore(Duration renewBefore) {
            this.renewBefore = Objects.requireNonNull(renewBefore, "renewBefore == null");
            return this;
        }

        /**
         * For tests: the time source for expiry.
         *
         * @param clock the clock
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock == null");
            return this;
        }

        /**
         * @return the provider (fetches nothing yet)
         * @throws IllegalStateException when the base URL, client id, username or password is missing
         */
        public TokenProvider build() {
            ClientConfig built = configBuilder().build();
            if (clientId == null) {
                throw new IllegalStateException("Client id required.");
            }
            if (username == null || password == null) {
                throw new IllegalStateException("Username and password required.");
            }
            return new TokenProvider(this, Http.retrofit(built, List.of(), dev.contractkit.sdk.coupons.internal.ContractErrors.FORMAT).create(IdentityApi.class));
        }
    }
}
