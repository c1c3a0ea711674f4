package dev.contractkit.quotas.providers;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.contractkit.quotas.providers.VsCodeStateDb.session;
import static dev.contractkit.quotas.providers.VsCodeStateDb.sealed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * VS Code's own GitHub login for Copilot: real state databases (the {@code sqlite3} program) holding sessions sealed
 * as Electron's safeStorage seals them; stand-ins for {@code secret-tool} and {@code security} on {@code PATH}.
 */
class VsCodeLoginTest {
    @TempDir
    Path home;
    private Path bin;

    @BeforeEach
    void tools() throws IOException {
        VsCodeStateDb.requireSqlite3();
        bin = home.resolve("bin");
        Files.createDirectories(bin);
        Path sqlite = Environment.of(System.getenv()).program("sqlite3").orElseThrow();
        Files.createSymbolicLink(bin.resolve("sqlite3"), sqlite);
    }

    private Environment env(String os, Map<String, String> vars) {
        Map<String, String> all = new HashMap<>(vars);
        all.put("HOME", home.toString());
        all.put("PATH", bin.toString()); // sqlite3 and the stand-ins, nothing else
        return Environment.of(all, os);
    }

    private Environment linux() {
        return env("Linux", Map.of("XDG_CONFIG_HOME", home.resolve("xdg").toString()));
    }

    private List<Credential> copilot(Environment env) {
        return Sources.all(Specs.of(Provider.GITHUB_COPILOT).sources(), env);
    }

