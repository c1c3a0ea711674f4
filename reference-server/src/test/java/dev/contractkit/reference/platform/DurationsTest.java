package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationsTest {
    @Test
    void iso8601AndANumberWithAUnitAreTheSyntax() {
        assertThat(Durations.parse("PT30S", null)).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("P30D", null)).isEqualTo(Duration.ofDays(30));
        assertThat(Durations.parse("PT0.2S", null)).isEqualTo(Duration.ofMillis(200));
        assertThat(Durations.parse("500ms", null)).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("30s", null)).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("5m", null)).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("2h", null)).isEqualTo(Duration.ofHours(2));
        assertThat(Durations.parse(" 7d ", null)).isEqualTo(Duration.ofDays(7));
        assertThat(Durations.parse("0s", null)).isZero();
    }

    @Test
    void aBareNumberIsInTheKeysOldUnitOrRefused() {
        assertThat(Durations.parse("250", "ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("300", "s")).isEqualTo(Duration.ofSeconds(300));
        assertThat(Durations.parse("30", "d")).isEqualTo(Duration.ofDays(30));
        assertThat(Durations.parse("2s", "ms")).as("a unit wins over the bare one").isEqualTo(Duration.ofSeconds(2));
        assertThatThrownBy(() -> Durations.parse("30", null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("30s").hasMessageContaining("'30'");
    }

    @Test
    void negativeAndMalformedValuesAreRefusedWithTheSyntax() {
        for (String bad : List.of("-1", "PT-1S", "fast", "1.5", "5 m", "30sec", "", "9999999999999999999d")) {
            assertThatThrownBy(() -> Durations.parse(bad, "ms")).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'");
        }
        assertThatThrownBy(() -> Durations.parse("fast", "ms")).hasMessageContaining(Durations.SYNTAX)
                .hasMessageContaining("milliseconds");
    }

    @Test
    void aBadDurationSettingNamesTheVariableAndTheSyntax() {
        assertThatThrownBy(() -> Settings.of(Map.of("exec.poll-ms", "fast")).duration("exec.poll-ms"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("setting KIT_EXEC_POLL_MS must be")
                .hasMessageContaining("500ms").hasMessageContaining("a number of milliseconds");
        assertThat(Settings.of(Map.of("exec.poll-ms", "1s")).duration("exec.poll-ms")).isEqualTo(Duration.ofSeconds(1));
        assertThat(Settings.of(Map.of()).duration("exec.retention-ms")).as("the registry's default")
                .isEqualTo(Duration.ofDays(7));
    }
}
