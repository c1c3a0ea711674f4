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
 * or 403 in the contract's error shape. Then the operation's {@link Admission}: a handshake it refuses is not upgraded
 * either, and the HTTP route's admission answers (401). Everything else goes to the module's listener unchanged.
 */
final class CheckedWsListener implements WsListener {
    private final Predicate<Headers> allowed;
    private final Admit admit;
    private final WsListener delegate;

    /** The operation's {@link Admission} of a handshake. */
    interface Admit {
        Optional<Admission.Caller> caller(HttpPrologue prologue, Headers headers);
    }

    CheckedWsListener(Predicate<Headers> allowed, Admit admit, WsListener delegate) {
        this.allowed = allowed;
        this.admit = admit;
        this.delegate = delegate;
    }

    @Override
    public Optional<Headers> onHttpUpgrade(HttpPrologue prologue, Headers headers) throws WsUpgradeException {
        if (!allowed.test(headers)) {
            throw new WsUpgradeException("the listener refuses this Host or Origin");
        }
        Optional<Admission.Caller> caller;
        try {
            caller = admit.caller(prologue, headers);
        } catch (ApiError e) {
            // not upgraded: the HTTP route runs the same admission and answers in the contract's shape
            throw new WsUpgradeException(e.getMessage());
        }
        if (delegate instanceof Admission.Handshake a) {
            a.admitted(caller);
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
