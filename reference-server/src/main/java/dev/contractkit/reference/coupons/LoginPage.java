package dev.contractkit.reference.coupons;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The HTML of the embedded provider's login page: a form that posts the username, the password, the
 * authorization request's parameters (hidden) and the CSRF token back to the authorization endpoint; and the
 * error page for a request that must not be redirected. Every value is HTML-escaped; the page runs no script,
 * may not be framed and is not stored ({@code Cache-Control: no-store}).
 */
final class LoginPage {
    private static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; "
            + "base-uri 'none'";
    private static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;"
            + "padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;"
            + "box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1.2rem}.error{color:#b00020}";

    private LoginPage() {
    }

    /**
     * @param action the authorization endpoint's path
     * @param params the authorization request's parameters
     * @param csrf   the CSRF token (also in the cookie)
     * @param error  a message above the form, or null
     */
    static void form(ServerResponse res, int status, String realm, String action, Map<String, String> params,
                     String csrf, String username, String error) {
        StringBuilder b = head("Log in to " + realm);
        b.append("<h1>Log in</h1><p>to <strong>").append(esc(params.get("client_id"))).append("</strong> (realm ")
                .append(esc(realm)).append(")</p>");
        if (error != null) {
            b.append("<p class=\"error\" role=\"alert\">").append(esc(error)).append("</p>");
        }
        b.append("<form method=\"post\" action=\"").append(esc(action)).append("\">");
        params.forEach((k, v) -> hidden(b, k, v));
        hidden(b, "csrf", csrf);
        b.append("<label for=\"username\">Username</label><input id=\"username\" name=\"username\" "
                        + "autocomplete=\"username\" required autofocus value=\"").append(esc(username)).append("\">")
                .append("<label for=\"password\">Password</label><input id=\"password\" name=\"password\" "
                        + "type=\"password\" autocomplete=\"current-password\" required>")
                .append("<button type=\"submit\">Log in</button></form></body></html>");
        send(res, status, b);
    }

    /** A request that cannot be answered to the client: the user sees why. */
    static void error(ServerResponse res, int status, String message) {
        StringBuilder b = head("Login error");
        b.append("<h1>Cannot log in</h1><p class=\"error\" role=\"alert\">").append(esc(message))
                .append("</p></body></html>");
        send(res, status, b);
    }

    private static StringBuilder head(String title) {
        return new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>")
                .append(esc(title)).append("</title><style>").append(STYLE).append("</style></head><body>");
    }

    private static void hidden(StringBuilder b, String name, String value) {
        b.append("<input type=\"hidden\" name=\"").append(esc(name)).append("\" value=\"").append(esc(value))
                .append("\">");
    }

    private static void send(ServerResponse res, int status, StringBuilder html) {
        res.status(Status.create(status));
        res.header(HeaderNames.CONTENT_TYPE, "text/html; charset=UTF-8");
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        res.header("Content-Security-Policy", CSP);
        res.header("X-Frame-Options", "DENY");
        res.header("X-Content-Type-Options", "nosniff");
        // not no-referrer: a browser then posts the form with "Origin: null", which the listener refuses as foreign
        res.header("Referrer-Policy", "same-origin");
        res.send(html.toString().getBytes(StandardCharsets.UTF_8));
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
