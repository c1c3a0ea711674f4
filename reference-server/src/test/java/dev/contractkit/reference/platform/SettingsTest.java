package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SettingsTest {
    @Test
    void keysMapToKitEnvironmentVariables() {
        assertThat(Settings.envName("db.url")).isEqualTo("KIT_DB_URL");
        assertThat(Settings.envName("forms.api-keys")).isEqualTo("KIT_FORMS_API_KEYS");
    }

    @Test
    void listsAreCommaSeparatedAndTrimmed() {
        Settings s = Settings.of(Map.of("forms.api-keys", " a, b ,,c "));
        assertThat(s.getList("forms.api-keys", "x")).containsExactly("a", "b", "c");
        assertThat(s.getList("codehost.tokens", "x,y")).containsExactly("x", "y");
        assertThat(s.list("exec.allowed-commands")).as("no default in the registry: none").isEmpty();
        assertThat(s.list("coupons.clients")).as("the registry's default").containsExactly("kit-cli", "kit-web", "coupon-web");
    }

    @Test
    void nonIntegerPortIsAClearError() {
        assertThatThrownBy(() -> Settings.of(Map.of("forms.port", "eighty")).getInt("forms.port", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("KIT_FORMS_PORT").hasMessageContaining("eighty");
    }

    @Test
    void aFlagIsTrueOrFalseAndNothingElse() {
        assertThat(Settings.of(Map.of("exec.allow-shell", "TRUE")).flag("exec.allow-shell")).isTrue();
        assertThat(Settings.of(Map.of()).flag("exec.allow-shell")).as("the registry's default").isFalse();
        assertThatThrownBy(() -> Settings.of(Map.of("runtime.allow-commands", "yes")).flag("runtime.allow-commands"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("setting KIT_RUNTIME_ALLOW_COMMANDS must be true or false, was 'yes'");
    }

    @Test
    void typedReadersTakeTheRegistryDefault() {
        Settings none = Settings.of(Map.of());
        assertThat(none.integer("db.pool-size")).isEqualTo(16);
        assertThat(none.text("host")).isEqualTo("127.0.0.1");
        assertThat(none.get("db.url")).isEmpty();
        assertThatThrownBy(() -> none.text("db.url")).as("no literal default").isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Settings.of(Map.of("db.pool-size", "many")).integer("db.pool-size"))
                .hasMessage("setting KIT_DB_POOL_SIZE must be an integer, was 'many'");
    }

    @Test
    void theRuntimeUrlIsAlsoReadFromExecRuntimeUrlAndTheKitVariableWins() {
        Map<String, String> env = new java.util.HashMap<>(Map.of("EXEC_RUNTIME_URL", "http://runtime.internal:18080"));
        Settings s = Settings.fromEnvironment(env::get);
        assertThat(s.get("exec.runtime-url")).contains("http://runtime.internal:18080");
        env.put("KIT_EXEC_RUNTIME_URL", "http://other:1");
        assertThat(s.get("exec.runtime-url")).contains("http://other:1");
        assertThat(Settings.fromEnvironment(Map.of("EXEC_POLL_MS", "5")::get).get("exec.poll-ms"))
                .as("no other key has a second variable").isEmpty();
    }
}
