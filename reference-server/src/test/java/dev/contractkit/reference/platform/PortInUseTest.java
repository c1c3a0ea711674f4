package dev.contractkit.reference.platform;

import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A listener that cannot bind stops the start with a message naming the API and the port, not a server half up. */
class PortInUseTest {

    @Test
    void aPortInUseFailsTheStartNamingTheApiAndThePort(@TempDir Path dataDir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> KitServer.start(TestDatabases.embedded(dataDir)
                    .with("forms.port", String.valueOf(port)), List.of(Api.FORMS)).close())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("forms: cannot listen on 127.0.0.1:" + port)
                    .hasMessageContaining("KIT_FORMS_PORT");
        }
    }
}
