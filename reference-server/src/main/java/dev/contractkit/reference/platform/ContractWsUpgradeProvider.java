package dev.contractkit.reference.platform;

import io.helidon.common.Weight;
import io.helidon.http.HttpPrologue;
import io.helidon.http.WritableHeaders;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ProtocolConfigs;
import io.helidon.webserver.http1.spi.Http1Upgrader;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.websocket.WsConfig;
import io.helidon.webserver.websocket.WsUpgradeProvider;
import io.helidon.webserver.websocket.WsUpgrader;

/**
 * Helidon's WebSocket upgrade, except that a handshake asking for another protocol version than 13 is not
 * upgraded but routed as plain HTTP, so the API's own route refuses it in the contract's error shape (Helidon's
 * upgrader answers such a handshake itself with a bare 400, before any route runs). Found by the ServiceLoader
 * ({@code META-INF/services}); its weight puts it before Helidon's provider, and the first provider per protocol
 * wins.
 */
@Weight(200)
public final class ContractWsUpgradeProvider extends WsUpgradeProvider {

    /** For the ServiceLoader. */
    public ContractWsUpgradeProvider() {
    }

    @Override
    public Http1Upgrader create(WsConfig config, ProtocolConfigs configs) {
        return new VersionCheckingUpgrader(config);
    }

    private static final class VersionCheckingUpgrader extends WsUpgrader {
        VersionCheckingUpgrader(WsConfig config) {
            super(config);
        }

        @Override
        public ServerConnection upgrade(ConnectionContext ctx, HttpPrologue prologue, WritableHeaders<?> headers) {
            String version = headers.first(WS_VERSION).orElse(SUPPORTED_VERSION).trim();
            return version.equals(SUPPORTED_VERSION) ? super.upgrade(ctx, prologue, headers) : null;
        }
    }
}
