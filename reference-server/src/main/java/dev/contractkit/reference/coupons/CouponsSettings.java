package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The coupon service's settings ({@code coupons.*}, and the {@code db.group-commit*} of its redemptions), read and
 * checked in one place; the registry ({@code platform/settings.tsv}) has each key's default and meaning.
 *
 * @param realm                  {@code coupons.realm}
 * @param issuer                 {@code coupons.issuer}: an external provider's issuer, with {@code jwksUrl}
 * @param jwksUrl                {@code coupons.jwks-url}
 * @param issuerUrl              {@code coupons.issuer-url}: the embedded provider's issuer, when set
 * @param audience               {@code coupons.audience}
 * @param host                   {@code host}, for the default issuer URL
 * @param port                   {@code coupons.port}, for the default issuer URL
 * @param users                  {@code coupons.users}, else the demo users
 * @param usersConfigured        whether {@code coupons.users} is set
 * @param clients                {@code coupons.clients}
 * @param redirectUris           {@code coupons.redirect-uris}: of the clients named, unless set explicitly
 * @param passwordIterations     {@code coupons.password-iterations}
 * @param loginFailures          {@code coupons.login-failures}
 * @param loginAddressFailures   {@code coupons.login-address-failures}
 * @param loginWindow            {@code coupons.login-window}
 * @param loginConcurrency       {@code coupons.login-concurrency}, else the number of cores
 * @param loginQueue             {@code coupons.login-queue-ms}
 * @param wsMaxConnections       {@code coupons.ws-max-connections}
 * @param wsQueue                {@code coupons.ws-queue}
 * @param rateLimits             {@code coupons.rate-limits}: overrides of the contract's, unparsed (the contract says
 *                               which categories there are)
 * @param expiryInterval         {@code coupons.expiry-interval}
 * @param accessTokenTtl         {@code coupons.access-token-ttl}
 * @param refreshTokenTtl        {@code coupons.refresh-token-ttl}
 * @param groupCommit            {@code db.group-commit*}: how redemptions share their commits
 * @param readCache              {@code read-cache-ms}
 */
record CouponsSettings(String realm, Optional<String> issuer, Optional<String> jwksUrl, Optional<String> issuerUrl,
                       String audience, String host, int port, List<IdpUsers.Seed> users, boolean usersConfigured,
                       List<String> clients, List<String> redirectUris, int passwordIterations, int loginFailures,
                       int loginAddressFailures, Duration loginWindow, int loginConcurrency, Duration loginQueue,
                       int wsMaxConnections, int wsQueue, String rateLimits, Duration expiryInterval,
                       Duration accessTokenTtl, Duration refreshTokenTtl, GroupCommit.Sizes groupCommit,
                       Duration readCache) {

    static CouponsSettings from(Settings s) {
        Optional<String> issuer = s.get("coupons.issuer");
        Optional<String> jwks = s.get("coupons.jwks-url");
        if (issuer.isPresent() != jwks.isPresent()) {
            throw new IllegalArgumentException("KIT_COUPONS_ISSUER and KIT_COUPONS_JWKS_URL go together");
        }
        if (issuer.isPresent() && s.get("coupons.issuer-url").isPresent()) {
            throw new IllegalArgumentException("KIT_COUPONS_ISSUER_URL is the embedded provider's issuer; with an "
                    + "external provider (KIT_COUPONS_ISSUER) leave it unset");
        }
        List<String> clients = s.list("coupons.clients");
        boolean urisSet = s.get("coupons.redirect-uris").isPresent();
        List<String> uris = s.list("coupons.redirect-uris").stream()
                .filter(e -> urisSet || clients.contains(e.split("=", 2)[0])).toList();
        return new CouponsSettings(s.text("coupons.realm"), issuer, jwks, s.get("coupons.issuer-url"),
                s.text("coupons.audience"), s.text("host"),
                s.getInt("coupons.port", Api.COUPONS.defaultPort()),
                s.getList("coupons.users", CouponsModule.DEMO_USERS).stream().map(IdpUsers.Seed::parse).toList(),
                s.get("coupons.users").isPresent(), clients, uris, atLeast(s, "coupons.password-iterations", 1),
                atLeast(s, "coupons.login-failures", 1), atLeast(s, "coupons.login-address-failures", 1),
                positive(s, "coupons.login-window"),
                loginConcurrency(s),
                s.duration("coupons.login-queue-ms"), atLeast(s, "coupons.ws-max-connections", 1),
                atLeast(s, "coupons.ws-queue", 1), s.get("coupons.rate-limits").orElse(""),
                positive(s, "coupons.expiry-interval"), positive(s, "coupons.access-token-ttl"),
                positive(s, "coupons.refresh-token-ttl"), GroupCommit.Sizes.from(s), s.duration("read-cache-ms"));
    }

    private static int loginConcurrency(Settings s) {
        int v = s.getInt("coupons.login-concurrency", Runtime.getRuntime().availableProcessors());
        if (v < 1) {
            throw new IllegalArgumentException("setting KIT_COUPONS_LOGIN_CONCURRENCY must be 1 or more, was " + v);
        }
        return v;
    }

    private static int atLeast(Settings s, String key, int min) {
        int v = s.integer(key);
        if (v < min) {
            throw new IllegalArgumentException("setting " + Settings.envName(key) + " must be " + min + " or more, was " + v);
        }
        return v;
    }

    private static Duration positive(Settings s, String key) {
        Duration d = s.duration(key);
        if (d.toSeconds() < 1) {
            throw new IllegalArgumentException("setting " + Settings.envName(key) + " must be a second or more, was '"
                    + s.text(key) + "'");
        }
        return d;
    }
}
