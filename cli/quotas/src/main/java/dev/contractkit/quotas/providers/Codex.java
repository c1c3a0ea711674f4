package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Codex: {@code GET /backend-api/wham/usage}; windows named by their length (specs/openapi/providers/codex.yaml). */
final class Codex implements Spec {
    @Override
    public List<Sources.Source> sources() {
        String advice = "log in with `codex login` (ChatGPT sign-in), which stores it in ~/.codex/auth.json"
                + " (or the Keychain with cli_auth_credentials_store = \"keyring\")";
        return List.of(
                Sources.jsonFile("~/.codex/auth.json (tokens.access_token)",
                        env -> Optional.of(home(env).resolve("auth.json")), "/tokens/access_token", Map.of("account", "/tokens/account_id")),
                // Codex with cli_auth_credentials_store = "keyring"|"auto": the same JSON under service "Codex Auth",
                // account "cli|" + the first 16 hex digits of SHA-256 of the canonical CODEX_HOME
                Sources.keychain("macOS Keychain 'Codex Auth'", "Codex Auth", env -> Optional.of(keyringAccount(home(env))),
                        "/tokens/access_token", Map.of("account", "/tokens/account_id")),
                Sources.secretService("Secret Service 'Codex Auth' (secret-tool)", "Codex Auth", env -> keyringAccount(home(env)),
                        "/tokens/access_token", Map.of("account", "/tokens/account_id")),
                Sources.apiKeyOnly(Sources.jsonFile("~/.codex/auth.json (OPENAI_API_KEY)",
                        env -> Optional.of(home(env).resolve("auth.json")), "/OPENAI_API_KEY", Map.of()), advice),
                Sources.apiKeyOnly(Sources.env("OPENAI_API_KEY"), advice));
    }

    private static Path home(Environment env) {
        return env.get("CODEX_HOME").map(Path::of).orElse(env.home(".codex"));
    }

    /** Codex's keyring account for a CODEX_HOME: {@code cli|} and 16 hex digits of the SHA-256 of its canonical path. */
    static String keyringAccount(Path codexHome) {
        Path canonical;
        try {
            canonical = codexHome.toRealPath();
        } catch (IOException e) {
            canonical = codexHome;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return "cli|" + HexFormat.of().formatHex(hash).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        Map<String, String> headers = new HashMap<>(Spec.bearer(c));
        c.extra("account").ifPresent(a -> headers.put("ChatGPT-Account-Id", a));
        return parse(calls.get(urls.of(Provider.CODEX) + "/backend-api/wham/usage", headers), now);
    }

    static ProviderResult parse(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.CODEX, r, now);
        }
        JsonNode n = r.json();
        String plan = n.path("plan_type").asText("");
        if (plan.isEmpty()) {
            return Replies.unexpected(Provider.CODEX, r, now);
        }
        JsonNode limits = n.path("rate_limit");
        if (!limits.isObject()) {
            return Replies.unavailable(Provider.CODEX, "no Codex usage on the " + plan + " plan", now);
        }
        List<Window> windows = new ArrayList<>();
        for (String field : List.of("primary_window", "secondary_window")) {
            JsonNode w = limits.path(field);
            Optional<Double> used = Replies.number(w.path("used_percent"));
            if (used.isPresent() && w.path("limit_window_seconds").canConvertToLong()) {
                windows.add(Window.of(Replies.duration(w.path("limit_window_seconds").asLong()), used.get(), 100, "percent",
                        Replies.epochSeconds(w.path("reset_at"))));
            }
        }
        return new ProviderResult.Available(Provider.CODEX, plan, windows, now);
    }
}
