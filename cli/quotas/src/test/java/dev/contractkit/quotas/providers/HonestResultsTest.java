package dev.contractkit.quotas.providers;

import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What quotas reports is what the provider said: no made-up plan, no "available" without a plan or a window, money
 * in dollars, and an API key where only an OAuth login works is reported instead of being sent for a bare 401.
 */
class HonestResultsTest {
    @TempDir
    Path home;

    private final List<String> sent = new ArrayList<>();

    private ProviderResult fetch(Provider p, Map<String, String> vars, Function<String, Response> answers) {
        Map<String, String> all = new HashMap<>(vars);
        all.put("HOME", home.toString());
        Environment env = Environment.of(all);
        Calls calls = new Calls() {
            @Override
            public Response get(String url, Map<String, String> headers) {
                sent.add("GET " + url + " " + headers);
                return answers.apply(url);
            }

            @Override
            public Response post(String url, Map<String, String> headers, String jsonBody) {
                sent.add("POST " + url + " " + headers);
                return answers.apply(url);
            }
        };
        return Fetcher.create(env, BaseUrls.of(Environment.of(Map.of()), Map.of()), Duration.ofSeconds(1), calls).fetch(p);
    }

    private void write(String relative, String text) throws IOException {
        Path f = home.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    @Test
    void anApiKeyWhereOnlyAnOauthLoginWorksIsReportedAndNotSent() {
        Map<Provider, String> keys = Map.of(Provider.CLAUDE, "ANTHROPIC_API_KEY", Provider.CODEX, "OPENAI_API_KEY",
                Provider.GEMINI, "GEMINI_API_KEY");
        keys.forEach((p, key) -> {
            ProviderResult r = fetch(p, Map.of(key, "sk-secret"), url -> new Response(401, "{}"));
            assertThat(r).as(p.id()).isInstanceOf(ProviderResult.AuthRequired.class);
            assertThat(((ProviderResult.AuthRequired) r).message()).as(p.id()).contains("only an API key was found ($" + key + ")")
                    .contains("accepts only an OAuth login").contains("log in with").doesNotContain("401");
        });
        assertThat(sent).isEmpty();
    }

    @Test
    void codexAuthFileHoldingOnlyAnApiKeyIsReportedToo() throws IOException {
        write(".codex/auth.json", "{\"OPENAI_API_KEY\":\"sk-in-file\",\"tokens\":null}");
        ProviderResult r = fetch(Provider.CODEX, Map.of(), url -> new Response(401, "{}"));
        assertThat(((ProviderResult.AuthRequired) r).message()).contains("only an API key was found").contains("auth.json")
                .contains("codex login");
        assertThat(sent).isEmpty();
    }

    @Test
    void theOauthLoginWinsOverAnApiKeyAndIsSent() throws IOException {
        write(".claude/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"oauth-token\",\"subscriptionType\":\"pro\"}}");
        ProviderResult r = fetch(Provider.CLAUDE, Map.of("ANTHROPIC_API_KEY", "sk-secret"),
                url -> new Response(200, "{\"five_hour\":{\"utilization\":10}}"));
        assertThat(r).isInstanceOf(ProviderResult.Available.class);
        assertThat(((ProviderResult.Available) r).plan()).isEqualTo("pro");
        assertThat(sent).singleElement().asString().contains("Bearer oauth-token").doesNotContain("sk-secret");
    }

    @Test
    void aPlanIsNeverMadeUp() throws IOException {
        write(".claude/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"oauth-token\"}}");
        ProviderResult r = fetch(Provider.CLAUDE, Map.of(), url -> new Response(200, "{\"five_hour\":{\"utilization\":10}}"));
        assertThat(((ProviderResult.Available) r).plan()).isEmpty();
        assertThat(ResultJson.toJson(r).has("plan")).isFalse();
        assertThat(ResultJson.fromJson(ResultJson.toJson(r))).isEqualTo(r);
    }

    @Test
    void noPlanAndNoWindowIsNotAvailable() throws IOException {
        write(".gemini/oauth_creds.json", "{\"access_token\":\"g\"}");
        ProviderResult r = fetch(Provider.GEMINI, Map.of(), url -> new Response(200, "{\"buckets\":[]}"));
        assertThat(r).isInstanceOf(ProviderResult.Unavailable.class);
        assertThat(((ProviderResult.Unavailable) r).message()).isEqualTo("Gemini answered but reported no plan and no quota window");
    }

    @Test
    void cursorMoneyIsInDollars() {
        ProviderResult r = Cursor.parse(new Response(200, "{\"planInfo\":{\"planName\":\"Pro\"}}"),
                new Response(200, "{\"planUsage\":{\"totalSpend\":1234,\"limit\":2000},\"billingCycleEnd\":\"2026-12-01T00:00:00Z\"}"),
                Instant.parse("2026-11-23T12:00:00Z"));
        Window w = ((ProviderResult.Available) r).windows().get(0);
        assertThat(w.unit()).isEqualTo("USD");
        assertThat(w.used()).hasValue(12.34);
        assertThat(w.limit()).hasValue(20.0);
        assertThat(w.remaining().getAsDouble()).isCloseTo(7.66, Assertions.within(1e-9));
    }
}
