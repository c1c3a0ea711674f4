package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cursor: {@code POST /api/dashboard/get-plan-info} and {@code get-current-period-usage} with the session cookie
 * (specs/openapi/providers/cursor.yaml).
 */
final class Cursor implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.jsonFile("~/.config/cursor/auth.json (accessToken) + cli-config.json (authInfo.authId)",
                        env -> Optional.of(env.home(".config/cursor/auth.json")), "/accessToken", Map.of()),
                // the Cursor app's login: its global state database, key cursorAuth/accessToken (a JWT whose sub names the user)
                Sources.sqlite("the Cursor app's login (User/globalStorage/state.vscdb, cursorAuth/accessToken; needs sqlite3)",
                        env -> Optional.of(env.macOS() ? env.home("Library/Application Support/Cursor/User/globalStorage/state.vscdb")
                                : env.get("XDG_CONFIG_HOME").map(Path::of).orElse(env.home(".config"))
                                .resolve("Cursor/User/globalStorage/state.vscdb")),
                        "cursorAuth/accessToken", token -> subject(token).map(u -> Map.of("user", u)).orElse(Map.of())));
    }

    /** @return the user id of a JWT access token: the part of its {@code sub} claim after the last {@code |} */
    static Optional<String> subject(String jwt) {
        String[] parts = jwt.split("\\.");
        if (parts.length < 2) {
            return Optional.empty();
        }
        try {
            JsonNode claims = ResultJson.mapper().readTree(java.util.Base64.getUrlDecoder().decode(parts[1]));
            String sub = claims.path("sub").asText("");
            return sub.isEmpty() ? Optional.empty() : Optional.of(sub.substring(sub.lastIndexOf('|') + 1));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        String cookie = "WorkosCursorSessionToken=" + sessionToken(c.value(), userId(c));
        Map<String, String> headers = Map.of("Cookie", cookie, "Accept", "application/json", "Origin", "https://cursor.com");
        String base = urls.of(Provider.CURSOR);
        Response plan = calls.post(base + "/api/dashboard/get-plan-info", headers, "{}");
        if (!plan.ok()) {
            return parse(plan, plan, now);
        }
        return parse(plan, calls.post(base + "/api/dashboard/get-current-period-usage", headers, "{}"), now);
    }

    /** The user id: the last {@code |} part of {@code authInfo.authId} in cli-config.json next to auth.json. */
    private static Optional<String> userId(Credential c) {
        if (c.extra("user").isPresent()) {
            return c.extra("user"); // the app's login: from the token itself
        }
        if (c.source().startsWith("$") || !c.source().endsWith(".json")) {
            return Optional.empty(); // a stand-in or a variable: no file to look next to
        }
        try {
            Path config = Path.of(c.source()).resolveSibling("cli-config.json");
            JsonNode n = ResultJson.mapper().readTree(config.toFile());
            String auth = n.at("/authInfo/authId").asText("");
            return auth.isEmpty() ? Optional.empty() : Optional.of(auth.substring(auth.lastIndexOf('|') + 1));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static String sessionToken(String accessToken, Optional<String> userId) {
        return userId.map(u -> u + "%3A%3A" + accessToken).orElse(accessToken);
    }

    static ProviderResult parse(Response planInfo, Response usage, Instant now) {
        if (!planInfo.ok()) {
            return Replies.refused(Provider.CURSOR, planInfo, now);
        }
        if (!usage.ok()) {
            return Replies.refused(Provider.CURSOR, usage, now);
        }
        String plan = planInfo.json().at("/planInfo/planName").asText("");
        if (plan.isEmpty()) {
            return Replies.unexpected(Provider.CURSOR, planInfo, now);
        }
        if (plan.equalsIgnoreCase("free") || plan.equalsIgnoreCase("hobby")) {
            return Replies.unavailable(Provider.CURSOR, "no paid Cursor plan (plan: " + plan + ")", now);
        }
        JsonNode u = usage.json();
        JsonNode p = u.path("planUsage");
        Optional<Double> spent = Replies.number(p.path("totalSpend"));
        Optional<Double> limit = Replies.number(p.path("limit"));
        if (spent.isEmpty() || limit.isEmpty()) {
            return new ProviderResult.Available(Provider.CURSOR, plan, List.of(), now);
        }
        // Cursor reports cents; quotas shows dollars
        return new ProviderResult.Available(Provider.CURSOR, plan, List.of(Window.of("month", spent.get() / 100, limit.get() / 100, "USD",
                Replies.time(u.path("billingCycleEnd")))), now);
    }
}
