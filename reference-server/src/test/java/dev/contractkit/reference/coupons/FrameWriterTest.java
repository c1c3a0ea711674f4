package dev.contractkit.reference.coupons;

import io.helidon.common.socket.HelidonSocket;
import io.helidon.webserver.ConnectionContext;
import io.helidon.websocket.WsSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class FrameWriterTest {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    /**
     * A Helidon session over a socket: it records the frames written and how many writes ran at once; when the client
     * is stuck, every write blocks until the socket is closed and then fails as Helidon's does.
     */
    static final class Connection {
        final boolean stuck;
        final CountDownLatch socketClosed = new CountDownLatch(1);
        final AtomicInteger writing = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final List<String> frames = Collections.synchronizedList(new ArrayList<>());

        Connection(boolean stuck) {
            this.stuck = stuck;
        }

        WsSession session() {
            HelidonSocket socket = fake(HelidonSocket.class, (name, args) -> {
                if (name.equals("close")) {
                    socketClosed.countDown();
                }
                return null;
            });
            ConnectionContext context = fake(ConnectionContext.class, (name, args) -> socket);
            return fake(WsSession.class, (name, args) -> switch (name) {
                case "socketContext" -> context;
                case "send", "close" -> {
                    write(name + " " + args[0]);
                    yield null;
                }
                default -> throw new UnsupportedOperationException(name);
            });
        }

        private void write(String frame) {
            mostAtOnce.accumulateAndGet(writing.incrementAndGet(), Math::max);
            try {
                if (stuck) {
                    socketClosed.await();
                    throw new UncheckedIOException(new SocketException("Socket closed"));
                }
                for (int i = 0; i < 100; i++) {
                    Thread.yield(); // a write takes a while: long enough for another to start if nothing prevents it
                }
                frames.add(frame);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                writing.decrementAndGet();
            }
        }

        interface Answer {
            Object answer(String method, Object[] args);
        }

        static <T> T fake(Class<T> type, Answer answer) {
            return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                    (proxy, method, args) -> answer.answer(method.getName(), args)));
        }
    }

    @Test
    void closingAConnectionStuckOnAWriteReturnsAtOnceAndCutsItOffAfterTheGrace() {
        Connection c = new Connection(true);
        AtomicInteger cutOffs = new AtomicInteger();
        FrameWriter writer = new FrameWriter(c.session(), timer, cutOffs::incrementAndGet);
        Thread delivery = Thread.ofVirtual().start(() -> writer.send("{\"type\":\"coupon_updated\"}"));
        await().until(() -> c.writing.get() == 1); // the message is stuck on the client's full socket

        // on the module's timer thread, as the token expiry closes: the timer is free again before the cut-off
        assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> timer.submit(() -> writer.close(1008, "token expired")).get());
        assertThat(c.socketClosed.getCount()).as("the socket is still open when close returns").isEqualTo(1);

        await().atMost(Duration.ofSeconds(10)).until(() -> c.socketClosed.getCount() == 0);
        await().atMost(Duration.ofSeconds(10)).until(() -> !delivery.isAlive());
        assertThat(cutOffs.get()).as("the subscription ended").isPositive();
        assertThat(c.frames).as("nothing reached a client that does not read").isEmpty();
    }

    @Test
    void aCloseFrameNeverOverlapsAMessageGoesOutOnceAndNothingFollowsIt() throws Exception {
        Connection c = new Connection(false);
        FrameWriter writer = new FrameWriter(c.session(), timer, () -> { });
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int n = t;
            senders.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 200; i++) {
                    writer.send("m" + n + "-" + i);
                }
            }));
        }
        writer.close(1008, "too slow");
        for (Thread s : senders) {
            s.join();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> c.frames.stream().anyMatch(f -> f.startsWith("close")));
        writer.answerClose(); // the client's answer arrives: the close frame already went out
        writer.send("late");

        assertThat(c.mostAtOnce.get()).as("frames written at the same time").isEqualTo(1);
        assertThat(c.frames).filteredOn(f -> f.startsWith("close")).containsExactly("close 1008");
        assertThat(c.frames.getLast()).isEqualTo("close 1008");
    }
}
