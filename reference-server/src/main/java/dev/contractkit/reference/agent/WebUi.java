package dev.contractkit.reference.agent;

import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.PathMatchers;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.staticcontent.ClasspathHandlerConfig;
import io.helidon.webserver.staticcontent.StaticContentFeature;

/**
 * The agent's web front end: plain HTML, CSS and ES modules from the classpath folder {@code agent/web}, served
 * at {@code /} on the agent's listener by Helidon's static content handler (paths it does not have fall through
 * to the contract's 404). Every file is revalidated ({@code Cache-Control: no-cache} with Helidon's
 * {@code Last-Modified}), so a rebuilt server is never shown with a stale script; the page may load code and
 * data from its own origin only (Content-Security-Policy).
 */
final class WebUi implements HttpService {
    static final String CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    private final HttpService files = StaticContentFeature.createService(ClasspathHandlerConfig.builder()
            .location("agent/web")
            .welcome("index.html")
            .build());

    @Override
    public void routing(HttpRules rules) {
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
