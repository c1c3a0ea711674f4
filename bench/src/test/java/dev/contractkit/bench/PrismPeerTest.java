package dev.contractkit.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PrismPeerTest {
    @Test
    void withoutNodeAndNpmTheBenchStopsSayingWhatItNeeds(@TempDir Path bin) throws Exception {
        // a PATH with the script's own tools only (dirname), no node and no npm
        Files.createSymbolicLink(bin.resolve("dirname"), Path.of("/usr/bin/dirname"));
        Path root = Path.of(System.getProperty("user.dir")).getParent();

        assertThatThrownBy(() -> PrismPeer.ensure(root, Map.of("PATH", bin.toString())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Prism, which needs node >= 20 and npm on PATH")
                .hasMessageContaining("node not found on PATH");
    }
}
