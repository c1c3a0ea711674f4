package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AgentSettingsTest {
    @Test
    void unsetNothingExpiresNoStepWaitsAndTheInputLimitsAreTheDefaults() {
        AgentSettings s = AgentSettings.from(Settings.of(Map.of()));
        assertThat(s.retention()).isZero();
        assertThat(s.stepDelay()).isZero();
        assertThat(s.inputLimits()).isEqualTo(new InputLimits(InputLimits.MESSAGE_CHARS, InputLimits.INPUT_CHARS));
    }

    @Test
    void theRetentionIsDaysOrADuration() {
        assertThat(AgentSettings.from(Settings.of(Map.of("agent.retention-days", "30"))).retention()).isEqualTo(Duration.ofDays(30));
        assertThat(AgentSettings.from(Settings.of(Map.of("agent.retention-days", "P2D"))).retention()).isEqualTo(Duration.ofDays(2));
        assertThat(AgentSettings.from(Settings.of(Map.of("agent.retention-days", "12h"))).retention()).isEqualTo(Duration.ofHours(12));
        assertThat(AgentSettings.from(Settings.of(Map.of("agent.step-delay", "200ms"))).stepDelay()).isEqualTo(Duration.ofMillis(200));
    }

    @Test
    void aBadValueNamesItsVariable() {
        Map<String, String> bad = Map.of("agent.retention-days", "a month", "agent.step-delay", "5",
                "agent.max-message-chars", "0");
        bad.forEach((key, value) -> assertThatThrownBy(() -> AgentSettings.from(Settings.of(Map.of(key, value))))
                .as(key).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("setting " + Settings.envName(key)));
    }
}
