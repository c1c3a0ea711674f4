package dev.contractkit.reference.runtime;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RuntimeSettingsTest {
    @TempDir
    Path data;

    @Test
    void unsetCommandsAreOffAndTheWorkRootIsInTheDataDirectory() {
        RuntimeSettings s = RuntimeSettings.from(Settings.of(Map.of("data-dir", data.toString())));
        assertThat(s.allowCommands()).isFalse();
        assertThat(s.workRoot()).isEqualTo(data.resolve("runtime-work").toAbsolutePath());
        assertThat(s.capacity()).isEqualTo(8);
        assertThat(s.queueCapacity()).isEqualTo(64);
        assertThat(s.defaultTimeout()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void theTimeOutIsADurationAndBadValuesNameTheirVariable() {
        assertThat(RuntimeSettings.from(Settings.of(Map.of("runtime.default-timeout-ms", "90s"))).defaultTimeout())
                .isEqualTo(Duration.ofSeconds(90));
        Map<String, String> bad = Map.of("runtime.capacity", "0", "runtime.queue-capacity", "-1",
                "runtime.allow-commands", "1", "runtime.default-timeout-ms", "ten minutes");
        bad.forEach((key, value) -> assertThatThrownBy(() -> RuntimeSettings.from(Settings.of(Map.of(key, value))))
                .as(key).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("setting " + Settings.envName(key)));
    }
}
