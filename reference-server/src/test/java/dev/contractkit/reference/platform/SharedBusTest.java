package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;

import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The shared bus and counters with two "replicas" in one JVM (two {@link Cluster}s on their own connections) on the
 * real Redis (a key prefix of its own) and the real PostgreSQL (a database of its own): order, catch-up after a
 * lost connection, exact counts under concurrency.
 */
class SharedBusTest {
    private static final String REDIS = System.getenv().getOrDefault("KIT_TEST_REDIS_URL", "redis://127.0.0.1:6379");

    private static Settings redisSettings(Path dir, String prefix) {
        return TestDatabases.embedded(dir).with("redis.url", REDIS).with("redis.prefix", prefix);
    }

    @Test
    void redisBusDeliversEveryMessageInOrderToBothReplicasAndCatchesUpAfterALostConnection(
            @TempDir Path dir) throws Exception {
        String prefix = "kit-test-" + UUID.randomUUID().toString().substring(0, 8) + ":";
        try (Database db = Database.open(TestDatabases.embedded(dir));
             Cluster one = Cluster.open(redisSettings(dir, prefix), db);
             Cluster two = Cluster.open(redisSettings(dir, prefix), db)) {
            List<String> onOne = new CopyOnWriteArrayList<>();
            List<String> onTwo = new CopyOnWriteArrayList<>();
            one.bus().subscribe("t", onOne::add);
            two.bus().subscribe("t", onTwo::add);
            await().atMost(Duration.ofSeconds(5)).until(() -> one.bus().healthy() && two.bus().healthy());
            for (int i = 0; i < 50; i++) {
                (i % 2 == 0 ? one : two).bus().publish("t", "m" + i);
            }
            List<String> expected = IntStream.range(0, 50).mapToObj(i -> "m" + i).toList();
            await().atMost(Duration.ofSeconds(5)).until(() -> onOne.size() == 50 && onTwo.size() == 50);
            assertThat(onOne).isEqualTo(expected);
            assertThat(onTwo).isEqualTo(expected);

            try (Jedis admin = new Jedis(URI.create(REDIS))) {
                String id = admin.clientList().lines().filter(l -> l.contains(" name=" + prefix + "bus "))
                        .map(l -> l.replaceAll("^id=(\\d+) .*", "$1")).findFirst().orElseThrow();
                admin.sendCommand(Protocol.Command.CLIENT, "KILL", "ID", id); // replica two loses its subscription
            }
            for (int i = 50; i < 80; i++) {
                one.bus().publish("t", "m" + i); // some while two is cut off
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> onTwo.size() >= 80);
            assertThat(onTwo).isEqualTo(IntStream.range(0, 80).mapToObj(i -> "m" + i).toList());
        } finally {
            try (Jedis admin = new Jedis(URI.create(REDIS))) {
                admin.keys(prefix + "*").forEach(admin::del);
            }
        }
    }

