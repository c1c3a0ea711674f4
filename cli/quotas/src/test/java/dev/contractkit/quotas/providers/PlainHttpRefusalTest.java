package dev.contractkit.quotas.providers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A real credential never leaves for another machine over plain HTTP: the call is not even made. */
class PlainHttpRefusalTest {
    @TempDir
    Path home;

    /** Records every call instead of sending it; answers 401 so a sent request shows as auth_required. */
    static final class Recording implements Calls {
        final List<String> sent = new ArrayList<>();

        @Override
        public Response get(String url, Map<String, String> headers) {
            sent.add("GET " + url + " " + headers);
            return new Response(401, "{}");
        }

        @Override
        public Response post(String url, Map<String, String> headers, String jsonBody) {
            sent.add("POST " + url + " " + headers);
            return new Response(401, "{}");
        }
    }

    private final Recording calls = new Recording();

    /** The OAuth logins Claude and Codex take (an API key alone is reported, never sent). */
    private void logins() {
        try {
            Files.createDirectories(home.resolve(".claude"));
            Files.writeString(home.resolve(".claude/.credentials.json"), "{\"claudeAiOauth\":{\"accessToken\":\"sk-real\"}}");
            Files.createDirectories(home.resolve(".codex"));
            Files.writeString(home.resolve(".codex/auth.json"), "{\"tokens\":{\"access_token\":\"k\"}}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ProviderResult fetch(Provider p, Map<String, String> vars) {
        Map<String, String> all = new HashMap<>(vars);
        all.put("HOME", home.toString());
        Environment env = Environment.of(all);
        return Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(1), calls).fetch(p);
    }

    @Test
    void aRealKeyIsNotSentOverPlainHttpToAnAddressOffThisMachine() {
        logins();
        ProviderResult r = fetch(Provider.CLAUDE, Map.of("QUOTAS_CLAUDE_BASE_URL", "http://10.255.255.1:9/"));
        assertThat(calls.sent).isEmpty();
        assertThat(r).isInstanceOf(ProviderResult.NetworkError.class);
        assertThat(((ProviderResult.NetworkError) r).message()).startsWith("insecure_url: ")
                .contains("plain HTTP to 10.255.255.1").contains("set QUOTAS_CLAUDE_BASE_URL").contains("https://");
    }

    @Test
    void aHostNameIsNotTrustedAsLoopbackEvenIfItResolvesThere() {
        ProviderResult r = fetch(Provider.ZAI, Map.of("ZAI_API_KEY", "real", "QUOTAS_ZAI_BASE_URL", "http://127.0.0.1.example.com:8111"));
        assertThat(calls.sent).isEmpty();
        assertThat(((ProviderResult.NetworkError) r).message()).contains("QUOTAS_ZAI_BASE_URL");
    }

    @Test
    void theConfigFileBaseUrlIsCheckedToo() {
        Environment env = Environment.of(Map.of("HOME", home.toString(), "DEEPSEEK_API_KEY", "real"));
        ProviderResult r = Fetcher.create(env, BaseUrls.of(env, Map.of("deepseek", "http://mock.lan:8104")), Duration.ofSeconds(1), calls)
                .fetch(Provider.DEEPSEEK);
        assertThat(calls.sent).isEmpty();
        assertThat(((ProviderResult.NetworkError) r).message()).contains("[base_urls] deepseek");
    }

    @Test
    void kimisBalanceHostIsCheckedBeforeTheFirstCall() {
        ProviderResult r = fetch(Provider.KIMI, Map.of("KIMI_API_KEY", "real", "QUOTAS_KIMI_BASE_URL", "https://api.kimi.com",
                "QUOTAS_KIMI_BALANCE_BASE_URL", "http://192.168.1.20"));
        assertThat(calls.sent).isEmpty();
        assertThat(((ProviderResult.NetworkError) r).message()).contains("QUOTAS_KIMI_BALANCE_BASE_URL");
    }

    @Test
    void plainHttpToLoopbackAndHttpsAnywhereAreSent() {
        logins();
        fetch(Provider.CLAUDE, Map.of("QUOTAS_CLAUDE_BASE_URL", "http://127.0.0.1:8101"));
        fetch(Provider.CODEX, Map.of("QUOTAS_CODEX_BASE_URL", "http://localhost:8102"));
        fetch(Provider.ZAI, Map.of("ZAI_API_KEY", "k", "QUOTAS_ZAI_BASE_URL", "http://[::1]:8111"));
        fetch(Provider.DEEPSEEK, Map.of("DEEPSEEK_API_KEY", "k", "QUOTAS_DEEPSEEK_BASE_URL", "https://10.0.0.5"));
        assertThat(calls.sent).hasSize(4);
    }

    @Test
    void aStandInTokenMayGoAnywhereAndNoRealCredentialIsRead() {
        ProviderResult r = fetch(Provider.CLAUDE, Map.of("ANTHROPIC_API_KEY", "sk-real", "QUOTAS_STAND_IN_TOKEN", "kit-demo",
                "QUOTAS_CLAUDE_BASE_URL", "http://10.0.0.5:8101"));
        assertThat(calls.sent).singleElement().asString().contains("Bearer kit-demo").doesNotContain("sk-real");
        assertThat(r).isInstanceOf(ProviderResult.AuthRequired.class);
    }

    @Test
    void loopbackIsOnlyLiteralLoopback() {
        assertThat(PlainHttp.loopback("127.1.2.3")).isTrue();
        assertThat(PlainHttp.loopback("[::1]")).isTrue();
        assertThat(PlainHttp.loopback("LOCALHOST")).isTrue();
        assertThat(PlainHttp.loopback("127.0.0.1.nip.io")).isFalse();
        assertThat(PlainHttp.loopback("128.0.0.1")).isFalse();
        assertThat(PlainHttp.loopback("127.0.0.256")).isFalse();
        assertThat(PlainHttp.exposes("HTTP://10.0.0.1")).isTrue();
    }
}
