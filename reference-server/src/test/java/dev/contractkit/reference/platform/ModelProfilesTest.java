package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The profiles' settings: what a start refuses (naming the setting, never a key) and what is listed. */
class ModelProfilesTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static Settings profile(String... keyValues) {
        Settings s = Settings.of(Map.of("agent.model-profiles", "p1", "agent.model.p1.model", "m",
                "agent.model.p1.endpoint", "https://models.example/v1"));
        for (int i = 0; i < keyValues.length; i += 2) {
            s = s.with(keyValues[i], keyValues[i + 1]);
        }
        return s;
    }

    @Test
    void noProfilesConfiguredMeansOnlyTheWorkspaceFilesDeterministic() {
        ModelProfiles none = ModelProfiles.from(Settings.of(Map.of()), name -> null);
        assertThat(none.entries(JSON)).isEmpty();
        assertThat(none.find("deterministic")).isEmpty();
    }

    @Test
    void theKeyComesFromTheNamedVariableAndIsNeverListed() {
        ModelProfiles p = ModelProfiles.from(profile("agent.model.p1.api-key-env", "P1_KEY"),
                name -> name.equals("P1_KEY") ? "sk-secret-value-1234567" : null);
        assertThat(p.find("p1")).hasValueSatisfying(x -> assertThat(x.hasKey()).isTrue());
        assertThat(p.entries(JSON).toString()).contains("\"hasKey\":true").contains("https://models.example/v1")
                .doesNotContain("sk-secret-value-1234567").doesNotContain("P1_KEY");
    }

    @Test
    void theKeyComesFromASecretFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("key"), "sk-from-file-7654321\n");
        ModelProfiles p = ModelProfiles.from(profile("agent.model.p1.api-key-file", file.toString()), name -> null);
        assertThat(p.find("p1").orElseThrow().hasKey()).isTrue();
        assertThat(p.entries(JSON).toString()).doesNotContain("sk-from-file");
    }

    @Test
    void aStartThatCannotHaveTheProfileSaysWhichSettingIsWrong(@TempDir Path dir) {
        assertThatThrownBy(() -> ModelProfiles.from(profile("agent.model.p1.api-key-env", "UNSET_KEY"), name -> null))
                .hasMessageContaining("KIT_AGENT_MODEL_P1_API_KEY_ENV").hasMessageContaining("UNSET_KEY");
        assertThatThrownBy(() -> ModelProfiles.from(profile("agent.model.p1.api-key-file", dir.resolve("none").toString()),
                name -> null)).hasMessageContaining("KIT_AGENT_MODEL_P1_API_KEY_FILE");
        assertThatThrownBy(() -> ModelProfiles.from(Settings.of(Map.of("agent.model-profiles", "p1",
                "agent.model.p1.model", "m")), name -> null)).hasMessageContaining("KIT_AGENT_MODEL_P1_ENDPOINT");
        assertThatThrownBy(() -> ModelProfiles.from(profile("agent.model.p1.endpoint", "https://user:pw@models.example/v1"),
                name -> null)).hasMessageContaining("without credentials").hasMessageNotContaining("pw@");
        assertThatThrownBy(() -> ModelProfiles.from(profile("agent.model-profiles", "deterministic"), name -> null))
                .hasMessageContaining("KIT_AGENT_MODEL_PROFILES");
        assertThatThrownBy(() -> ModelProfiles.from(profile("agent.model.p1.timeout", "soon"), name -> null))
                .hasMessageContaining("KIT_AGENT_MODEL_P1_TIMEOUT");
    }
}
