package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.PathMatchers;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.staticcontent.ClasspathHandlerConfig;
import io.helidon.webserver.staticcontent.StaticContentFeature;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The coupons front end: a plain page (classpath {@code coupons/web}) at {@code /app/} on the coupons listener.
 * It lists the catalogue and logs in with the embedded provider's authorization-code flow with PKCE (client
 * {@code coupon-web}, redirect URI {@code /app/} on the issuer's origin), then shows the profile and the user's
 * coupons. The page may load code and data from its own origin only (Content-Security-Policy); no referrer
 * leaves it (the callback URL carries the code until the page removes it).
 */
final class CouponsWebUi implements HttpService {
    static final String CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    /** The front end's OAuth client id. */
    static final String CLIENT_ID = "coupon-web";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final IdentityProvider idp;
    private final HttpService files = StaticContentFeature.createService(ClasspathHandlerConfig.builder()
            .location("coupons/web")
            .welcome("index.html")
            .build());

    CouponsWebUi(IdentityProvider idp) {
        this.idp = idp;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/config.json", (req, res) -> {
            // what the page needs to start the login: the issuer (discovery), its client id and redirect URI
            String issuer = idp.issuer().get();
            URI i = URI.create(issuer);
            Map<String, String> config = new LinkedHashMap<>();
            config.put("issuer", issuer);
            config.put("client_id", CLIENT_ID);
            config.put("redirect_uri", i.getScheme() + "://" + i.getRawAuthority() + "/app/");
            res.header(HeaderNames.CONTENT_TYPE, "application/json");
            res.header(HeaderNames.CACHE_CONTROL, "no-cache");
            res.send(JSON.writeValueAsBytes(config));
        });
        rules.route(Method.predicate(Method.GET, Method.HEAD), PathMatchers.create("/*"), (req, res) -> {
            res.header(HeaderNames.CACHE_CONTROL, "no-cache");
            res.header("Content-Security-Policy", CSP);
            res.header("X-Content-Type-Options", "nosniff");
            res.header("Referrer-Policy", "no-referrer");
            res.next();
        });
        rules.register(files);
    }
}
