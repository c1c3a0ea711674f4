package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.DemoCredentials;
import dev.contractkit.reference.platform.PublicUrl;
import dev.contractkit.reference.platform.Secrets;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The embedded identity provider's endpoints under {@code /realms/{realm}} (token, revocation, discovery,
 * JWKS), on the generated {@code IdentityService}'s routes, and the authorization endpoint with its login page
 * ({@code GET|POST /protocol/openid-connect/auth}, {@link AuthorizationFlow}, {@link LoginPage}). Token and revocation override the operation methods:
 * they read the form themselves, as errors use OAuth 2.0's {@code {error, error_description}} rather than the
 * generated validation's error shape. Token and revocation answers
 * carry {@code Cache-Control: no-store}. Not in the contract's rate-limit categories; failed logins are
 * throttled instead (429 {@code too_many_attempts} with {@code Retry-After}), and a server checking too many logins
 * at once refuses more at once (429 {@code temporarily_unavailable}, {@code Retry-After: 1}). The per-address
 * limit counts the client's address ({@link PublicUrl#clientAddress}: behind a trusted proxy, the forwarded one). The issuer (tokens, discovery)
 * is configuration ({@link IssuerUrl}); the listener's real port is learnt once it started.
 */
final class IdentityEndpoint extends IdentityService {
    private static final String AUTH_PATH = "/protocol/openid-connect/auth";
    private static final String CSRF_COOKIE = "KIT_LOGIN_CSRF";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final IdentityProvider idp;
    private final AuthorizationFlow flow;
    private final ObjectMapper json = new ObjectMapper();

    IdentityEndpoint(IdentityProvider idp) {
        this.idp = idp;
        this.flow = new AuthorizationFlow(idp);
    }

    /** The authorization endpoint and its login page: HTML for a browser, so not an operation of the contract. */
    @Override
    public void routing(HttpRules rules) {
        rules.get(AUTH_PATH, this::authorize);
        rules.post(AUTH_PATH, this::login);
        super.routing(rules);
    }

    /** {@code GET .../auth}: checks the authorization request and shows the login form. */
    private void authorize(ServerRequest req, ServerResponse res) {
        if (!realmOrPage(req, res)) {
            return;
        }
        try {
            AuthorizationFlow.Request r = flow.check(multiForm(req.query().rawValue()));
            LoginPage.form(res, 200, idp.realm(), action(), r.parameters(), csrf(req, res), "", null);
        } catch (IllegalArgumentException e) {
            LoginPage.error(res, 400, "The request's query is not valid percent-encoding.");
        } catch (AuthorizationFlow.Refused e) {
            LoginPage.error(res, 400, e.getMessage());
        } catch (AuthorizationFlow.Redirect e) {
            redirect(res, Status.FOUND_302, e.location);
        }
    }

    /**
     * {@code POST .../auth}: the login form. The CSRF token must match its cookie (set by the form's page, HttpOnly,
     * SameSite=Strict), the authorization request is checked again, then the username and password as the
     * password grant checks them (throttle included); success redirects (303) to the client with the code.
     */
    private void login(ServerRequest req, ServerResponse res) {
        if (!realmOrPage(req, res)) {
            return;
        }
        String contentType = req.headers().contentType().map(m -> m.mediaType().text()).orElse("");
        Map<String, List<String>> form;
        try {
            form = contentType.equalsIgnoreCase("application/x-www-form-urlencoded") && req.content().hasEntity()
                    ? multiForm(req.content().as(String.class)) : null;
        } catch (IllegalArgumentException e) {
            form = null;
        }
        if (form == null) {
            LoginPage.error(res, 400, "The login form must be posted as application/x-www-form-urlencoded.");
            return;
        }
        String cookie = req.headers().cookies().first(CSRF_COOKIE).orElse("");
        String sent = form.getOrDefault("csrf", List.of("")).getFirst();
        if (cookie.isEmpty() || !Secrets.same(cookie, sent)) {
            LoginPage.error(res, 403, "The login form expired or was not sent from this server's login page; "
                    + "start the login again from the application.");
            return;
        }
        AuthorizationFlow.Request r;
        try {
            r = flow.check(form);
        } catch (AuthorizationFlow.Refused e) {
            LoginPage.error(res, 400, e.getMessage());
            return;
        } catch (AuthorizationFlow.Redirect e) {
            redirect(res, Status.SEE_OTHER_303, e.location);
            return;
        }
        String username = form.getOrDefault("username", List.of("")).getFirst();
        try {
            IdpUsers.User user = idp.authenticate(username, form.getOrDefault("password", List.of("")).getFirst(),
                    PublicUrl.clientAddress(req), DemoCredentials.indirect(req));
            redirect(res, Status.SEE_OTHER_303, flow.codeFor(r, user));
        } catch (IdentityProvider.OAuthError e) {
            if (e.retryAfter > 0) {
                res.header(HeaderNames.RETRY_AFTER, Long.toString(e.retryAfter));
            }
            String message = e.status == 429 ? e.getMessage() : e.getMessage().equals("Invalid user credentials")
                    ? "Invalid username or password." : e.getMessage();
            LoginPage.form(res, e.status == 429 ? 429 : 401, idp.realm(), action(), r.parameters(), sent, username,
                    message);
        }
    }

