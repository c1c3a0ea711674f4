package dev.contractkit.quotas;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ResultJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Attacks on quotas through real sockets: the mock set-up reading the user's real credentials, a redirect to plain
 * HTTP off the machine, a provider answering terminal control sequences.
 */
class CredentialSafetyTest {
    @TempDir
    Path home;

    record Run(int status, String out, String err) {
        JsonNode provider(String id) throws IOException {
            for (JsonNode p : ResultJson.mapper().readTree(out).path("providers")) {
                if (p.path("provider").asText().equals(id)) {
                    return p;
                }
            }
            throw new AssertionError(id + " not in " + out);
        }
    }

    private Run quotas(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, Environment.of(env), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Clock.systemUTC());
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Map<String, String> base() {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", home.toString());
        env.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        env.put("XDG_CACHE_HOME", home.resolve("cache").toString());
        env.put("QUOTAS_UPDATE_URL", "http://127.0.0.1:9/never");
        env.put("QUOTAS_TIMEOUT", "2");
        return env;
    }

    private void write(String relative, String text) throws IOException {
        Path f = home.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    /** The user's real credentials: every file quotas knows and every key variable, each holding "real-...". */
    private Map<String, String> realCredentials() throws IOException {
        write(".claude/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"real-claude\",\"subscriptionType\":\"max\"}}");
        write(".codex/auth.json", "{\"tokens\":{\"access_token\":\"real-codex\",\"account_id\":\"real-account\"}}");
        write(".config/cursor/auth.json", "{\"accessToken\":\"real-cursor\"}");
        write(".config/cursor/cli-config.json", "{\"authInfo\":{\"authId\":\"auth0|real-user\"}}");
        write(".gemini/oauth_creds.json", "{\"access_token\":\"real-gemini\",\"project_id\":\"real-project\"}");
        write("config/github-copilot/hosts.json", "{\"github.com\":{\"oauth_token\":\"real-copilot\"}}");
        for (String f : new String[]{".deepseek", ".kimi", ".minimax", ".openrouter", ".siliconflow", ".api-zai"}) {
            write(f, "real-" + f.substring(1));
        }
        Map<String, String> env = base();
        env.put("CLAUDE_CONFIG_DIR", home.resolve(".claude").toString());
        for (String key : new String[]{"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "DEEPSEEK_API_KEY", "GEMINI_API_KEY",
                "GITHUB_COPILOT_TOKEN", "MOONSHOT_API_KEY", "KIMI_API_KEY", "MINIMAX_API_KEY", "OPENROUTER_API_KEY",
                "SILICONFLOW_API_KEY", "ZHIPU_API_KEY", "ZAI_API_KEY"}) {
            env.put(key, "real-" + key);
        }
        return env;
    }

    /** Runs {@code ./kit quotas-mock-env} and applies its export lines, base URLs moved to {@code url}. */
    private static void applyMockEnv(Map<String, String> env, String url) throws Exception {
        Path kit = Path.of("").toAbsolutePath().resolve("../../kit").normalize();
        assertThat(kit).as("the kit launcher").isRegularFile();
        Process p = new ProcessBuilder("bash", kit.toString(), "quotas-mock-env").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        int exports = 0;
        for (String line : out.lines().toList()) {
            if (line.startsWith("export ")) {
                for (String assignment : line.substring(7).trim().split(" +")) {
                    int eq = assignment.indexOf('=');
                    env.put(assignment.substring(0, eq), assignment.substring(eq + 1).replaceFirst("^http://127\\.0\\.0\\.1:81\\d\\d", url));
                    exports++;
                }
            }
        }
        assertThat(exports).isGreaterThanOrEqualTo(Provider.values().length);
    }

    @Test
    void theMockEnvironmentSendsOnlyStandInsAlthoughRealCredentialsAreAtHomeAndInTheEnvironment() throws Exception {
        Map<String, String> env = realCredentials();
        try (Recorder recorder = new Recorder(path -> new Recorder.Answer(401, "{\"message\":\"mock\"}", null))) {
            applyMockEnv(env, recorder.url());

            Run run = quotas(env, "--json");

            assertThat(run.status()).isZero();
            for (Provider p : Provider.values()) {
                assertThat(run.provider(p.id()).path("message").asText()).as(p.id()).contains("refused the credentials (401)");
            }
            assertThat(recorder.requests).hasSizeGreaterThanOrEqualTo(Provider.values().length)
                    .allSatisfy(r -> assertThat(r).contains("kit-demo").doesNotContain("real-"));
        }
    }

    @Test
    void aRedirectToPlainHttpOffThisMachineIsNotFollowed() throws Exception {
        Map<String, String> env = base();
        env.put("ZAI_API_KEY", "real-zai");
        env.put("QUOTAS_TIMEOUT", "3");
        try (Recorder recorder = new Recorder(path -> new Recorder.Answer(302, "", "http://10.255.255.1:9/steal"))) {
            env.put("QUOTAS_ZAI_BASE_URL", recorder.url());

            JsonNode zai = quotas(env, "--json", "--provider=zai").provider("zai");

            assertThat(zai.path("status").asText()).isEqualTo("network_error");
            assertThat(zai.path("message").asText()).contains("redirected to http://10.255.255.1:9/steal")
                    .contains("does not send a credential over plain HTTP");
            assertThat(recorder.requests).hasSize(1);
        }
    }

    private static final String ZAI_PATH = "/api/monitor/usage/quota/limit";
    private static final String ZAI_OK = "{\"success\":true,\"data\":{\"planName\":\"Pro\",\"limits\":[]}}";

    @Test
    void aRedirectToAnotherOriginIsFollowedWithoutTheAuthorizationHeader() throws Exception {
        Map<String, String> env = base();
        env.put("ZAI_API_KEY", "real-zai");
        try (Recorder other = new Recorder(path -> new Recorder.Answer(200, ZAI_OK, null));
             Recorder first = new Recorder(path -> new Recorder.Answer(302, "", other.url() + ZAI_PATH))) {
            env.put("QUOTAS_ZAI_BASE_URL", first.url());

            JsonNode zai = quotas(env, "--json", "--provider=zai").provider("zai");

            assertThat(zai.path("status").asText()).isEqualTo("available");
            assertThat(first.requests).singleElement().asString().contains("real-zai");
            assertThat(other.requests).singleElement().asString().startsWith("GET " + ZAI_PATH)
                    .doesNotContain("real-zai").doesNotContainIgnoringCase("Authorization");
        }
    }

    @Test
    void aRedirectToAnotherOriginDoesNotCarryTheSessionCookie() throws Exception {
        Map<String, String> env = base();
        write(".config/cursor/auth.json", "{\"accessToken\":\"real-cursor\"}");
        try (Recorder other = new Recorder(path -> new Recorder.Answer(200, path.endsWith("get-plan-info")
                ? "{\"planInfo\":{\"planName\":\"Pro\"}}" : "{}", null));
             Recorder first = new Recorder(path -> new Recorder.Answer(307, "", other.url() + path))) {
            env.put("QUOTAS_CURSOR_BASE_URL", first.url());

            JsonNode cursor = quotas(env, "--json", "--provider=cursor").provider("cursor");

            assertThat(cursor.path("status").asText()).isEqualTo("available");
            assertThat(first.requests).hasSize(2).allSatisfy(r -> assertThat(r).contains("real-cursor"));
            assertThat(other.requests).hasSize(2).allSatisfy(r -> assertThat(r).startsWith("POST /api/dashboard/")
                    .doesNotContain("real-cursor").doesNotContainIgnoringCase("Cookie"));
        }
    }

    @Test
    void anotherOriginRefusingTheStrippedRequestIsReportedAsTheRedirectNotAsARefusedCredential() throws Exception {
        Map<String, String> env = base();
        env.put("ZAI_API_KEY", "real-zai");
        try (Recorder other = new Recorder(path -> new Recorder.Answer(401, "{}", null));
             Recorder first = new Recorder(path -> new Recorder.Answer(301, "", other.url() + ZAI_PATH))) {
            env.put("QUOTAS_ZAI_BASE_URL", first.url());

            JsonNode zai = quotas(env, "--json", "--provider=zai").provider("zai");

            assertThat(zai.path("status").asText()).isEqualTo("network_error");
            assertThat(zai.path("message").asText()).contains("redirected to another origin (" + other.url() + ZAI_PATH)
                    .contains("without the credential");
            assertThat(other.requests).singleElement().asString().doesNotContain("real-zai");
        }
    }

    @Test
    void aRedirectWithinTheSameOriginKeepsTheCredential() throws Exception {
        Map<String, String> env = base();
        env.put("ZAI_API_KEY", "real-zai");
        try (Recorder recorder = new Recorder(path -> path.startsWith("/moved")
                ? new Recorder.Answer(200, ZAI_OK, null) : new Recorder.Answer(308, "", "/moved" + path))) {
            env.put("QUOTAS_ZAI_BASE_URL", recorder.url());

            JsonNode zai = quotas(env, "--json", "--provider=zai").provider("zai");

            assertThat(zai.path("status").asText()).isEqualTo("available");
            assertThat(recorder.requests).hasSize(2).allSatisfy(r -> assertThat(r).contains("real-zai"));
        }
    }

    @Test
    void aRemotePlainHttpBaseUrlIsRefusedNamingTheVariableAndLoopbackStillWorks() throws Exception {
        Map<String, String> env = base();
        env.put("ZAI_API_KEY", "real-zai");
        env.put("DEEPSEEK_API_KEY", "real-deepseek");
        env.put("QUOTAS_ZAI_BASE_URL", "http://10.255.255.1:9");
        try (Recorder recorder = new Recorder(path -> new Recorder.Answer(200,
                "{\"is_available\":true,\"balance_infos\":[{\"currency\":\"USD\",\"total_balance\":\"3.50\"}]}", null))) {
            env.put("QUOTAS_DEEPSEEK_BASE_URL", recorder.url());

            Run run = quotas(env, "--json", "--provider=zai,deepseek");

            JsonNode zai = run.provider("zai");
            assertThat(zai.path("status").asText()).isEqualTo("network_error");
            assertThat(zai.path("message").asText()).startsWith("insecure_url: ").contains("set QUOTAS_ZAI_BASE_URL")
                    .contains("nothing was sent");
            assertThat(run.provider("deepseek").path("status").asText()).isEqualTo("available");
            assertThat(recorder.requests).singleElement().asString().contains("real-deepseek");
        }
    }

    @Test
    void theStatuslineAndTheJsonCarryNoControlSequenceAProviderSent() throws Exception {
        Map<String, String> env = base();
        write(".config/cursor/auth.json", "{\"accessToken\":\"t\"}");
        String evil = ResultJson.mapper().writeValueAsString("Pro\u001b]0;pwned\u0007\u001b[2J\u202e\u009b31m");
        try (Recorder recorder = new Recorder(path -> new Recorder.Answer(200, path.endsWith("get-plan-info")
                ? "{\"planInfo\":{\"planName\":" + evil + "}}" : "{}", null))) {
            env.put("QUOTAS_CURSOR_BASE_URL", recorder.url());

            Run json = quotas(env, "--json", "--provider=cursor");
            Run line = quotas(env, "--statusline", "--no-update-check", "--no-icons", "--provider=cursor");

            assertThat(json.provider("cursor").path("plan").asText()).isEqualTo("Pro");
            assertThat(json.out()).doesNotContain("\\u001b", "\\u0007", "\u202e", "\\u009b");
            assertThat(line.out().trim()).isEqualTo("cursor Pro");
            assertThat(line.out()).doesNotContain("\u001b", "\u0007", "\u202e", "\u009b");
        }
    }

    @Test
    void aCacheWrittenBeforeTheFixIsCleanedWhenTheStatuslineReadsIt() throws Exception {
        Map<String, String> env = base();
        write(".config/cursor/auth.json", "{\"accessToken\":\"t\"}");
        try (Recorder recorder = new Recorder(path -> new Recorder.Answer(200,
                path.endsWith("get-plan-info") ? "{\"planInfo\":{\"planName\":\"Pro\"}}" : "{}", null))) {
            env.put("QUOTAS_CURSOR_BASE_URL", recorder.url());
            quotas(env, "--json", "--provider=cursor");
        }
        Path cache = home.resolve("cache/quotas/cache.json");
        Files.writeString(cache, Files.readString(cache).replace("\"Pro\"", "\"Pro\\u001b]0;pwned\\u0007\""));

        Run line = quotas(env, "--statusline", "--no-update-check", "--no-icons", "--provider=cursor");

        assertThat(line.out().trim()).isEqualTo("cursor Pro");
    }
}
