package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class BroadcasterTest {
    @Test
    void everySubscriberReceivesMessagesInOrder() throws InterruptedException {
        Broadcaster hub = new Broadcaster(16);
        List<String> a = new CopyOnWriteArrayList<>();
        List<String> b = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(2);
        hub.subscribe(m -> { a.add(m); if (m.equals("3")) done.countDown(); }, () -> { });
        hub.subscribe(m -> { b.add(m); if (m.equals("3")) done.countDown(); }, () -> { });

        hub.publish("1");
        hub.publish("2");
        hub.publish("3");

        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(a).containsExactly("1", "2", "3");
        assertThat(b).containsExactly("1", "2", "3");
    }

    @Test
    void aStuckSubscriberIsDroppedWithoutBlockingThePublisherOrOthers() throws InterruptedException {
        Broadcaster hub = new Broadcaster(4);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean dropped = new AtomicBoolean();
        hub.subscribe(m -> awaitQuietly(release), () -> dropped.set(true));
        List<String> healthy = new CopyOnWriteArrayList<>();
        hub.subscribe(healthy::add, () -> { });

        long slowest = 0;
        for (int i = 0; i < 8; i++) {
            long start = System.nanoTime();
            hub.publish(Integer.toString(i));
            slowest = Math.max(slowest, System.nanoTime() - start);
            int published = i + 1;
            // paced: the healthy subscriber takes each message before the next, the stuck one cannot
            await("the healthy subscriber has message " + i).atMost(Duration.ofSeconds(5))
                    .until(() -> healthy.size() == published);
        }

        assertThat(dropped).isTrue();
        assertThat(hub.subscribers()).isEqualTo(1);
        assertThat(healthy).containsExactly("0", "1", "2", "3", "4", "5", "6", "7");
        assertThat(slowest / 1_000_000).as("publish never waits for a stuck subscriber").isLessThan(500);
        release.countDown();
    }

    @Test
    void aFailingSinkIsDroppedAndCancelStopsDelivery() throws InterruptedException {
        Broadcaster hub = new Broadcaster(8);
        CountDownLatch dropped = new CountDownLatch(1);
        hub.subscribe(m -> { throw new IllegalStateException("socket closed"); }, dropped::countDown);
        List<String> got = new CopyOnWriteArrayList<>();
        Broadcaster.Subscription s = hub.subscribe(got::add, () -> { });

        hub.publish("x");
        assertThat(dropped.await(5, TimeUnit.SECONDS)).isTrue();
        s.cancel();
        assertThat(hub.subscribers()).isZero();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
