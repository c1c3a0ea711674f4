package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Expired logins of Claude Code and the Gemini CLI are renewed with their refresh tokens, as the CLIs do, against
 * fake token and usage endpoints on a real socket; Gemini asks {@code loadCodeAssist} first for its project and plan.
 */
class OAuthRenewalTest {
    private static HttpServer server;
    private static final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    Path home;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/claude-token", x -> {
            String body = body(x);
            seen.add("claude-token " + body);
            JsonNode n = ResultJson.mapper().readTree(body);
            if (n.path("refresh_token").asText().equals("r1") && n.path("grant_type").asText().equals("refresh_token")) {
                answer(x, 200, "{\"access_token\":\"a2\",\"refresh_token\":\"r2\",\"expires_in\":28800,\"token_type\":\"Bearer\"}");
            } else {
                answer(x, 400, "{\"error\":\"invalid_grant\",\"error_description\":\"Refresh token not found or invalid\"}");
            }
        });
        server.createContext("/google-token", x -> {
            String body = body(x);
            seen.add("google-token " + x.getRequestHeaders().getFirst("Content-Type") + " " + body);
            answer(x, 200, "{\"access_token\":\"g2\",\"expires_in\":3599,\"token_type\":\"Bearer\"}");
        });
        server.createContext("/api/oauth/usage", x -> {
            String auth = x.getRequestHeaders().getFirst("Authorization");
            seen.add("usage " + auth);
            if ("Bearer a2".equals(auth)) {
                answer(x, 200, "{\"five_hour\":{\"utilization\":42,\"resets_at\":\"2026-11-23T17:00:00Z\"}}");
            } else {
                answer(x, 401, "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"OAuth token has expired.\"}}");
            }
        });
        server.createContext("/v1internal:loadCodeAssist", x -> {
            seen.add("loadCodeAssist " + x.getRequestHeaders().getFirst("Authorization") + " " + body(x));
            answer(x, 200, "{\"currentTier\":{\"id\":\"free-tier\",\"name\":\"Gemini Code Assist for individuals\"},"
                    + "\"cloudaicompanionProject\":\"proj-123\"}");
        });
        server.createContext("/v1internal:retrieveUserQuota", x -> {
            seen.add("retrieveUserQuota " + x.getRequestHeaders().getFirst("Authorization") + " " + body(x));
            answer(x, 200, "{\"buckets\":[{\"remainingFraction\":0.75,\"modelId\":\"gemini-2.5-pro\"}]}");
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    @BeforeEach
    void clear() {
        seen.clear();
    }

    private static String body(HttpExchange x) throws IOException {
        return new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
        x.close();
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private ProviderResult fetch(Provider p, Map<String, String> extra) {
        Map<String, String> vars = new HashMap<>(extra);
        vars.put("HOME", home.toString());
        vars.put(p.envPrefix() + "_BASE_URL", url());
        vars.putIfAbsent("QUOTAS_CLAUDE_TOKEN_URL", url() + "/claude-token");
        vars.putIfAbsent("QUOTAS_GEMINI_TOKEN_URL", url() + "/google-token");
        Environment env = Environment.of(vars);
        return Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(5)).fetch(p);
    }

    private Path claudeLogin(String access, String refresh, Instant expires) throws IOException {
        Path file = home.resolve(".claude/.credentials.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"claudeAiOauth\":{\"accessToken\":\"" + access + "\",\"refreshToken\":\"" + refresh
                + "\",\"expiresAt\":" + expires.toEpochMilli() + ",\"scopes\":[\"user:inference\"],\"subscriptionType\":\"max\"},"
                + "\"other\":1}");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    @Test
    void anExpiredClaudeLoginIsRenewedAndSavedAsClaudeCodeDoes() throws IOException {
        Path file = claudeLogin("a1", "r1", Instant.now().minus(Duration.ofHours(1)));
        ProviderResult r = fetch(Provider.CLAUDE, Map.of());
        assertThat(r).isInstanceOf(ProviderResult.Available.class);
        assertThat(((ProviderResult.Available) r).plan()).isEqualTo("max");
        assertThat(seen).hasSize(2);
        JsonNode sent = ResultJson.mapper().readTree(seen.get(0).substring("claude-token ".length()));
        assertThat(sent.path("grant_type").asText()).isEqualTo("refresh_token");
        assertThat(sent.path("client_id").asText()).isEqualTo("9d1c250a-e61b-44d9-88ed-5944d1962f5e");
        assertThat(seen.get(1)).isEqualTo("usage Bearer a2");
        // saved for Claude Code: the refresh token is single-use, the new one must not be lost
        JsonNode saved = ResultJson.mapper().readTree(Files.readString(file));
        assertThat(saved.at("/claudeAiOauth/accessToken").asText()).isEqualTo("a2");
        assertThat(saved.at("/claudeAiOauth/refreshToken").asText()).isEqualTo("r2");
        assertThat(saved.at("/claudeAiOauth/expiresAt").asLong()).isGreaterThan(Instant.now().plus(Duration.ofHours(7)).toEpochMilli());
        assertThat(saved.at("/claudeAiOauth/subscriptionType").asText()).isEqualTo("max");
        assertThat(saved.at("/claudeAiOauth/scopes/0").asText()).isEqualTo("user:inference");
        assertThat(saved.path("other").asInt()).isEqualTo(1);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void aLoginRefusedBeforeItsExpiryIsRenewedOnceAndAskedAgain() throws IOException {
        claudeLogin("a1", "r1", Instant.now().plus(Duration.ofHours(1)));
        ProviderResult r = fetch(Provider.CLAUDE, Map.of());
        assertThat(r).isInstanceOf(ProviderResult.Available.class);
        assertThat(seen).hasSize(3);
        assertThat(seen.get(0)).isEqualTo("usage Bearer a1");
        assertThat(seen.get(1)).startsWith("claude-token ").contains("\"refresh_token\":\"r1\"");
        assertThat(seen.get(2)).isEqualTo("usage Bearer a2");
    }

    @Test
    void aRenewalTheEndpointRefusesAsksToLogInAgainAndLeavesTheFileAlone() throws IOException {
        Path file = claudeLogin("a1", "revoked", Instant.now().minus(Duration.ofHours(1)));
        String before = Files.readString(file);
        ProviderResult r = fetch(Provider.CLAUDE, Map.of());
        assertThat(r).isInstanceOf(ProviderResult.AuthRequired.class);
        assertThat(((ProviderResult.AuthRequired) r).message()).contains("expired and could not be renewed (HTTP 400 invalid_grant)")
                .contains("log in again with Claude Code").doesNotContain("revoked");
        assertThat(Files.readString(file)).isEqualTo(before);
        assertThat(seen).noneMatch(s -> s.startsWith("usage"));
    }

    @Test
    void anExpiredGeminiLoginIsRenewedAndLoadCodeAssistGivesTheProjectAndThePlan() throws IOException {
        Path file = home.resolve(".gemini/oauth_creds.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"access_token\":\"g1\",\"refresh_token\":\"gr\",\"token_type\":\"Bearer\",\"expiry_date\":"
                + Instant.now().minus(Duration.ofMinutes(5)).toEpochMilli() + ".5,\"scope\":\"openid\"}");
        ProviderResult r = fetch(Provider.GEMINI, Map.of());
        assertThat(r).isInstanceOf(ProviderResult.Available.class);
        ProviderResult.Available a = (ProviderResult.Available) r;
        assertThat(a.plan()).isEqualTo("Gemini Code Assist for individuals");
        assertThat(a.windows()).singleElement().extracting(Window::label).isEqualTo("gemini-2.5-pro/1d");
        assertThat(seen.get(0)).startsWith("google-token application/x-www-form-urlencoded grant_type=refresh_token&refresh_token=gr")
                .contains("client_id=681255809395-oo8ft2oprdrnp9e3aqf6av3hmdib135j.apps.googleusercontent.com")
                .contains("client_secret=");
        JsonNode load = ResultJson.mapper().readTree(seen.get(1).substring(seen.get(1).indexOf('{')));
        assertThat(seen.get(1)).startsWith("loadCodeAssist Bearer g2 ");
        assertThat(load.at("/metadata/pluginType").asText()).isEqualTo("GEMINI");
        assertThat(seen.get(2)).isEqualTo("retrieveUserQuota Bearer g2 {\"project\":\"proj-123\"}");
        JsonNode saved = ResultJson.mapper().readTree(Files.readString(file));
        assertThat(saved.path("access_token").asText()).isEqualTo("g2");
        assertThat(saved.path("refresh_token").asText()).isEqualTo("gr");
        assertThat(saved.path("expiry_date").asLong()).isGreaterThan(Instant.now().toEpochMilli());
    }

    @Test
    void aProjectOfTheEnvironmentGoesToLoadCodeAssist() throws IOException {
        Path file = home.resolve(".gemini/oauth_creds.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"access_token\":\"g1\"}");
        fetch(Provider.GEMINI, Map.of("GOOGLE_CLOUD_PROJECT", "my-gcp"));
        JsonNode load = ResultJson.mapper().readTree(seen.get(0).substring(seen.get(0).indexOf('{')));
        assertThat(load.path("cloudaicompanionProject").asText()).isEqualTo("my-gcp");
        assertThat(load.at("/metadata/duetProject").asText()).isEqualTo("my-gcp");
    }

    @Test
    void aTokenEndpointOverPlainHttpToAnotherMachineIsRefusedBeforeAnythingIsSent() throws IOException {
        claudeLogin("a1", "r1", Instant.now().minus(Duration.ofHours(1)));
        ProviderResult r = fetch(Provider.CLAUDE, Map.of("QUOTAS_CLAUDE_TOKEN_URL", "http://10.255.255.1/token"));
        assertThat(((ProviderResult.NetworkError) r).message()).startsWith("insecure_url: ").contains("QUOTAS_CLAUDE_TOKEN_URL");
        assertThat(seen).isEmpty();
    }
}
