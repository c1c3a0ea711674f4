package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One listener per API, on the port asked for; closing releases it. */
class ListenersTest {

    @Test
    void listensOnTheAskedPortAndAddressAndReleasesItOnClose() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, port).build())) {
            assertThat(mocks.port(Api.FORMS)).isEqualTo(port);
            assertThat(mocks.url(Api.FORMS)).isEqualTo("http://127.0.0.1:" + port);
        }
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(again.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void portInUseFailsNamingTheApiAndThePort() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            MockOptions options = MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, taken.getLocalPort()).build();

            assertThatThrownBy(() -> MockServers.start(options))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("forms")
                    .hasMessageContaining("port " + taken.getLocalPort() + " on 127.0.0.1");
        }
    }

    @Test
    void optionsRefuseAPortOutOfRange() {
        assertThatThrownBy(() -> MockOptions.builder().port(Api.FORMS, 70_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("70000");
    }
}
