package dev.contractkit.quotas.providers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Credential discovery per provider, in the documented order (README), from a home directory built per test. */
class CredentialDiscoveryTest {
    @TempDir
    Path home;

    private Optional<Credential> discover(Provider p, Map<String, String> vars) {
        Map<String, String> all = new HashMap<>(vars);
        all.put("HOME", home.toString());
        return Sources.first(Specs.of(p).sources(), Environment.of(all));
    }

    private void write(String relative, String text) throws IOException {
        Path f = home.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    @Test
    void claudeCredentialsFileWinsOverTheApiKeyAndCarriesThePlan() throws IOException {
        write(".claude/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"oauth-1\",\"subscriptionType\":\"max\"}}");
        Credential c = discover(Provider.CLAUDE, Map.of("ANTHROPIC_API_KEY", "sk-ant")).orElseThrow();
        assertThat(c.value()).isEqualTo("oauth-1");
        assertThat(c.extra("plan")).contains("max");
    }

    @Test
    void theKimiCliLoginIsReadAfterTheKeyVariablesAndBeforeTheKeyFile() throws IOException {
        write(".kimi/api_key", "platform-key");
        write(".kimi/credentials/kimi-code.json", "{\"access_token\":\"kimi-oauth\",\"refresh_token\":\"r\",\"expires_at\":"
                + (System.currentTimeMillis() / 1000 + 600) + ".25,\"scope\":\"kimi-code\",\"token_type\":\"Bearer\"}");
        assertThat(discover(Provider.KIMI, Map.of())).map(Credential::value).contains("kimi-oauth");
        assertThat(discover(Provider.KIMI, Map.of("KIMI_API_KEY", "env-key"))).map(Credential::value).contains("env-key");
        write("share/credentials/kimi-code.json", "{\"access_token\":\"share-dir\"}");
        assertThat(discover(Provider.KIMI, Map.of("KIMI_SHARE_DIR", home.resolve("share").toString())))
                .map(Credential::value).contains("share-dir");
    }

    @Test
    void anExpiredKimiCliLoginIsNotSentAndSaysHowToRenewIt() throws IOException {
        write(".kimi/credentials/kimi-code.json", "{\"access_token\":\"kimi-oauth\",\"expires_at\":"
                + (System.currentTimeMillis() / 1000 - 60) + ".5}");
        PlainHttpRefusalTest.Recording calls = new PlainHttpRefusalTest.Recording();
        Environment env = Environment.of(Map.of("HOME", home.toString()));
        ProviderResult r = Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(1), calls).fetch(Provider.KIMI);
        assertThat(calls.sent).isEmpty();
        assertThat(((ProviderResult.AuthRequired) r).message()).contains("the Kimi CLI's login in ").contains("kimi-code.json expired at")
                .contains("run `kimi`");
    }

