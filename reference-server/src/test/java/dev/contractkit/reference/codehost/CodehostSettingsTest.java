package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CodehostSettingsTest {
    @Test
    void unsetTheDemoTokensOfTheRegistryAreTheModulesDemoTokens() {
        CodehostSettings s = CodehostSettings.from(Settings.of(Map.of()));
        assertThat(s.tokens()).containsExactly(CodehostModule.DEMO_TOKEN);
        assertThat(s.registrationTokens()).containsExactly(CodehostModule.DEMO_REGISTRATION_TOKEN);
    }

    @Test
    void tokensAreCommaSeparated() {
        CodehostSettings s = CodehostSettings.from(Settings.of(Map.of("codehost.tokens", "a, b",
                "codehost.registration-tokens", "r")));
        assertThat(s.tokens()).containsExactly("a", "b");
        assertThat(s.registrationTokens()).containsExactly("r");
    }
}
