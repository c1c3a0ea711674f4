package dev.contractkit.quotas;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.specs.Api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The eleven provider mocks (the kit's mock server, real sockets, free ports) and an environment pointing at them. */
final class MockProviders implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final MockServers mocks;

    private MockProviders(MockServers mocks) {
        this.mocks = mocks;
    }

    static MockProviders start() {
        MockOptions.Builder b = MockOptions.builder().apis(Api.inGroup(Api.Group.PROVIDERS));
        Api.inGroup(Api.Group.PROVIDERS).forEach(a -> b.port(a, 0));
        return new MockProviders(MockServers.start(b.build()));
    }

    String url(Provider p) {
        return mocks.url(Api.byId(p.id()).orElseThrow());
    }

    /** Switches one provider's mock to a named example ({@code PUT /mockserver/kit/outcome}); null goes back. */
    void outcome(Provider p, String example) {
        outcome(p, example == null ? null : "example=" + example, example == null ? "DELETE" : "PUT");
    }

    void outcome(Provider p, String query, String method) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url(p) + "/mockserver/kit/outcome"
                    + (query == null ? "" : "?" + query))).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException(r.body());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    void reset() {
        for (Provider p : Provider.values()) {
            outcome(p, null);
        }
    }

    /**
     * An environment for quotas: home, config and cache under {@code home}, every base URL on the mocks and a
     * credential for every provider (Cursor's in its auth file).
     */
    Map<String, String> environment(Path home) throws IOException {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", home.toString());
        env.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        env.put("XDG_CACHE_HOME", home.resolve("cache").toString());
        env.put("QUOTAS_UPDATE_URL", "http://127.0.0.1:9/never");
        for (Provider p : Provider.values()) {
            env.put(p.envPrefix() + "_BASE_URL", url(p));
        }
        for (String key : new String[]{"DEEPSEEK_API_KEY", "GITHUB_COPILOT_TOKEN", "KIMI_API_KEY", "MINIMAX_API_KEY",
                "OPENROUTER_API_KEY", "SILICONFLOW_API_KEY", "ZAI_API_KEY"}) {
            env.put(key, "test-key");
        }
        // Claude, Codex and Gemini take only their CLIs' OAuth logins (an API key is reported, not sent)
        write(home.resolve(".claude/.credentials.json"), "{\"claudeAiOauth\":{\"accessToken\":\"claude-token\"}}");
        write(home.resolve(".codex/auth.json"), "{\"tokens\":{\"access_token\":\"codex-token\",\"account_id\":\"acc\"}}");
        write(home.resolve(".gemini/oauth_creds.json"), "{\"access_token\":\"gemini-token\"}");
        write(home.resolve(".config/cursor/auth.json"), "{\"accessToken\":\"cursor-token\"}");
        return env;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    @Override
    public void close() {
        mocks.close();
    }
}
