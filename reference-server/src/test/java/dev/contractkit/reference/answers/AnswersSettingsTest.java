package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnswersSettingsTest {
    @Test
    void unsetTheRegistrysDefaults() {
        AnswersSettings s = AnswersSettings.from(Settings.of(Map.of()));
        assertThat(s.apiKeys()).isEmpty();
        assertThat(s.quota()).isEqualTo(1000);
        assertThat(s.quotaWindow()).isEqualTo(Duration.ofDays(30));
        assertThat(s.rateLimit()).isEqualTo(5);
        assertThat(s.rateWindow()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.latency()).isZero();
        assertThat(s.modelProfile()).isEmpty();
        assertThat(s.modelJsonMode()).isTrue();
    }

    @Test
    void durationsTakeIsoOrAUnitButNoBareNumber() {
        AnswersSettings s = AnswersSettings.from(Settings.of(Map.of("answers.quota-window", "7d",
                "answers.rate-window", "PT10S", "answers.latency", "600ms")));
        assertThat(s.quotaWindow()).isEqualTo(Duration.ofDays(7));
        assertThat(s.rateWindow()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.latency()).isEqualTo(Duration.ofMillis(600));
        assertThatThrownBy(() -> AnswersSettings.from(Settings.of(Map.of("answers.rate-window", "60"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("setting KIT_ANSWERS_RATE_WINDOW must be")
                .hasMessageContaining("30s");
    }

    @Test
    void badValuesNameTheirVariable() {
        assertThatThrownBy(() -> AnswersSettings.from(Settings.of(Map.of("answers.model-json-mode", "on"))))
                .hasMessage("setting KIT_ANSWERS_MODEL_JSON_MODE must be true or false, was 'on'");
        assertThatThrownBy(() -> AnswersSettings.from(Settings.of(Map.of("answers.rate-limit", "0"))))
                .hasMessageContaining("KIT_ANSWERS_RATE_LIMIT");
        assertThatThrownBy(() -> AnswersSettings.from(Settings.of(Map.of("answers.latency", "-PT1S"))))
                .hasMessageContaining("KIT_ANSWERS_LATENCY").hasMessageContaining("negative");
    }
}