    @Test
    void postgresBusDeliversEveryMessageInOrderToBothReplicasAndCatchesUpAfterALostConnection() throws Exception {
        try (PostgresDatabase pg = PostgresDatabase.create()) {
            Settings settings = Settings.of(Map.of("db.url", pg.url(), "db.user", pg.user(), "db.pool-size", "8"));
            // one pool (one migration) for both: each bus holds a listening connection of its own
            try (Database db = Database.open(settings);
                 Cluster one = Cluster.open(settings, db); Cluster two = Cluster.open(settings, db)) {
                assertThat(one.description()).contains("postgresql");
                List<String> onOne = new CopyOnWriteArrayList<>();
                List<String> onTwo = new CopyOnWriteArrayList<>();
                one.bus().subscribe("t", onOne::add);
                two.bus().subscribe("t", onTwo::add);
                await().atMost(Duration.ofSeconds(5)).until(() -> one.bus().healthy() && two.bus().healthy());
                ExecutorService writers = Executors.newFixedThreadPool(4);
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    int writer = w;
                    done.add(writers.submit(() -> IntStream.range(0, 25).forEach(i ->
                            (writer % 2 == 0 ? one : two).bus().publish("t", writer + ":" + i))));
                }
                for (Future<?> f : done) {
                    f.get();
                }
                writers.shutdown();
                await().atMost(Duration.ofSeconds(5)).until(() -> onOne.size() == 100 && onTwo.size() == 100);
                assertThat(onTwo).as("both replicas see one order").isEqualTo(onOne);
                for (int w = 0; w < 4; w++) {
                    String p = w + ":";
                    assertThat(onOne.stream().filter(m -> m.startsWith(p)).toList()).as("each writer's order")
                            .isEqualTo(IntStream.range(0, 25).mapToObj(i -> p + i).toList());
                }

                try (Connection c = pg.connect(); PreparedStatement ps = c.prepareStatement(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND query = 'LISTEN kit_events'")) {
                    ps.setString(1, pg.name());
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(rs.next()).as("a listening connection").isTrue();
                    }
                }
                for (int i = 0; i < 20; i++) {
                    one.bus().publish("t", "late" + i);
                }
                await().atMost(Duration.ofSeconds(10)).until(() -> onOne.size() == 120 && onTwo.size() == 120);
                assertThat(onTwo).isEqualTo(onOne);
            }
        }
    }

    @Test
    void aReplicaCutOffLongerThanTheLogReachesIsToldItLostMessages() {
        AtomicInteger lost = new AtomicInteger();
        List<String> got = new ArrayList<>();
        List<SequencedBus.Entry> log = new ArrayList<>();
        SequencedBus bus = new SequencedBus() {
            @Override
            long head() {
                return 0;
            }

            @Override
            List<SequencedBus.Entry> since(long after) {
                return log.stream().filter(e -> e.seq() > after).toList();
            }

            @Override
            public void publish(String channel, String message) {
            }

            @Override
            public boolean healthy() {
                return true;
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public void close() {
            }
        };
        bus.subscribe("t", new Bus.Listener() {
            @Override
            public void message(String message) {
                got.add(message);
            }

            @Override
            public void lost() {
                lost.incrementAndGet();
            }
        });
        bus.connected();
        bus.received(new SequencedBus.Entry(1, "t", "a"));
        log.add(new SequencedBus.Entry(3, "t", "c")); // 2 was trimmed from the log
        bus.received(new SequencedBus.Entry(4, "t", "d"));
        assertThat(lost).hasValue(1);
        assertThat(got).containsExactly("a", "c", "d");
        bus.received(new SequencedBus.Entry(3, "t", "c")); // a late duplicate
        assertThat(got).containsExactly("a", "c", "d");
    }

    @Test
    void twoReplicasCountOneRateLimitExactlyUnderConcurrencyOnRedisAndOnPostgres() throws Exception {
        String prefix = "kit-test-" + UUID.randomUUID().toString().substring(0, 8) + ":";
        try (PostgresDatabase pg = PostgresDatabase.create()) {
            Settings pgSettings = Settings.of(Map.of("db.url", pg.url(), "db.user", pg.user(), "db.pool-size", "12"));
            Settings redis = pgSettings.with("redis.url", REDIS).with("redis.prefix", prefix);
            try (Database db = Database.open(pgSettings);
                 Cluster r1 = Cluster.open(redis, db);
                 Cluster r2 = Cluster.open(redis, db);
                 Cluster p1 = Cluster.open(pgSettings, db);
                 Cluster p2 = Cluster.open(pgSettings, db)) {
                for (List<Cluster> pair : List.of(List.of(r1, r2), List.of(p1, p2))) {
                    assertThat(pair.get(0).shared()).isTrue();
                    List<RateLimiter> limiters = List.of(pair.get(0).limiter(Clock.systemUTC()),
                            pair.get(1).limiter(Clock.systemUTC()));
                    RateLimiter.Rule rule = new RateLimiter.Rule("exact", 150, Duration.ofHours(1));
                    ExecutorService pool = Executors.newFixedThreadPool(8);
                    List<Future<RateLimiter.Decision>> decisions = new ArrayList<>();
                    for (int i = 0; i < 200; i++) {
                        RateLimiter l = limiters.get(i % 2);
                        decisions.add(pool.submit(() -> l.acquire(rule, "client-1")));
                    }
                    List<Integer> remaining = new ArrayList<>();
                    int allowed = 0;
                    for (Future<RateLimiter.Decision> f : decisions) {
                        RateLimiter.Decision d = f.get();
                        if (d.allowed()) {
                            allowed++;
                            remaining.add(d.remaining());
                        }
                    }
                    pool.shutdown();
                    assertThat(allowed).as(pair.get(0).description()).isEqualTo(150);
                    assertThat(remaining).containsExactlyInAnyOrderElementsOf(IntStream.range(0, 150).boxed().toList());
                }
            }
        } finally {
            try (Jedis admin = new Jedis(URI.create(REDIS))) {
                admin.keys(prefix + "*").forEach(admin::del);
            }
        }
    }
}