    @Test
    void theCursorAppsLoginIsReadFromItsStateDatabaseWithTheUserOfItsToken() throws Exception {
        boolean sqlite = Environment.of(System.getenv()).program("sqlite3").isPresent();
        // ./kit test installs sqlite3; where it is missing the test skips, except on CI, where that is a failure
        assertThat(sqlite || !"true".equals(System.getenv("CI"))).as("sqlite3 is not installed (apt-get install sqlite3;"
                + " ./kit test installs it)").isTrue();
        org.junit.jupiter.api.Assumptions.assumeTrue(sqlite, "sqlite3 is not installed");
        String payload = java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString("{\"sub\":\"auth0|user_01ABC\",\"exp\":4102444800}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String jwt = "eyJhbGciOiJIUzI1NiJ9." + payload + ".sig";
        Path db = home.resolve("xdg/Cursor/User/globalStorage/state.vscdb");
        Files.createDirectories(db.getParent());
        Process p = new ProcessBuilder("sqlite3", db.toString(), "CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);"
                + " INSERT INTO ItemTable VALUES ('cursorAuth/accessToken', '" + jwt + "'), ('other', 'x');").inheritIO().start();
        assertThat(p.waitFor()).isZero();
        Map<String, String> vars = Map.of("XDG_CONFIG_HOME", home.resolve("xdg").toString(), "PATH", System.getenv("PATH"));
        Credential c = discover(Provider.CURSOR, vars).orElseThrow();
        assertThat(c.value()).isEqualTo(jwt);
        assertThat(c.extra("user")).contains("user_01ABC");
        assertThat(Cursor.sessionToken(c.value(), c.extra("user"))).isEqualTo("user_01ABC%3A%3A" + jwt);
        // the CLI's auth.json still comes first
        write(".config/cursor/auth.json", "{\"accessToken\":\"cli-token\"}");
        assertThat(discover(Provider.CURSOR, vars)).map(Credential::value).contains("cli-token");
    }

    @Test
    void claudeConfigDirComesFirst() throws IOException {
        write(".claude/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"home\"}}");
        write("elsewhere/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"config-dir\"}}");
        assertThat(discover(Provider.CLAUDE, Map.of("CLAUDE_CONFIG_DIR", home.resolve("elsewhere").toString())))
                .map(Credential::value).contains("config-dir");
    }

    @Test
    void aBrokenCredentialsFileFallsThroughToTheNextSource() throws IOException {
        write(".claude/.credentials.json", "{not json");
        assertThat(discover(Provider.CLAUDE, Map.of("ANTHROPIC_API_KEY", "sk-ant"))).map(Credential::value).contains("sk-ant");
    }

    @Test
    void codexReadsTheAuthFileWithItsAccountId() throws IOException {
        write(".codex/auth.json", "{\"tokens\":{\"access_token\":\"at\",\"account_id\":\"acc-1\"}}");
        Credential c = discover(Provider.CODEX, Map.of("OPENAI_API_KEY", "sk")).orElseThrow();
        assertThat(c.value()).isEqualTo("at");
        assertThat(c.extra("account")).contains("acc-1");
        assertThat(discover(Provider.CODEX, Map.of())).isPresent();
    }

    @Test
    void environmentVariablesComeBeforeKeyFilesAndInTheirOrder() throws IOException {
        write(".kimi", "file-key\n");
        assertThat(discover(Provider.KIMI, Map.of("KIMI_API_KEY", "kimi", "MOONSHOT_API_KEY", "moonshot")))
                .map(Credential::value).contains("moonshot");
        assertThat(discover(Provider.KIMI, Map.of("KIMI_API_KEY", "kimi"))).map(Credential::value).contains("kimi");
        assertThat(discover(Provider.KIMI, Map.of())).map(Credential::value).contains("file-key");
        assertThat(discover(Provider.ZAI, Map.of("ZAI_API_KEY", "z", "ZHIPU_API_KEY", "zh"))).map(Credential::value).contains("zh");
    }

    @Test
    void aKeyDirectoryHoldsItsKeyInApiKey() throws IOException {
        write(".deepseek/api_key", "# my key\n  sk-ds  \n");
        assertThat(discover(Provider.DEEPSEEK, Map.of())).map(Credential::value).contains("sk-ds");
    }

    /** A stand-in for macOS's {@code security}: answers the Keychain items of Claude Code and Codex, logs its calls. */
    private Map<String, String> fakeKeychain() throws IOException {
        Path bin = home.resolve("bin");
        Files.createDirectories(bin);
        String codexAccount = Codex.keyringAccount(home.resolve(".codex"));
        Path security = bin.resolve("security");
        Files.writeString(security, "#!/bin/sh\n"
                + "echo \"$*\" >> '" + home.resolve("security-calls") + "'\n"
                + "case \"$*\" in\n"
                + "  'find-generic-password -s Claude Code-credentials -a alice -w') "
                + "echo '{\"claudeAiOauth\":{\"accessToken\":\"claude-from-keychain\",\"subscriptionType\":\"team\"}}' ;;\n"
                + "  'find-generic-password -s Codex Auth -a " + codexAccount + " -w') "
                + "echo '{\"tokens\":{\"access_token\":\"codex-from-keychain\",\"account_id\":\"acc-9\"}}' ;;\n"
                + "  *) echo 'security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.' >&2; exit 44 ;;\n"
                + "esac\n");
        security.toFile().setExecutable(true);
        Path secretTool = bin.resolve("secret-tool");
        Files.writeString(secretTool, "#!/bin/sh\n"
                + "[ \"$*\" = 'lookup service Codex Auth username " + codexAccount + "' ] || exit 1\n"
                + "printf '%s' '{\"tokens\":{\"access_token\":\"codex-from-secret-service\"}}'\n");
        secretTool.toFile().setExecutable(true);
        return Map.of("PATH", bin + ":/usr/bin:/bin", "USER", "alice", "HOME", home.toString());
    }

    @Test
    void onMacOsTheLoginsInTheKeychainAreFoundBeforeAnApiKey() throws IOException {
        Map<String, String> vars = new HashMap<>(fakeKeychain());
        vars.put("ANTHROPIC_API_KEY", "sk-ant");
        vars.put("OPENAI_API_KEY", "sk-openai");
        Environment mac = Environment.of(vars, "Mac OS X");
        Credential claude = Sources.first(Specs.of(Provider.CLAUDE).sources(), mac).orElseThrow();
        assertThat(claude.value()).isEqualTo("claude-from-keychain");
        assertThat(claude.extra("plan")).contains("team");
        assertThat(claude.source()).isEqualTo("macOS Keychain item 'Claude Code-credentials'");
        Credential codex = Sources.first(Specs.of(Provider.CODEX).sources(), mac).orElseThrow();
        assertThat(codex.value()).isEqualTo("codex-from-keychain");
        assertThat(codex.extra("account")).contains("acc-9");
    }

    @Test
    void onLinuxCodexsLoginIsFoundInTheSecretServiceWhenItKeepsItThere() throws IOException {
        Map<String, String> vars = new HashMap<>(fakeKeychain());
        vars.put("OPENAI_API_KEY", "sk-openai");
        Credential codex = Sources.first(Specs.of(Provider.CODEX).sources(), Environment.of(vars, "Linux")).orElseThrow();
        assertThat(codex.value()).isEqualTo("codex-from-secret-service");
        assertThat(codex.source()).isEqualTo("Secret Service item 'Codex Auth'");
    }

    @Test
    void theKeychainIsAskedOnlyOnMacOsAndAFileLoginComesFirst() throws IOException {
        Map<String, String> vars = new HashMap<>(fakeKeychain());
        vars.put("ANTHROPIC_API_KEY", "sk-ant");
        Credential linux = Sources.first(Specs.of(Provider.CLAUDE).sources(), Environment.of(vars, "Linux")).orElseThrow();
        assertThat(linux.value()).isEqualTo("sk-ant");
        assertThat(linux.extra(Sources.API_KEY_ONLY)).isPresent();
        assertThat(home.resolve("security-calls")).doesNotExist();
        write(".claude/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"file\"}}");
        assertThat(Sources.first(Specs.of(Provider.CLAUDE).sources(), Environment.of(vars, "Mac OS X"))).map(Credential::value)
                .contains("file");
        assertThat(home.resolve("security-calls")).doesNotExist();
    }

    @Test
    void blankVariablesDoNotCount() {
        assertThat(discover(Provider.OPENROUTER, Map.of("OPENROUTER_API_KEY", "  "))).isEmpty();
    }

    @Test
    void cursorBuildsItsSessionCookieFromBothFiles() throws IOException {
        write(".config/cursor/auth.json", "{\"accessToken\":\"tok\"}");
        write(".config/cursor/cli-config.json", "{\"authInfo\":{\"authId\":\"auth0|user_01ABC\"}}");
        Credential c = discover(Provider.CURSOR, Map.of()).orElseThrow();
        assertThat(c.value()).isEqualTo("tok");
        assertThat(Cursor.sessionToken(c.value(), Optional.of("user_01ABC"))).isEqualTo("user_01ABC%3A%3Atok");
    }

    @Test
    void copilotReadsTheOauthTokenOfItsConfig() throws IOException {
        write(".config/github-copilot/hosts.json", "{\"github.com\":{\"user\":\"octocat\",\"oauth_token\":\"gho_1\"}}");
        assertThat(discover(Provider.GITHUB_COPILOT, Map.of())).map(Credential::value).contains("gho_1");
        assertThat(discover(Provider.GITHUB_COPILOT, Map.of("GITHUB_COPILOT_TOKEN", "env"))).map(Credential::value).contains("env");
    }

    @Test
    void withoutCredentialsTheResultIsAuthRequiredNamingWhereItLooked() {
        Fetcher fetcher = Fetcher.create(Environment.of(Map.of("HOME", home.toString())),
                BaseUrls.of(Environment.of(Map.of()), Map.of()), Duration.ofSeconds(1));
        ProviderResult r = fetcher.fetch(Provider.MINIMAX);
        assertThat(r).isInstanceOf(ProviderResult.AuthRequired.class);
        assertThat(((ProviderResult.AuthRequired) r).message()).contains("$MINIMAX_API_KEY").contains("~/.minimax");
    }

    @Test
    void baseUrlsComeFromTheEnvironmentThenTheConfigThenTheRealHost() {
        Environment env = Environment.of(Map.of("QUOTAS_GITHUB_COPILOT_BASE_URL", "http://127.0.0.1:9/"));
        BaseUrls urls = BaseUrls.of(env, Map.of("github-copilot", "http://config", "zai", "http://127.0.0.1:8111"));
        assertThat(urls.of(Provider.GITHUB_COPILOT)).isEqualTo("http://127.0.0.1:9");
        assertThat(urls.of(Provider.ZAI)).isEqualTo("http://127.0.0.1:8111");
        assertThat(urls.of(Provider.CLAUDE)).isEqualTo("https://api.anthropic.com");
        assertThat(urls.kimiBalance()).isEqualTo("https://api.moonshot.ai");
    }
}
