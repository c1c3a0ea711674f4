package dev.contractkit.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KitTokenTest {
    @Test
    void kitTokenInTheEnvironmentWinsOverTheDataDirectoryFile(@TempDir Path data) throws IOException {
        Files.writeString(data.resolve("kit-token"), "from-file\n");

        assertThat(KitToken.from(Map.of("KIT_TOKEN", "from-env", "KIT_DATA_DIR", data.toString()))).isEqualTo("from-env");
    }

    @Test
    void withoutKitTokenTheFileTheServerMadeInItsDataDirectoryIsRead(@TempDir Path data) throws IOException {
        Files.writeString(data.resolve("kit-token"), "from-file\n");

        assertThat(KitToken.from(Map.of("KIT_TOKEN", " ", "KIT_DATA_DIR", data.toString()))).isEqualTo("from-file");
    }

    @Test
    void withNeitherTheMessageSaysWhereItLookedAndWhatToSet(@TempDir Path data) {
        assertThatThrownBy(() -> KitToken.from(Map.of("KIT_DATA_DIR", data.toString())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("KIT_TOKEN is not set")
                .hasMessageContaining(data.resolve("kit-token").toString())
                .hasMessageContaining("KIT_DATA_DIR");
    }

    @Test
    void anEmptyTokenFileIsRefusedRatherThanSentAsABlankToken(@TempDir Path data) throws IOException {
        Files.writeString(data.resolve("kit-token"), "\n");

        assertThatThrownBy(() -> KitToken.from(Map.of("KIT_DATA_DIR", data.toString())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("set KIT_TOKEN instead");
    }
}
