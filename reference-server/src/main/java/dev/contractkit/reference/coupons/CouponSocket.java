package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.Broadcaster;
import io.helidon.common.buffers.BufferData;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.websocket.WsCloseCodes;
import io.helidon.websocket.WsListener;
import io.helidon.websocket.WsSession;
import io.helidon.websocket.WsUpgradeException;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One WebSocket connection of {@code /ws/coupons} (a new listener per connection). The token is checked by the
 * handshake operation's {@link Admission} before the upgrade (the contract's alternatives: {@code Authorization:
 * Bearer}, the query parameter {@code token}, {@code access_token}); a refused handshake is not upgraded and is
 * routed as plain HTTP, where the same admission answers 401 in the contract's error shape. Messages come from the
 * {@link Broadcaster}; when the token expires the connection is closed with 1008. Each open connection holds
 * one of the {@link SocketSlots}; when none is free the upgrade is refused and the HTTP route answers 503.
 * Every frame goes through the connection's {@link FrameWriter}, which closes without waiting on the client.
 */
final class CouponSocket implements WsListener, Admission.Handshake {
    /** Close code when events were missed upstream: 1012 (service restart), the client reconnects. */
    static final int RESYNC = 1012;

    private final Broadcaster hub;
    private final ScheduledExecutorService timer;
    private final SocketSlots slots;
    private final CompletableFuture<FrameWriter> opened = new CompletableFuture<>();
    private final AtomicBoolean holdsSlot = new AtomicBoolean();
    private volatile Principal principal;
    private volatile Broadcaster.Subscription subscription;
    private volatile ScheduledFuture<?> expiry;

    CouponSocket(Broadcaster hub, ScheduledExecutorService timer, SocketSlots slots) {
        this.slots = slots;
        this.hub = hub;
        this.timer = timer;
    }

    /** The handshake's caller: its admission ran first (the token's principal). */
    @Override
    public void admitted(Optional<Admission.Caller> caller) {
        principal = caller.map(c -> (Principal) c.principal()).orElse(null);
    }

    @Override
    public Optional<Headers> onHttpUpgrade(HttpPrologue prologue, Headers headers) throws WsUpgradeException {
        if (!"GET".equals(prologue.method().text()) || !WebSocketHandshake.problems(headers).isEmpty()) {
            // not upgraded: the HTTP routes answer (405 for another method, 400 naming the broken header)
            throw new WsUpgradeException("not a valid WebSocket handshake");
        }
        if (principal == null) {
            throw new WsUpgradeException("not admitted"); // not upgraded: the HTTP route's admission answers 401
        }
        if (!slots.tryAcquire()) {
            throw new WsUpgradeException("connection cap reached"); // not upgraded: the HTTP route answers 503
        }
        holdsSlot.set(true);
        // a handshake whose session never opens (the client went away before the 101) gives its slot back
        timer.schedule(() -> {
            if (!opened.isDone()) {
                stop();
            }
        }, 10, TimeUnit.SECONDS);
        // subscribe before Helidon sends 101: a change made right after the client sees the upgrade is not
        // missed (onOpen runs only after the 101 is on the wire); messages wait for the session
        subscription = hub.subscribe(this::deliver, (String why) -> opened.thenAccept(writer -> {
            stop();
            if (Broadcaster.MISSED.equals(why)) {
                // the bus lost messages (asyncapi/coupon-updates.yaml): reconnect and re-read the catalogue
                writer.close(RESYNC, "events were missed: reconnect and re-read the coupons");
            } else {
                writer.close(WsCloseCodes.VIOLATED_POLICY, "too slow: messages were dropped");
            }
        }));
        return Optional.empty();
    }

    @Override
    public void onOpen(WsSession session) {
        FrameWriter writer = new FrameWriter(session, timer, this::stop);
        opened.complete(writer);
        long millis = Duration.between(Instant.now(), principal.expiresAt()).toMillis();
        expiry = timer.schedule(() -> {
            stop();
            writer.close(WsCloseCodes.VIOLATED_POLICY, "token expired");
        }, Math.max(0, millis), TimeUnit.MILLISECONDS);
    }

    @Override
    public void onMessage(WsSession session, String text, boolean last) {
        // clients only listen; their frames are ignored
    }

    @Override
    public void onMessage(WsSession session, BufferData buffer, boolean last) {
        // ignored
    }

    /** Runs on the subscription's own thread; a session that never opens drops the subscription. */
    private void deliver(String text) {
        try {
            opened.get(10, TimeUnit.SECONDS).send(text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the WebSocket session did not open", e);
        }
    }

    @Override
    public void onClose(WsSession session, int status, String reason) {
        stop();
        opened.thenAccept(FrameWriter::answerClose);
    }

    @Override
    public void onError(WsSession session, Throwable t) {
        stop();
    }

    private void stop() {
        if (holdsSlot.compareAndSet(true, false)) {
            slots.release();
        }
        Broadcaster.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
        ScheduledFuture<?> f = expiry;
        if (f != null) {
            f.cancel(false);
        }
    }
}