    private ProviderResult fetch(Environment env, PlainHttpRefusalTest.Recording calls) {
        return Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(1), calls).fetch(Provider.GITHUB_COPILOT);
    }

    private void tool(String name, String script) throws IOException {
        Path p = bin.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + script);
        assertThat(p.toFile().setExecutable(true)).isTrue();
    }

    @Test
    void theKeysAreChromiumsOwn() {
        // os_crypt_linux.cc: kV10Key = PBKDF2-HMAC-SHA1("peanuts", "saltysalt", 1), kEmptyKey the same of ""
        assertThat(HexFormat.of().formatHex(SafeStorage.key("peanuts", 1))).isEqualTo("fd621fe5a2b402539dfa147ca9272778");
        assertThat(HexFormat.of().formatHex(SafeStorage.key("", 1))).isEqualTo("d0d0ec9c7d77d43ac54187fa4818d17f");
    }

    @Test
    void vsCodesLoginSealedWithTheBasicPasswordIsAnAccountPerUserAskedWithItsToken() throws Exception {
        // octocat signed in twice (Copilot's user:email, and the GitHub extensions' wider scopes), monalisa in Insiders
        VsCodeStateDb.write(home.resolve("xdg"), "Code", sealed("[" + session("octocat", "gho_octo", "user:email") + ","
                + session("octocat", "gho_vs_octo_repo", "read:user", "user:email", "repo", "workflow") + "]", "v10", "peanuts", 1));
        VsCodeStateDb.write(home.resolve("xdg"), "Code - Insiders", sealed("[" + session("monalisa", "gho_vs_mona", "read:user")
                + "]", "v10", "peanuts", 1));
        List<Credential> found = copilot(linux());
        assertThat(found).extracting(Credential::value).containsExactly("gho_octo", "gho_vs_mona");
        assertThat(found).extracting(c -> c.extra("user").orElse("")).containsExactly("octocat", "monalisa");
        assertThat(found.get(0).source()).isEqualTo("Code's GitHub login in " + home.resolve("xdg/Code/User/globalStorage/state.vscdb"));
        // asked with each token: octocat's is the one the endpoint takes
        AccountsTest.ByToken calls = new AccountsTest.ByToken();
        Environment env = env("Linux", Map.of("XDG_CONFIG_HOME", home.resolve("xdg").toString(),
                "QUOTAS_GITHUB_COPILOT_BASE_URL", "http://127.0.0.1:9"));
        List<ProviderResult> results = Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(1), calls)
                .fetchAccounts(Provider.GITHUB_COPILOT);
        assertThat(calls.tokens).containsExactlyInAnyOrder("token gho_octo", "token gho_vs_mona");
        assertThat(results).extracting(ProviderResult::key).containsExactly("github-copilot:octocat", "github-copilot:monalisa");
        assertThat(results).extracting(ProviderResult::status)
                .containsExactly(ProviderResult.Status.AVAILABLE, ProviderResult.Status.AUTH_REQUIRED);
        // ~/.config without XDG_CONFIG_HOME; VSCodium there too; copilot.vim's login of octocat comes first, once
        VsCodeStateDb.write(home.resolve(".config"), "VSCodium", sealed("[" + session("octocat", "gho_codium", "user:email")
                + "]", "v10", "peanuts", 1));
        Files.createDirectories(home.resolve(".config/github-copilot"));
        Files.writeString(home.resolve(".config/github-copilot/apps.json"), "{\"github.com:Iv1.b507a08c87ecfe98\":"
                + "{\"user\":\"octocat\",\"oauth_token\":\"ghu_vim\"}}");
        assertThat(copilot(env("Linux", Map.of()))).extracting(Credential::value).containsExactly("ghu_vim");
    }

    @Test
    void aDamagedOrForeignValueIsReportedNotSentAndAnotherLoginStillCounts() throws Exception {
        PlainHttpRefusalTest.Recording calls = new PlainHttpRefusalTest.Recording();
        VsCodeStateDb.write(home.resolve("xdg"), "Code", sealed("[" + session("octocat", "gho_vs_octo", "user:email") + "]",
                "v10", "not-peanuts", 1));
        ProviderResult wrongKey = fetch(linux(), calls);
        assertThat(calls.sent).isEmpty();
        assertThat(((ProviderResult.AuthRequired) wrongKey).message()).isEqualTo("Code's GitHub login in "
                + home.resolve("xdg/Code/User/globalStorage/state.vscdb") + " could not be decrypted (v10): the stored value is"
                + " damaged or was sealed with another key (nothing was sent)");
        VsCodeStateDb.write(home.resolve("xdg"), "Code", "{\"type\":\"Buffer\",\"data\":[118,49,48,1,2,3]}");
        assertThat(((ProviderResult.AuthRequired) fetch(linux(), calls)).message()).contains("could not be decrypted (v10)");
        VsCodeStateDb.write(home.resolve("xdg"), "Code", "{\"type\":\"Buffer\",\"data\":[]}"); // signed out: nothing to say
        assertThat(copilot(linux())).isEmpty();
        VsCodeStateDb.write(home.resolve("xdg"), "Code", "not json");
        assertThat(((ProviderResult.AuthRequired) fetch(linux(), calls)).message()).contains("is not the sealed value VS Code writes");
        VsCodeStateDb.write(home.resolve("xdg"), "Code", sealed("[" + session("octocat", "gho_gist", "gist") + "]", "v10", "peanuts", 1));
        assertThat(((ProviderResult.AuthRequired) fetch(linux(), calls)).message()).contains("has no session Copilot can use"
                + " (scopes: gist; Copilot signs in with user:email or read:user)");
        assertThat(calls.sent).isEmpty();
        // without sqlite3 the database cannot be read: said, not guessed
        Files.delete(bin.resolve("sqlite3"));
        assertThat(((ProviderResult.AuthRequired) fetch(linux(), calls)).message()).isEqualTo("Code's state database "
                + home.resolve("xdg/Code/User/globalStorage/state.vscdb") + " may hold its GitHub login; reading it needs the"
                + " sqlite3 program (Debian, Ubuntu: apt-get install sqlite3) (nothing was sent)");
        assertThat(calls.sent).isEmpty();
        // another login is the account; the unusable one is not a row of its own
        Files.createDirectories(home.resolve("xdg/gh"));
        Files.writeString(home.resolve("xdg/gh/hosts.yml"), "github.com:\n  oauth_token: gho_cli\n  user: monalisa\n");
        assertThat(copilot(linux())).extracting(Credential::value).containsExactly("gho_cli");
    }

    @Test
    void aLoginSealedWithTheKeyringsKeyIsReadThroughSecretToolAndWithoutItSaysWhatIsMissing() throws Exception {
        VsCodeStateDb.write(home.resolve("xdg"), "Code", sealed("[" + session("octocat", "gho_v11", "user:email") + "]",
                "v11", "kr-password", 1));
        PlainHttpRefusalTest.Recording calls = new PlainHttpRefusalTest.Recording();
        assertThat(((ProviderResult.AuthRequired) fetch(linux(), calls)).message()).contains("is sealed with a key kept in the"
                + " system keyring (v11), and secret-tool is not installed to read it (Debian, Ubuntu: apt-get install libsecret-tools)");
        tool("secret-tool", "exit 1\n"); // a locked keyring or no such item
        assertThat(((ProviderResult.AuthRequired) fetch(linux(), calls)).message()).contains("the keyring gave no key for"
                + " application 'Code'");
        assertThat(calls.sent).isEmpty();
        tool("secret-tool", "[ \"$*\" = 'lookup application Code' ] || exit 1\nprintf '%s' kr-password\n");
        assertThat(copilot(linux())).extracting(Credential::value).containsExactly("gho_v11");
    }

    @Test
    void onMacOsTheKeyIsTheKeychainsCodeSafeStorage() throws Exception {
        Path support = home.resolve("Library/Application Support");
        VsCodeStateDb.write(support, "Code", sealed("[" + session("octocat", "gho_mac", "user:email") + "]", "v10", "mac-pw", 1003));
        tool("security", "[ \"$*\" = 'find-generic-password -s Code Safe Storage -w' ] || exit 44\necho mac-pw\n");
        assertThat(copilot(env("Mac OS X", Map.of()))).extracting(Credential::value).containsExactly("gho_mac");
        // Linux reads ~/.config, not ~/Library
        assertThat(copilot(env("Linux", Map.of()))).isEmpty();
        // a Keychain prompt nobody answers holds no one: after 5 s the login is reported, security ended
        tool("security", "exec sleep 120\n");
        List<Credential> unanswered = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> copilot(env("Mac OS X", Map.of())));
        assertThat(unanswered).singleElement().satisfies(c -> assertThat(c.extra(Sources.UNUSABLE)).hasValueSatisfying(
                why -> assertThat(why).endsWith("is sealed with the key of the Keychain item 'Code Safe Storage', which could"
                        + " not be read (missing, access refused, or a prompt not answered within 5 s)")));
    }
}
