package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.Secrets;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The OAuth 2.0 authorization-code flow with PKCE of the embedded provider (RFC 6749 section 4.1, RFC 7636 with
 * {@code S256} only, OpenID Connect Core section 3.1): checks an authorization request, turns a login into a
 * code for the request's registered redirect URI, and redeems the code at the token endpoint. A request whose
 * {@code client_id} or {@code redirect_uri} is wrong is never redirected ({@link Refused}: RFC 6749 section
 * 4.1.2.1, no open redirect); its other errors go back to the redirect URI with {@code error} and {@code state}
 * ({@link Redirect}). Codes live {@value #CODE_TTL_SECONDS} seconds, are redeemed once, and are bound to the client,
 * the redirect URI and the code challenge; a replayed code ends the session it started (section 4.1.2).
 */
final class AuthorizationFlow {
    static final int CODE_TTL_SECONDS = 60;
    private static final Set<String> SCOPES = Set.of("openid", "profile", "email");
    private static final String CHALLENGE = "[A-Za-z0-9_-]{43}"; // BASE64URL(SHA-256(verifier)), no padding
    private static final String VERIFIER = "[A-Za-z0-9._~-]{43,128}"; // RFC 7636 section 4.1
    static final List<String> PARAMETERS = List.of("response_type", "client_id", "redirect_uri", "scope", "state",
            "code_challenge", "code_challenge_method", "nonce", "prompt", "response_mode");

    /** A checked authorization request. */
    record Request(String clientId, String redirectUri, String scope, String state, String codeChallenge,
                   String nonce) {
        /** @return the request's parameters, for the login form's hidden fields */
        Map<String, String> parameters() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("response_type", "code");
            p.put("client_id", clientId);
            p.put("redirect_uri", redirectUri);
            p.put("scope", scope);
            p.put("code_challenge", codeChallenge);
            p.put("code_challenge_method", "S256");
            if (state != null) {
                p.put("state", state);
            }
            if (nonce != null) {
                p.put("nonce", nonce);
            }
            return p;
        }
    }

    /** An authorization request that must not be redirected: shown to the user as an error page. */
    static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** An authorization error sent back to the client: a redirect to {@link #location}. */
    static final class Redirect extends RuntimeException {
        final String location;

        Redirect(String location) {
            super(location, null, false, false);
            this.location = location;
        }
    }

    private final IdentityProvider idp;

    AuthorizationFlow(IdentityProvider idp) {
        this.idp = idp;
    }

    /**
     * @param params the request's parameters (each with every value it was sent with)
     * @return the checked request
     * @throws Refused  for a missing, unknown or repeated client id or redirect URI
     * @throws Redirect for the other errors (RFC 6749 section 4.1.2.1, RFC 7636 section 4.4.1)
     */
    Request check(Map<String, List<String>> params) {
        String clientId = single(params, "client_id");
        if (clientId == null || !idp.knowsClient(clientId)) {
            throw new Refused(clientId == null ? "The request names no client (client_id)."
                    : "The client '" + clientId + "' is not known to this server.");
        }
        String redirectUri = single(params, "redirect_uri");
        if (redirectUri == null || !idp.redirectUris().allowed(clientId, redirectUri)) {
            throw new Refused(redirectUri == null ? "The request names no redirect_uri."
                    : "The redirect_uri is not registered for client '" + clientId + "' (KIT_COUPONS_REDIRECT_URIS).");
        }
        String state = params.getOrDefault("state", List.of()).isEmpty() ? null : params.get("state").getFirst();
        for (String name : PARAMETERS) {
            if (params.getOrDefault(name, List.of()).size() > 1) {
                throw error(redirectUri, state, "invalid_request", "Parameter " + name + " was sent more than once");
            }
        }
        if (!"code".equals(single(params, "response_type"))) {
            throw error(redirectUri, state, params.containsKey("response_type") ? "unsupported_response_type"
                    : "invalid_request", "Only response_type=code is supported");
        }
        String mode = single(params, "response_mode");
        if (mode != null && !mode.equals("query")) {
            throw error(redirectUri, state, "invalid_request", "Only response_mode=query is supported");
        }
        String challenge = single(params, "code_challenge");
        if (challenge == null || !"S256".equals(single(params, "code_challenge_method"))) {
            throw error(redirectUri, state, "invalid_request", "PKCE is required: send code_challenge with "
                    + "code_challenge_method=S256");
        }
        if (!challenge.matches(CHALLENGE)) {
            throw error(redirectUri, state, "invalid_request", "code_challenge must be the 43-character BASE64URL "
                    + "SHA-256 of the code_verifier");
        }
        String scope = Optional.ofNullable(single(params, "scope")).orElse("openid profile email").strip();
        if (scope.isEmpty() || !SCOPES.containsAll(List.of(scope.split("\\s+")))) {
            throw error(redirectUri, state, "invalid_scope", "Supported scopes: openid, profile, email");
        }
        if ("none".equals(single(params, "prompt"))) {
            throw error(redirectUri, state, "login_required", "The user must log in (this provider keeps no "
                    + "browser session)");
        }
        return new Request(clientId, redirectUri, scope, state, challenge, single(params, "nonce"));
    }

    /**
     * The user logged in on the login page: a code for the request.
     *
     * @return where the browser goes next: the redirect URI with {@code code}, {@code state} and {@code iss}
     */
    String codeFor(Request r, IdpUsers.User user) {
        Instant now = idp.clock().instant();
        String code = idp.codes().issue(new AuthorizationCodes.Grant(r.clientId(), r.redirectUri(), user.id(),
                r.codeChallenge(), r.nonce(), r.scope(), UUID.randomUUID().toString(), now,
                now.plus(Duration.ofSeconds(CODE_TTL_SECONDS))));
        Map<String, String> q = new LinkedHashMap<>();
        q.put("code", code);
        if (r.state() != null) {
            q.put("state", r.state());
        }
        q.put("iss", idp.issuer().get()); // RFC 9207: the client can tell which provider answered
        return withQuery(r.redirectUri(), q);
    }

    /**
     * {@code grant_type=authorization_code}: the code, the redirect URI it was issued for, the PKCE verifier.
     *
     * @throws IdentityProvider.OAuthError {@code invalid_client} (401), {@code invalid_request} or
     *                                     {@code invalid_grant} (400)
     */
    IdentityProvider.Tokens exchange(String clientId, String code, String redirectUri, String verifier) {
        idp.checkClient(clientId);
        if (code == null || code.isEmpty() || redirectUri == null || redirectUri.isEmpty()) {
            throw new IdentityProvider.OAuthError(400, "invalid_request", "Missing form parameter: "
                    + (code == null || code.isEmpty() ? "code" : "redirect_uri"));
        }
        AuthorizationCodes.Redeemed redeemed = idp.codes().redeem(code).orElseThrow(() -> invalidGrant("Code not valid"));
        if (redeemed instanceof AuthorizationCodes.Replayed replay) {
            idp.endSession(replay.grant().sessionId()); // RFC 6749 4.1.2: revoke what the code gave
            throw invalidGrant("Code already used; the session it started has ended");
        }
        AuthorizationCodes.Grant g = ((AuthorizationCodes.Fresh) redeemed).grant();
        if (!idp.clock().instant().isBefore(g.expiresAt())) {
            throw invalidGrant("Code expired");
        }
        if (!g.clientId().equals(clientId)) {
            throw invalidGrant("Code was issued to another client");
        }
        if (!g.redirectUri().equals(redirectUri)) {
            throw invalidGrant("Incorrect redirect_uri");
        }
        if (verifier == null || !verifier.matches(VERIFIER)) {
            throw invalidGrant("PKCE verification failed: a code_verifier of 43 to 128 characters is required");
        }
        if (!Secrets.same(s256(verifier), g.codeChallenge())) {
            throw invalidGrant("PKCE verification failed: code_verifier does not match code_challenge");
        }
        IdpUsers.User user = idp.findById(g.userId()).orElseThrow(() -> invalidGrant("User not found"));
        boolean openid = List.of(g.scope().split("\\s+")).contains("openid");
        return idp.issue(clientId, user, g.sessionId(), openid
                ? new IdentityProvider.IdTokenFacts(g.authTime(), g.nonce()) : null);
    }

    /** RFC 6749 section 4.1.2.1: the error goes back to the client with its state. */
    static Redirect error(String redirectUri, String state, String error, String description) {
        Map<String, String> q = new LinkedHashMap<>();
        q.put("error", error);
        q.put("error_description", description);
        if (state != null) {
            q.put("state", state);
        }
        return new Redirect(withQuery(redirectUri, q));
    }

    static String s256(String verifier) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static IdentityProvider.OAuthError invalidGrant(String description) {
        return new IdentityProvider.OAuthError(400, "invalid_grant", description);
    }

    private static String single(Map<String, List<String>> params, String name) {
        List<String> values = params.getOrDefault(name, List.of());
        return values.size() == 1 && !values.getFirst().isEmpty() ? values.getFirst() : null;
    }

    private static String withQuery(String uri, Map<String, String> q) {
        StringBuilder b = new StringBuilder(uri).append(uri.contains("?") ? '&' : '?');
        q.forEach((k, v) -> b.append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)).append('&'));
        return b.substring(0, b.length() - 1);
    }
}
