package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a child process inherits from the server's environment. */
class ChildEnvironmentTest {
    static final Map<String, String> SERVER = pairs(
            "PATH", "/usr/bin", "HOME", "/home/kit", "LANG", "C.UTF-8", "LC_ALL", "C", "TZ", "UTC",
            "KIT_DB_PASSWORD", "db-secret", "KIT_TOKEN", "kit-secret", "KIT_COUPONS_USERS", "admin:pw",
            "EXEC_TOKEN", "exec-secret", "PGPASSWORD", "pg-secret", "AWS_SECRET_ACCESS_KEY", "aws-secret",
            "GITHUB_TOKEN", "gh-secret", "JAVA_TOOL_OPTIONS", "-Dx=y");

    static Map<String, String> pairs(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void byDefaultOnlyTheBasicsPassAndNoSecretDoes() {
        var env = new ChildEnvironment(List.of(ChildEnvironment.DEFAULT_ALLOW.split(",")), () -> SERVER).inherited();
        assertThat(env).containsOnlyKeys("PATH", "HOME", "LANG", "LC_ALL", "TZ");
        assertThat(env.values()).noneMatch(v -> v.contains("secret") || v.contains("pw"));
    }

    @Test
    void theKitsOwnVariablesNeverPassEvenWhenListedAndOtherSecretsOnlyByExactName() {
        var env = new ChildEnvironment(List.of("KIT_TOKEN", "KIT_*", "EXEC_*", "GITHUB_TOKEN", "AWS_*", "PG*", "PATH"),
                () -> SERVER).inherited();
        assertThat(env).containsOnlyKeys("PATH", "GITHUB_TOKEN");
    }

    @Test
    void theTasksOwnVariablesAreAddedToTheAllowedOnes() {
        var child = new ChildEnvironment(List.of("PATH"), () -> SERVER);
        var pb = child.apply(new ProcessBuilder("true"), Map.of("GREETING", "hello"));
        assertThat(pb.environment()).containsOnlyKeys("PATH", "GREETING");
    }
}