    private String action() {
        return java.net.URI.create(idp.issuer().get()).getRawPath() + AUTH_PATH;
    }

    /** The CSRF token of this browser: its cookie's when it has a sane one (other tabs keep working), else new. */
    private String csrf(ServerRequest req, ServerResponse res) {
        String token = req.headers().cookies().first(CSRF_COOKIE).filter(v -> v.matches("[A-Za-z0-9_-]{43}"))
                .orElseGet(() -> {
                    byte[] b = new byte[32];
                    RANDOM.nextBytes(b);
                    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
                });
        boolean https = idp.issuer().get().startsWith("https:");
        res.header(HeaderNames.SET_COOKIE, CSRF_COOKIE + "=" + token + "; Path=" + action() + "; HttpOnly; "
                + "SameSite=Strict" + (https ? "; Secure" : ""));
        return token;
    }

    private static void redirect(ServerResponse res, Status status, String location) {
        res.status(status);
        res.header(HeaderNames.LOCATION, location);
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        res.header("Referrer-Policy", "no-referrer");
        res.send();
    }

    private boolean realmOrPage(ServerRequest req, ServerResponse res) {
        if (idp.realm().equals(req.path().pathParameters().get("realm"))) {
            return true;
        }
        LoginPage.error(res, 404, "Realm does not exist.");
        return false;
    }

    private boolean realm(ServerRequest req, ServerResponse res) {
        if (idp.realm().equals(req.path().pathParameters().get("realm"))) {
            return true;
        }
        send(res, 404, Map.of("error", "Realm does not exist", "error_description", "Realm does not exist"));
        return false;
    }

    @Override
    public void afterStart(WebServer server) {
        idp.issuer().started(server.port());
    }

    @Override
    protected void handleGetJsonWebKeySet(ServerRequest req, ServerResponse res, String realm) {
        if (realm(req, res)) {
            send(res, 200, idp.publicKeys().toJSONObject(true));
        }
    }

    @Override
    protected void handleGetOpenIdConfiguration(ServerRequest req, ServerResponse res, String realm) {
        if (realm(req, res)) {
            send(res, 200, idp.discovery());
        }
    }

    /** @return the form, or null after answering 400 (another content type) */
    private Map<String, String> formOf(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        if (!realm(req, res)) {
            return null;
        }
        String contentType = req.headers().contentType().map(m -> m.mediaType().text()).orElse("");
        if (!contentType.equalsIgnoreCase("application/x-www-form-urlencoded")) {
            oauthError(res, 400, "invalid_request", "Content-Type must be application/x-www-form-urlencoded");
            return null;
        }
        try {
            return form(req.content().hasEntity() ? req.content().as(String.class) : "");
        } catch (IllegalArgumentException e) {
            oauthError(res, 400, "invalid_request", "The form body is not valid application/x-www-form-urlencoded");
            return null;
        }
    }

