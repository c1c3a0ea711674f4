package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExecSettingsTest {
    @Test
    void unsetEverythingThatRunsCommandsIsOffAndTheRegistrysDefaultsHold() {
        ExecSettings s = ExecSettings.from(Settings.of(Map.of()));
        assertThat(s.enabledKinds()).doesNotContain(ActionKind.OS_SHELL, ActionKind.CLI_RUN, ActionKind.OS_FILE,
                ActionKind.MCP_CALL, ActionKind.RUNTIME_COMMAND);
        assertThat(s.runtimeUrl()).isEqualTo(ExecSettings.DEFAULT_RUNTIME_URL);
        assertThat(s.defaultTimeoutMs()).isEqualTo(60_000);
        assertThat(s.pollMillis()).isEqualTo(50);
        assertThat(s.backOff()).isEqualTo(new BackOff(500, 30_000));
        assertThat(s.retentionMs()).isEqualTo(604_800_000L);
        assertThat(s.maxBodyBytes()).isEqualTo(1 << 20);
    }

    @Test
    void millisecondKeysTakeTheirOldBareNumbersAndUnits() {
        ExecSettings s = ExecSettings.from(Settings.of(Map.of("exec.poll-ms", "20", "exec.default-timeout-ms", "2m",
                "exec.retention-ms", "0", "exec.net-timeout-ms", "PT1.5S", "exec.runtime-url", "http://rt:1//")));
        assertThat(s.pollMillis()).isEqualTo(20);
        assertThat(s.defaultTimeoutMs()).isEqualTo(120_000);
        assertThat(s.retentionMs()).as("0 keeps finished tasks").isZero();
        assertThat(s.netTimeoutMs()).isEqualTo(1500);
        assertThat(s.runtimeUrl()).isEqualTo("http://rt:1");
    }

    @Test
    void aBadValueNamesItsVariable() {
        Map<String, String> bad = Map.of("exec.poll-ms", "0", "exec.retry-base-ms", "soon", "exec.allow-shell", "yes",
                "exec.max-graph-tasks", "0", "exec.retention-ms", "-1");
        bad.forEach((key, value) -> assertThatThrownBy(() -> ExecSettings.from(Settings.of(Map.of(key, value))))
                .as(key).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("setting " + Settings.envName(key)));
    }
}
