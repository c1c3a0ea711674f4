package dev.contractkit.quotas.providers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several accounts per provider: the GitHub CLI's hosts.yml (one and several users, tokens in the file or the
 * keyring, {@code GH_CONFIG_DIR} / {@code XDG_CONFIG_HOME}, {@code GH_TOKEN} / {@code GITHUB_TOKEN}), the Copilot
 * editors' apps.json and hosts.json, and one result per account without a second copy of a token or a user.
 * Real files in a temporary home; stand-ins for {@code secret-tool} and {@code security} on {@code PATH}.
 */
class AccountsTest {
    @TempDir
    Path home;

    private Environment env(Map<String, String> vars) {
        return env(vars, "Linux");
    }

    private Environment env(Map<String, String> vars, String os) {
        Map<String, String> all = new HashMap<>(vars);
        all.put("HOME", home.toString());
        all.putIfAbsent("PATH", home.resolve("no-bin").toString()); // no keyring tool unless a test puts one there
        return Environment.of(all, os);
    }

    private List<Credential> copilot(Map<String, String> vars) {
        return Sources.all(Specs.of(Provider.GITHUB_COPILOT).sources(), env(vars));
    }

    private void write(String relative, String text) throws IOException {
        Path f = home.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    /** gh 2.40+ with --insecure-storage: the active user's token beside it and every user's under users. */
    private static final String TWO_USERS = """
            github.com:
                users:
                    octocat:
                        oauth_token: gho_octo
                    monalisa:
                        oauth_token: gho_mona
                git_protocol: https
                oauth_token: gho_mona
                user: monalisa
            ghe.example.com:
                users:
                    enterprise-me:
                        oauth_token: gho_ghe
                oauth_token: gho_ghe
                user: enterprise-me
            """;

    @Test
    void everyGitHubCliAccountOfGithubComIsReadTheActiveOneFirst() throws IOException {
        write(".config/gh/hosts.yml", TWO_USERS);
        List<Credential> found = copilot(Map.of());
        assertThat(found).extracting(Credential::value).containsExactly("gho_mona", "gho_octo");
        assertThat(found).extracting(c -> c.extra("user").orElse("")).containsExactly("monalisa", "octocat");
        assertThat(Sources.labels(found, env(Map.of()))).containsExactly("monalisa", "octocat");
    }

    @Test
    void theOldSingleAccountLayoutIsReadToo() throws IOException {
        write(".config/gh/hosts.yml", "github.com:\n  oauth_token: gho_old\n  user: octocat\n  git_protocol: ssh\n");
        assertThat(copilot(Map.of())).extracting(Credential::value).containsExactly("gho_old");
    }

    @Test
    void theConfigDirectoryIsFoundAsGhFindsIt() throws IOException {
        write(".config/gh/hosts.yml", "github.com:\n  oauth_token: gho_home\n  user: home\n");
        write("xdg/gh/hosts.yml", "github.com:\n  oauth_token: gho_xdg\n  user: xdg\n");
        write("ghdir/hosts.yml", "github.com:\n  oauth_token: gho_dir\n  user: dir\n");
        String xdg = home.resolve("xdg").toString();
        assertThat(copilot(Map.of())).extracting(Credential::value).containsExactly("gho_home");
        assertThat(copilot(Map.of("XDG_CONFIG_HOME", xdg))).extracting(Credential::value).containsExactly("gho_xdg");
        assertThat(copilot(Map.of("XDG_CONFIG_HOME", xdg, "GH_CONFIG_DIR", home.resolve("ghdir").toString())))
                .extracting(Credential::value).containsExactly("gho_dir");
    }

    @Test
    void ghTokenThenGithubTokenStandInForTheActiveAccountAsInGh() throws IOException {
        write(".config/gh/hosts.yml", TWO_USERS);
        assertThat(copilot(Map.of("GITHUB_TOKEN", "ghp_env2", "GH_TOKEN", "ghp_env1"))).extracting(Credential::value)
                .containsExactly("ghp_env1", "gho_octo");
        List<Credential> found = copilot(Map.of("GITHUB_TOKEN", "ghp_env2"));
        assertThat(found).extracting(Credential::value).containsExactly("ghp_env2", "gho_octo");
        assertThat(Sources.labels(found, env(Map.of()))).containsExactly("$GITHUB_TOKEN", "octocat");
    }

    @Test
    void aTokenInTheKeyringIsReadWithSecretToolOnLinuxAndSecurityOnMacos() throws IOException {
        // gh's default: no token in the file, each in the keyring as service gh:github.com, account the user
        write(".config/gh/hosts.yml", "github.com:\n  users:\n    octocat:\n    monalisa:\n  user: octocat\n");
        Path bin = home.resolve("bin");
        Files.createDirectories(bin);
        Path secretTool = bin.resolve("secret-tool");
        Files.writeString(secretTool, "#!/bin/sh\n"
                + "echo \"$*\" >> '" + home.resolve("keyring-calls") + "'\n"
                + "case \"$*\" in\n"
                + "  'lookup service gh:github.com username octocat') printf 'gho_octo_keyring' ;;\n"
                + "  *) exit 1 ;;\n"
                + "esac\n");
        assertThat(secretTool.toFile().setExecutable(true)).isTrue();
        Path security = bin.resolve("security");
        String encoded = "go-keyring-base64:" + Base64.getEncoder().encodeToString("gho_mona_keychain".getBytes(StandardCharsets.UTF_8));
        Files.writeString(security, "#!/bin/sh\n"
                + "case \"$*\" in\n"
                + "  'find-generic-password -s gh:github.com -a monalisa -w') echo '" + encoded + "' ;;\n"
                + "  *) exit 44 ;;\n"
                + "esac\n");
        assertThat(security.toFile().setExecutable(true)).isTrue();
        Map<String, String> path = Map.of("PATH", bin.toString());
        Environment linux = env(path, "Linux");
        List<Credential> found = Sources.all(Specs.of(Provider.GITHUB_COPILOT).sources(), linux);
        assertThat(found).extracting(Credential::value).containsExactly("gho_octo_keyring");
        assertThat(found.get(0).source()).isEqualTo("the system keyring (gh:github.com, octocat)");
        assertThat(Files.readAllLines(home.resolve("keyring-calls"))).containsExactly(
                "lookup service gh:github.com username octocat", "lookup service gh:github.com username monalisa");
        // go-keyring keeps it base64-encoded in the macOS Keychain
        assertThat(Sources.all(Specs.of(Provider.GITHUB_COPILOT).sources(), env(path, "Mac OS X")))
                .extracting(Credential::value).containsExactly("gho_mona_keychain");
    }

    @Test
    void theCopilotEditorsFilesGiveOneCredentialPerGithubComAppWithoutDuplicates() throws IOException {
        write(".config/github-copilot/apps.json", """
                {"github.com:Iv1.b507a08c87ecfe98": {"user": "octocat", "oauth_token": "ghu_vim", "githubAppId": "Iv1.b507a08c87ecfe98"},
                 "github.com:Iv23ctfURkiMfJ4xr5mv": {"user": "monalisa", "oauth_token": "ghu_jetbrains"},
                 "ghe.example.com:Iv1.b507a08c87ecfe98": {"user": "me", "oauth_token": "ghu_enterprise"}}
                """);
        // the older hosts.json holds octocat's login again, under another token: the same account, one row
        write(".config/github-copilot/hosts.json", "{\"github.com\": {\"user\": \"octocat\", \"oauth_token\": \"gho_old\"}}");
        // gh knows monalisa (the same account) and a third one
        write(".config/gh/hosts.yml", "github.com:\n  users:\n    monalisa:\n      oauth_token: gho_m\n    hubot:\n"
                + "      oauth_token: ghu_vim\n  user: monalisa\n  oauth_token: gho_m\n");
        List<Credential> found = copilot(Map.of("GITHUB_COPILOT_TOKEN", "ghu_vim"));
        assertThat(found).extracting(Credential::value).as("each token once, each user once")
                .containsExactly("ghu_vim", "ghu_jetbrains");
        // the variable's token is octocat's (apps.json says so): the row is named after the user
        assertThat(Sources.labels(found, env(Map.of()))).containsExactly("octocat", "monalisa");
        assertThat(copilot(Map.of())).extracting(c -> c.extra("user").orElse("")).containsExactly("octocat", "monalisa");
    }

    @Test
    void aBrokenHostsFileIsNoLoginAndTheOtherSourcesStay() throws IOException {
        write(".config/gh/hosts.yml", "github.com: [unclosed\n  user: x");
        write(".config/github-copilot/apps.json", "{\"github.com:app\": {\"user\": \"octocat\", \"oauth_token\": \"ghu_1\"}}");
        assertThat(copilot(Map.of())).extracting(Credential::value).containsExactly("ghu_1");
    }

    @Test
    void anEnvironmentVariableAndAKeyFileAreTwoAccountsLabelledByWhereTheyWereFound() throws IOException {
        write(".deepseek", "sk-file\n");
        Environment env = env(Map.of("DEEPSEEK_API_KEY", "sk-env"));
        List<Credential> found = Sources.all(Specs.of(Provider.DEEPSEEK).sources(), env);
        assertThat(Sources.labels(found, env)).containsExactly("$DEEPSEEK_API_KEY", "~/.deepseek");
        // the same key in both places is one account
        assertThat(Sources.all(Specs.of(Provider.DEEPSEEK).sources(), env(Map.of("DEEPSEEK_API_KEY", "sk-file")))).hasSize(1);
    }

    @Test
    void anApiKeyThatTheEndpointRefusesIsNotAnAccountBesideALogin() throws IOException {
        write(".claude/.credentials.json", "{\"claudeAiOauth\":{\"accessToken\":\"oauth-1\"}}");
        assertThat(Sources.all(Specs.of(Provider.CLAUDE).sources(), env(Map.of("ANTHROPIC_API_KEY", "sk-ant"))))
                .extracting(Credential::value).containsExactly("oauth-1");
        assertThat(Sources.all(Specs.of(Provider.CLAUDE).sources(), env(Map.of("ANTHROPIC_API_KEY", "sk-ant"))).size()).isOne();
        Files.delete(home.resolve(".claude/.credentials.json"));
        assertThat(Sources.all(Specs.of(Provider.CLAUDE).sources(), env(Map.of("ANTHROPIC_API_KEY", "sk-ant"))))
                .extracting(Credential::value).containsExactly("sk-ant");
    }

    /** Answers Copilot's usage call by the token it carries: 200 for one account, 401 for the other. */
    static final class ByToken implements Calls {
        final List<String> tokens = new ArrayList<>();

        @Override
        public synchronized Response get(String url, Map<String, String> headers) {
            String token = headers.get("Authorization");
            tokens.add(token);
            return token.equals("token gho_octo")
                    ? new Response(200, "{\"copilot_plan\":\"individual\",\"quota_reset_date\":\"2026-12-01\",\"quota_snapshots\":"
                    + "{\"premium_interactions\":{\"entitlement\":300,\"remaining\":212,\"unlimited\":false}}}")
                    : new Response(401, "{\"message\":\"Bad credentials\"}");
        }

        @Override
        public Response post(String url, Map<String, String> headers, String jsonBody) {
            throw new AssertionError("Copilot is asked with GET");
        }
    }

    @Test
    void eachAccountIsAskedWithItsOwnTokenAndGetsItsOwnResult() throws IOException {
        write(".config/gh/hosts.yml", TWO_USERS);
        Environment env = env(Map.of("QUOTAS_GITHUB_COPILOT_BASE_URL", "http://127.0.0.1:9"));
        ByToken calls = new ByToken();
        List<ProviderResult> results = Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(1), calls)
                .fetchAccounts(Provider.GITHUB_COPILOT);
        assertThat(calls.tokens).containsExactlyInAnyOrder("token gho_mona", "token gho_octo");
        assertThat(results).extracting(ProviderResult::key).containsExactly("github-copilot:monalisa", "github-copilot:octocat");
        assertThat(results).extracting(ProviderResult::status)
                .containsExactly(ProviderResult.Status.AUTH_REQUIRED, ProviderResult.Status.AVAILABLE);
        assertThat(ResultJson.toJson(results.get(1)).path("account").asText()).isEqualTo("octocat");
        assertThat(ResultJson.fromJson(ResultJson.toJson(results.get(1)))).isEqualTo(results.get(1));
        // one account: no account name, the result is the provider's as before
        Files.writeString(home.resolve(".config/gh/hosts.yml"), "github.com:\n  oauth_token: gho_octo\n  user: octocat\n");
        List<ProviderResult> one = Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(1), new ByToken())
                .fetchAccounts(Provider.GITHUB_COPILOT);
        assertThat(one).extracting(ProviderResult::key).containsExactly("github-copilot");
        assertThat(ResultJson.toJson(one.get(0)).has("account")).isFalse();
    }
}
