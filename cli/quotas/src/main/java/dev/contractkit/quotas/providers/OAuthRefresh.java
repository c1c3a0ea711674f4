package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Renews an expired OAuth login of Claude Code or the Gemini CLI with its refresh token, at the token endpoint and
 * with the public client id each CLI uses, and writes the new tokens back into the CLI's own file (as the CLI does:
 * Claude's refresh tokens are single-use, so a renewal that is not saved would log Claude Code out). Only a login
 * read from a file is renewed; one from the Keychain or the Secret Service is left to its CLI.
 * <ul>
 * <li>Claude: {@code POST https://console.anthropic.com/v1/oauth/token}, JSON {@code grant_type=refresh_token,
 *     refresh_token, client_id}; answer {@code access_token}, {@code refresh_token}, {@code expires_in};
 *     saved as {@code claudeAiOauth.accessToken / refreshToken / expiresAt} (ms).</li>
 * <li>Gemini: {@code POST https://oauth2.googleapis.com/token}, form {@code grant_type=refresh_token, refresh_token,
 *     client_id, client_secret} (the Gemini CLI's installed-app client); answer {@code access_token},
 *     {@code expires_in}; saved as {@code access_token / expiry_date} (ms).</li>
 * </ul>
 * {@code QUOTAS_CLAUDE_TOKEN_URL} and {@code QUOTAS_GEMINI_TOKEN_URL} point elsewhere (tests).
 */
final class OAuthRefresh {
    static final String REFRESH = "refresh_token";
    static final String EXPIRES = "expires_at_ms";
    static final String FILE = "file";
    /** renew a little before the expiry, as the CLIs do */
    private static final Duration SKEW = Duration.ofMinutes(1);

    /** A renewal that did not work: the login must be renewed by the provider's CLI. */
    static final class Failed extends Exception {
        Failed(String message) {
            super(message);
        }
    }

    private record Client(String defaultUrl, String clientId, Optional<String> clientSecret, boolean json,
                          String accessPointer, String refreshPointer, String expiresPointer) {
    }

    private static final Map<Provider, Client> CLIENTS = Map.of(
            Provider.CLAUDE, new Client("https://console.anthropic.com/v1/oauth/token", "9d1c250a-e61b-44d9-88ed-5944d1962f5e",
                    Optional.empty(), true, "/claudeAiOauth/accessToken", "/claudeAiOauth/refreshToken", "/claudeAiOauth/expiresAt"),
            // an installed application's client: Google says its secret "is obviously not treated as a secret"
            Provider.GEMINI, new Client("https://oauth2.googleapis.com/token",
                    "681255809395-oo8ft2oprdrnp9e3aqf6av3hmdib135j.apps.googleusercontent.com",
                    Optional.of("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"), false, "/access_token", "/refresh_token", "/expiry_date"));

    private OAuthRefresh() {
    }

    /** @return the extras (name -> JSON pointer) a login file of this provider holds for renewal */
    static Map<String, String> extras(Provider p) {
        Client c = CLIENTS.get(p);
        return c == null ? Map.of() : Map.of(REFRESH, c.refreshPointer(), EXPIRES, c.expiresPointer());
    }

    /** @return the token endpoint of this provider ({@code QUOTAS_<PROVIDER>_TOKEN_URL} overrides it) */
    static Optional<String> tokenUrl(Provider p, Environment env) {
        return Optional.ofNullable(CLIENTS.get(p)).map(c -> env.get(p.envPrefix() + "_TOKEN_URL").orElse(c.defaultUrl()));
    }

    /** @return true when the credential can be renewed here (a refresh token read from a file) */
    static boolean possible(Provider p, Credential c) {
        return CLIENTS.containsKey(p) && c.extra(REFRESH).isPresent() && c.extra(FILE).isPresent();
    }

    /** @return true when it can be renewed and has expired (or expires within a minute) */
    static boolean due(Provider p, Credential c, Instant now) {
        return possible(p, c) && c.extra(EXPIRES).flatMap(OAuthRefresh::millis)
                .map(t -> !t.isAfter(now.plus(SKEW))).orElse(false);
    }

    private static Optional<Instant> millis(String text) {
        try {
            return Optional.of(Instant.ofEpochMilli((long) Double.parseDouble(text)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Renews the login and saves it into its file.
     *
     * @return the credential with the new access token
     * @throws Failed      when the endpoint refused (the message says what to do)
     * @throws IOException on a transport failure
     */
    static Credential renew(Provider p, Credential c, Calls calls, Environment env, Instant now)
            throws Failed, IOException, InterruptedException {
        Client client = CLIENTS.get(p);
        String url = tokenUrl(p, env).orElseThrow();
        String refresh = c.extra(REFRESH).orElseThrow();
        Response r;
        if (client.json()) {
            ObjectNode body = ResultJson.mapper().createObjectNode().put("grant_type", "refresh_token")
                    .put("refresh_token", refresh).put("client_id", client.clientId());
            r = calls.post(url, Map.of("Accept", "application/json"), body.toString());
        } else {
            String form = "grant_type=refresh_token&refresh_token=" + enc(refresh) + "&client_id=" + enc(client.clientId())
                    + client.clientSecret().map(s -> "&client_secret=" + enc(s)).orElse("");
            r = calls.postForm(url, Map.of("Accept", "application/json"), form);
        }
        JsonNode answer = r.ok() ? r.json() : null;
        String access = answer == null ? "" : answer.path("access_token").asText("");
        if (access.isBlank()) {
            String why = r.ok() ? "no access_token in the answer" : "HTTP " + r.status()
                    + Optional.ofNullable(r.json().path("error").textValue()).map(e -> " " + e).orElse("");
            throw new Failed("the login in " + c.extra(FILE).get() + " expired and could not be renewed (" + why + ")");
        }
        Optional<String> newRefresh = Optional.ofNullable(answer.path("refresh_token").textValue()).filter(s -> !s.isBlank());
        long expiresAt = now.plusSeconds(answer.path("expires_in").asLong(3600)).toEpochMilli();
        save(Path.of(c.extra(FILE).get()), client, access, newRefresh, expiresAt);
        Map<String, String> extras = new HashMap<>(c.extras());
        newRefresh.ifPresent(t -> extras.put(REFRESH, t));
        extras.put(EXPIRES, String.valueOf(expiresAt));
        return new Credential(access, c.source() + " (renewed)", extras);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** Writes the new tokens into the login file, every other field kept, atomically and with the file's permissions. */
    private static void save(Path file, Client client, String access, Optional<String> refresh, long expiresAt) throws IOException {
        JsonNode root = ResultJson.mapper().readTree(Files.readString(file));
        set(root, client.accessPointer(), access);
        refresh.ifPresent(t -> set(root, client.refreshPointer(), t));
        ObjectNode parent = (ObjectNode) root.at(client.expiresPointer().substring(0, client.expiresPointer().lastIndexOf('/')));
        parent.put(client.expiresPointer().substring(client.expiresPointer().lastIndexOf('/') + 1), expiresAt);
        Path tmp = file.resolveSibling(file.getFileName() + ".quotas.tmp");
        Files.writeString(tmp, ResultJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root));
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            Files.setPosixFilePermissions(tmp, perms);
        } catch (UnsupportedOperationException notPosix) {
            // keeps the directory's default
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void set(JsonNode root, String pointer, String value) {
        int slash = pointer.lastIndexOf('/');
        JsonNode parent = slash == 0 ? root : root.at(pointer.substring(0, slash));
        ((ObjectNode) parent).put(pointer.substring(slash + 1), value);
    }
}
