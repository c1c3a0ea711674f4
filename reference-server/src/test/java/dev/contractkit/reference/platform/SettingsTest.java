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
        assertThat(s.getList("other", "x,y")).containsExactly("x", "y");
    }

    @Test
    void nonIntegerPortIsAClearError() {
        assertThatThrownBy(() -> Settings.of(Map.of("forms.port", "eighty")).getInt("forms.port", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("KIT_FORMS_PORT").hasMessageContaining("eighty");
    }
}