    /** RFC 7009: 200 with an empty body whether or not the token was valid; 400/401 for a bad request. */
    @Override
    protected void revokeToken(ServerRequest req, ServerResponse res) {
        Map<String, String> form = formOf(req, res);
        if (form == null) {
            return;
        }
        String token = form.get("token");
        if (token == null || token.isEmpty()) {
            oauthError(res, 400, "invalid_request", "Missing form parameter: token");
            return;
        }
        try {
            idp.revoke(form.get("client_id"), token);
            res.status(Status.OK_200);
            res.send();
        } catch (IdentityProvider.OAuthError e) {
            challenge(req, res, e.status);
            oauthError(res, e.status, e.error, e.getMessage());
        }
    }

    @Override
    protected void requestToken(ServerRequest req, ServerResponse res) {
        Map<String, String> form = formOf(req, res);
        if (form == null) {
            return;
        }
        String grant = form.get("grant_type");
        try {
            IdentityProvider.Tokens tokens;
            if (grant == null || grant.isEmpty()) {
                oauthError(res, 400, "invalid_request", "Missing form parameter: grant_type");
                return;
            } else if (grant.equals("authorization_code")) {
                tokens = flow.exchange(form.get("client_id"), form.get("code"), form.get("redirect_uri"),
                        form.get("code_verifier"));
            } else if (grant.equals("password")) {
                tokens = idp.passwordGrant(form.get("client_id"), form.get("username"), form.get("password"),
                        PublicUrl.clientAddress(req), DemoCredentials.indirect(req));
            } else if (grant.equals("refresh_token")) {
                if (form.get("refresh_token") == null) {
                    oauthError(res, 400, "invalid_request", "Missing form parameter: refresh_token");
                    return;
                }
                tokens = idp.refreshGrant(form.get("client_id"), form.get("refresh_token"));
            } else {
                oauthError(res, 400, "unsupported_grant_type", "Unsupported grant_type");
                return;
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("access_token", tokens.accessToken());
            body.put("expires_in", tokens.expiresIn());
            body.put("refresh_expires_in", tokens.refreshExpiresIn());
            body.put("refresh_token", tokens.refreshToken());
            body.put("token_type", "Bearer");
            body.put("not-before-policy", 0);
            body.put("scope", tokens.scope());
            if (tokens.idToken() != null) {
                body.put("id_token", tokens.idToken());
            }
            send(res, 200, body);
        } catch (IdentityProvider.OAuthError e) {
            if (e.retryAfter > 0) {
                res.header(HeaderNames.RETRY_AFTER, Long.toString(e.retryAfter));
            }
            challenge(req, res, e.status);
            oauthError(res, e.status, e.error, e.getMessage());
        }
    }

    /**
     * RFC 6749 section 5.2: a client that tried to authenticate with the {@code Authorization} header and failed
     * gets 401 with a {@code WWW-Authenticate} challenge for the scheme it used.
     */
    private void challenge(ServerRequest req, ServerResponse res, int status) {
        if (status != 401) {
            return;
        }
        Admission.authorizationScheme(req)
                .ifPresent(scheme -> res.header(HeaderNames.WWW_AUTHENTICATE, scheme + " realm=\"" + idp.realm() + "\""));
    }

    private void oauthError(ServerResponse res, int status, String error, String description) {
        send(res, status, Map.of("error", error, "error_description", description));
    }

    private void send(ServerResponse res, int status, Object body) {
        try {
            res.status(Status.create(status));
            res.header(HeaderNames.CONTENT_TYPE, "application/json");
            res.send(json.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every value of every parameter (the authorization endpoint refuses a repeated one, RFC 6749 3.1). */
    private static Map<String, List<String>> multiForm(String text) {
        Map<String, List<String>> out = new HashMap<>();
        for (String pair : (text == null ? "" : text).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
        }
        return out;
    }

    private static Map<String, String> form(String text) {
        Map<String, String> out = new HashMap<>();
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.putIfAbsent(k, v);
        }
        return out;
    }
}
