package dev.contractkit.reference.platform;

import io.helidon.common.buffers.BufferData;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.websocket.WsListener;
import io.helidon.websocket.WsSession;
import io.helidon.websocket.WsUpgradeException;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * A module's WebSocket listener behind the listener's {@code Host} and {@code Origin} rules ({@link ListenerChecks}):
 * Helidon upgrades before any HTTP filter runs, so {@link ApiServer} puts every WebSocket endpoint behind this. A
 * handshake the rules refuse is not upgraded; Helidon routes it as plain HTTP, where the listener checks answer 421
 * or 403 in the contract's error shape. Everything else goes to the module's listener unchanged.
 */
final class CheckedWsListener implements WsListener {
    private final Predicate<Headers> allowed;
    private final WsListener delegate;

    CheckedWsListener(Predicate<Headers> allowed, WsListener delegate) {
        this.allowed = allowed;
        this.delegate = delegate;
    }

    @Override
    public Optional<Headers> onHttpUpgrade(HttpPrologue prologue, Headers headers) throws WsUpgradeException {
        if (!allowed.test(headers)) {
            throw new WsUpgradeException("the listener refuses this Host or Origin");
        }
        return delegate.onHttpUpgrade(prologue, headers);
    }

    @Override
    public void onMessage(WsSession session, String text, boolean last) {
        delegate.onMessage(session, text, last);
    }

    @Override
    public void onMessage(WsSession session, BufferData buffer, boolean last) {
        delegate.onMessage(session, buffer, last);
    }

    @Override
    public void onPing(WsSession session, BufferData buffer) {
        delegate.onPing(session, buffer);
    }

    @Override
    public void onPong(WsSession session, BufferData buffer) {
        delegate.onPong(session, buffer);
    }

    @Override
    public void onClose(WsSession session, int status, String reason) {
        delegate.onClose(session, status, reason);
    }

    @Override
    public void onError(WsSession session, Throwable t) {
        delegate.onError(session, t);
    }

    @Override
    public void onOpen(WsSession session) {
        delegate.onOpen(session);
    }
}
