package dev.contractkit.reference.coupons;

import io.helidon.webserver.ConnectionContext;
import io.helidon.websocket.WsCloseCodes;
import io.helidon.websocket.WsSession;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes the frames of one {@code /ws/coupons} connection. One frame at a time: Helidon's session builds every frame
 * in one buffer of its own, so two threads sending at once (a message and a close frame) would mix them. Closing
 * never waits on the client: the close frame goes out from a thread of its own after the message being sent, and a
 * connection that has not ended {@link #CLOSE_GRACE} later (a client that stopped reading cannot even take the close
 * frame) is cut off: its socket is closed, which also ends a write blocked on it. A frame that cannot be written
 * (the connection is gone) cuts the connection off too; it is not an error of the server's.
 */
final class FrameWriter {
    /** How long a closing connection has to send its close frame and get the client's answer. */
    static final Duration CLOSE_GRACE = Duration.ofSeconds(2);
    private static final Logger LOG = Logger.getLogger(FrameWriter.class.getName());

    private final WsSession session;
    private final ScheduledExecutorService timer;
    private final Runnable onCutOff;
    private final ReentrantLock writing = new ReentrantLock(true); // fair: a close frame waits for one message only
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean closeFrameSent = new AtomicBoolean();

    /**
     * @param session  the connection
     * @param timer    runs the cut-off after the grace
     * @param onCutOff runs when the connection is cut off (ends the subscription, gives the slot back)
     */
    FrameWriter(WsSession session, ScheduledExecutorService timer, Runnable onCutOff) {
        this.session = session;
        this.timer = timer;
        this.onCutOff = onCutOff;
    }

    /** Sends a text message unless the close frame went out (nothing may follow it); blocks on a full socket. */
    void send(String text) {
        write(s -> {
            if (!closeFrameSent.get()) {
                s.send(text, true);
            }
        });
    }

    /** Closes the connection without blocking the caller (the module's timer, or the request that published). */
    void close(int code, String reason) {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        try {
            timer.schedule(this::cutOff, CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // the module is stopping: the server closes its connections itself
        }
        Thread.ofVirtual().name("coupons-ws-close").start(() -> sendClose(code, reason));
    }

    /** Answers the client's close frame (Helidon sends its own answer only when no close frame went out). */
    void answerClose() {
        sendClose(WsCloseCodes.NORMAL_CLOSE, "normal");
    }

    private void sendClose(int code, String reason) {
        write(s -> {
            if (closeFrameSent.compareAndSet(false, true)) {
                s.close(code, reason);
            }
        });
    }

    private void write(Consumer<WsSession> frame) {
        try {
            if (!writing.tryLock(CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                cutOff(); // the frame before has been stuck on a client that does not read
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            frame.accept(session);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "coupons WebSocket: a frame could not be written, the connection is gone", e);
            cutOff();
        } finally {
            writing.unlock();
        }
    }

    /** Closes the socket under the session: a write blocked on it fails and the connection's thread ends. */
    private void cutOff() {
        onCutOff.run();
        if (session.socketContext() instanceof ConnectionContext connection) {
            try {
                connection.serverSocket().close();
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "coupons WebSocket: closing the socket failed", e);
            }
        }
    }
}
