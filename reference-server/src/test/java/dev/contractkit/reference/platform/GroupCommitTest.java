package dev.contractkit.reference.platform;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.helidon.http.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sql.DataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * {@link GroupCommit} on an embedded H2 file with {@code WRITE_DELAY=0} (the kit's durable setting): writes that
 * arrive while a commit runs share the next transaction, each is answered only once committed, a failing write takes
 * only itself back, the queue is bounded, and close commits what it accepted. The committer is held inside a first
 * write ({@link #hold}) so the test decides what waits together; a commit is held by a connection that waits in
 * {@code commit()} ({@link #commitHeldOnce}).
 */
class GroupCommitTest {
    @TempDir
    Path dir;
    HikariDataSource ds;
    GroupCommit commits;
    final ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor();
    final CountDownLatch holding = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @BeforeEach
    void open() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:file:" + dir.resolve("t") + ";WRITE_DELAY=0");
        config.setUsername("sa");
        config.setMaximumPoolSize(4);
        ds = new HikariDataSource(config);
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE items (id VARCHAR(40) PRIMARY KEY)");
        }
    }

    @AfterEach
    void close() {
        release.countDown();
        if (commits != null) {
            commits.close();
        }
        callers.shutdownNow();
        ds.close();
    }

    /** @return a write that inserts {@code id} and returns the connection it ran on */
    private static Jdbc.Statements<Connection> insert(String id) {
        return c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO items (id) VALUES (?)")) {
                ps.setString(1, id);
                ps.executeUpdate();
            }
            return c;
        };
    }

    /** @return {@code write}, counting {@code ran} down once it has run */
    private static Jdbc.Statements<Connection> counted(Jdbc.Statements<Connection> write, CountDownLatch ran) {
        return c -> {
            Connection result = write.run(c);
            ran.countDown();
            return result;
        };
    }

    /** Starts a write that holds the committer until {@link #release}; returns once it holds it. */
    private Future<Connection> hold() throws InterruptedException {
        Future<Connection> held = callers.submit(() -> commits.transaction(c -> {
            insert("held").run(c);
            holding.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return c;
        }));
        assertThat(holding.await(10, TimeUnit.SECONDS)).as("the committer runs the first write").isTrue();
        return held;
    }

    /** @return whether another connection sees the row: only a committed one (H2 reads committed data) */
    private boolean committed(String id) throws SQLException {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT 1 FROM items WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    @Test
    void writesThatArriveWhileABatchRunsJoinItsTransactionAndEachIsAnsweredOnlyOnceCommitted() throws Exception {
        commits = new GroupCommit(ds, "test", 64, 64, Duration.ZERO);
        Future<Connection> held = hold();
        List<Future<Object[]>> waiting = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String id = "w" + i;
            waiting.add(callers.submit(() -> {
                Connection ranOn = commits.transaction(insert(id));
                return new Object[] {ranOn, committed(id)}; // checked on another connection the moment it returns
            }));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waiting() == 20);
        assertThat(committed("w0")).as("nothing of a waiting write is stored before its commit").isFalse();
        release.countDown();

        Connection first = held.get(10, TimeUnit.SECONDS);
        for (Future<Object[]> f : waiting) {
            Object[] answer = f.get(10, TimeUnit.SECONDS);
            assertThat(answer[0]).as("ran in the held write's transaction").isSameAs(first);
            assertThat((Boolean) answer[1]).as("committed when answered").isTrue();
        }
        assertThat(commits.commits()).isEqualTo(1);
        assertThat(commits.writes()).isEqualTo(21);
    }

    /**
     * The server's stop interrupts request threads (Helidon closes their connections): a write already accepted is
     * still committed, so its caller waits on for that outcome instead of answering "unknown", and keeps its
     * interrupt.
     */
    @Test
    void anInterruptedCallerStillGetsItsWritesOutcomeOnceCommittedAndKeepsItsInterrupt() throws Exception {
        commits = new GroupCommit(ds, "test", 64, 64, Duration.ZERO);
        Future<Connection> held = hold();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread[] caller = new Thread[1];
        Future<Boolean> waiting = callers.submit(() -> {
            caller[0] = Thread.currentThread();
            commits.transaction(insert("interrupted"));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
            return committed("interrupted");
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waiting() == 1);
        caller[0].interrupt();
        release.countDown();
        held.get(10, TimeUnit.SECONDS);
        assertThat(waiting.get(10, TimeUnit.SECONDS)).as("answered once committed").isTrue();
        assertThat(stillInterrupted).as("the caller's interrupt is kept").isTrue();
    }

    @Test
    void writesThatArriveWhileTheCommitBeforeIsWrittenJoinTheNextBatchUntilThatWriteEnds() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch written = new CountDownLatch(1);
        commits = new GroupCommit(commitHeldOnce(writing, written), "test", 64, 64, Duration.ZERO);
        Future<Connection> first = callers.submit(() -> commits.transaction(insert("first")));
        assertThat(writing.await(10, TimeUnit.SECONDS)).as("the first batch's commit is being written").isTrue();

        CountDownLatch ranW0 = new CountDownLatch(1);
        Future<Connection> w0 = callers.submit(() -> commits.transaction(counted(insert("w0"), ranW0)));
        assertThat(ranW0.await(10, TimeUnit.SECONDS)).as("the other committer runs w0").isTrue();
        CountDownLatch ranLater = new CountDownLatch(5);
        List<Future<Connection>> later = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            String id = "w" + i;
            later.add(callers.submit(() -> commits.transaction(counted(insert(id), ranLater))));
        }
        assertThat(ranLater.await(10, TimeUnit.SECONDS)).as("the writes after w0 run while the write before lasts")
                .isTrue();
        assertThat(w0.isDone()).as("not committed before the write before it ends").isFalse();
        written.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).isNotNull();
        Connection next = w0.get(10, TimeUnit.SECONDS);
        for (Future<Connection> f : later) {
            assertThat(f.get(10, TimeUnit.SECONDS)).as("in w0's transaction").isSameAs(next);
        }
        assertThat(committed("w5")).isTrue();
        assertThat(commits.commits()).isEqualTo(2);
        assertThat(commits.writes()).isEqualTo(7);
    }

    @Test
    void withOneCommitterWritesThatArriveWhileACommitIsWrittenWaitAndThenShareTheNextCommit() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch written = new CountDownLatch(1);
        commits = new GroupCommit(commitHeldOnce(writing, written), "test", 64, 64, Duration.ZERO, 1);
        Future<Connection> first = callers.submit(() -> commits.transaction(insert("first")));
        assertThat(writing.await(10, TimeUnit.SECONDS)).as("the first batch's commit is being written").isTrue();

        List<Future<Connection>> later = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String id = "w" + i;
            later.add(callers.submit(() -> commits.transaction(insert(id))));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waiting() == 6);
        assertThat(first.isDone()).as("not answered before its commit is written").isFalse();
        written.countDown();

        Connection firstOn = first.get(10, TimeUnit.SECONDS);
        Connection next = later.getFirst().get(10, TimeUnit.SECONDS);
        for (Future<Connection> f : later) {
            assertThat(f.get(10, TimeUnit.SECONDS)).as("in one transaction after the first").isSameAs(next);
        }
        assertThat(committed("w5")).isTrue();
        assertThat(commits.commits()).isEqualTo(2);
        assertThat(commits.writes()).isEqualTo(7);
        assertThat(firstOn).isNotNull();
    }

    @Test
    void moreThanTwoCommittersAreRefused() {
        assertThatThrownBy(() -> new GroupCommit(ds, "test", 64, 64, Duration.ZERO, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 or 2 committers");
    }

    @Test
    void withADelayABatchWaitsForWritesThatArriveSoonAfterOnceWritesArriveConcurrently() throws Exception {
        commits = new GroupCommit(ds, "test", 64, 64, Duration.ofSeconds(5));
        Future<Connection> held = hold();
        Future<Connection> second = callers.submit(() -> commits.transaction(insert("second")));
        await().until(() -> commits.waiting() == 1);
        release.countDown(); // a batch of two: writes arrive concurrently, so the next batch waits
        held.get(10, TimeUnit.SECONDS);
        second.get(10, TimeUnit.SECONDS);

        Future<Connection> a = callers.submit(() -> commits.transaction(insert("a")));
        await().atMost(Duration.ofSeconds(2)).until(() -> commits.waiting() == 0 && !a.isDone());
        Future<Connection> b = callers.submit(() -> commits.transaction(insert("b")));
        assertThat(a.get(10, TimeUnit.SECONDS)).as("a waited for b").isSameAs(b.get(10, TimeUnit.SECONDS));
        assertThat(commits.commits()).isEqualTo(2);
    }

    @Test
    void aLoneWriteIsNotDelayed() throws Exception {
        commits = new GroupCommit(ds, "test", 64, 64, Duration.ofSeconds(30));
        long start = System.nanoTime();
        commits.transaction(insert("one"));
        commits.transaction(insert("two"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("writes one at a time wait for no others")
                .isLessThan(Duration.ofSeconds(20));
        assertThat(commits.commits()).isEqualTo(2);
    }

    /**
     * The pool's data source, except that the first commit on it waits (after {@code writing}) until {@code written}:
     * a stand-in for a long chunk write of the embedded file.
     */
    private DataSource commitHeldOnce(CountDownLatch writing, CountDownLatch written) {
        AtomicBoolean once = new AtomicBoolean();
        return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    Object result = invoke(method, ds, args);
                    if (!method.getName().equals("getConnection")) {
                        return result;
                    }
                    Connection c = (Connection) result;
                    return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                            (p, m, a) -> {
                                Object r = invoke(m, c, a);
                                if (m.getName().equals("commit") && once.compareAndSet(false, true)) {
                                    writing.countDown();
                                    written.await(20, TimeUnit.SECONDS);
                                }
                                return r;
                            });
                });
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Test
    void aFailingWriteIsRolledBackAloneAndItsCallerGetsItsOwnErrorAfterTheCommit() throws Exception {
        commits = new GroupCommit(ds, "test", 64, 64, Duration.ZERO);
        Future<Connection> held = hold();
        Future<Connection> before = callers.submit(() -> commits.transaction(insert("before")));
        await().until(() -> commits.waiting() == 1);
        Future<Connection> refused = callers.submit(() -> commits.transaction(c -> {
            insert("refused").run(c);
            throw new IllegalStateException("refused by its own check");
        }));
        await().until(() -> commits.waiting() == 2);
        Future<Connection> duplicate = callers.submit(() -> commits.transaction(insert("held")));
        await().until(() -> commits.waiting() == 3);
        Future<Connection> after = callers.submit(() -> commits.transaction(insert("after")));
        await().until(() -> commits.waiting() == 4);
        release.countDown();

        held.get(10, TimeUnit.SECONDS);
        assertThat(before.get(10, TimeUnit.SECONDS)).isSameAs(after.get(10, TimeUnit.SECONDS));
        assertThat(after.get(10, TimeUnit.SECONDS)).as("all in the held write's transaction").isSameAs(held.get());
        assertThatThrownBy(() -> refused.get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(IllegalStateException.class).hasMessage("refused by its own check");
        assertThatThrownBy(() -> duplicate.get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.isUniqueViolation()).isTrue());
        assertThat(committed("before")).isTrue();
        assertThat(committed("after")).isTrue();
        assertThat(committed("refused")).as("the refused write's own insert is rolled back").isFalse();
        assertThat(commits.commits()).isEqualTo(1);
    }

    @Test
    void aWriteBeyondTheQueueIsRefusedAt503WithoutRunning() throws Exception {
        commits = new GroupCommit(ds, "test", 1, 2, Duration.ZERO);
        hold();
        callers.submit(() -> commits.transaction(insert("q1")));
        callers.submit(() -> commits.transaction(insert("q2")));
        await().until(() -> commits.waiting() == 2);

        AtomicBoolean ran = new AtomicBoolean();
        assertThatThrownBy(() -> commits.transaction(c -> {
            ran.set(true);
            return insert("q3").run(c);
        })).isInstanceOfSatisfying(ApiError.class, e -> {
            assertThat(e.status()).isEqualTo(Status.SERVICE_UNAVAILABLE_503);
            assertThat(e.code()).isEqualTo("SERVICE_UNAVAILABLE");
            assertThat(e.headers()).containsEntry("Retry-After", "1");
            assertThat(e.getMessage()).contains("2 writes are waiting");
            assertThat(e.details()).isEqualTo("too many writes at once");
        });
        release.countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> committed("q1") && committed("q2"));
        assertThat(ran).as("the refused write never ran").isFalse();
        assertThat(committed("q3")).isFalse();
    }

    @Test
    void closeCommitsAndAnswersEveryAcceptedWriteAndRefusesNewOnes() throws Exception {
        commits = new GroupCommit(ds, "test", 2, 64, Duration.ZERO);
        hold();
        List<Future<Connection>> accepted = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String id = "a" + i;
            accepted.add(callers.submit(() -> commits.transaction(insert(id))));
        }
        await().until(() -> commits.waiting() == 5);
        Thread closing = Thread.ofPlatform().start(commits::close);
        await().atMost(Duration.ofSeconds(10)).until(() -> closing.getState() == Thread.State.TIMED_WAITING);

        assertThatThrownBy(() -> commits.transaction(insert("late"))).isInstanceOfSatisfying(ApiError.class, e -> {
            assertThat(e.status()).isEqualTo(Status.SERVICE_UNAVAILABLE_503);
            assertThat(e.getMessage()).contains("stopping");
            assertThat(e.details()).isEqualTo("the server is stopping");
        });
        release.countDown();
        closing.join(Duration.ofSeconds(20));
        assertThat(closing.isAlive()).as("close returns once every accepted write is committed").isFalse();
        for (int i = 0; i < 5; i++) {
            assertThat(accepted.get(i).get(1, TimeUnit.SECONDS)).isNotNull();
            assertThat(committed("a" + i)).isTrue();
        }
        assertThat(committed("late")).isFalse();
        assertThat(commits.commits()).as("6 writes in batches of at most 2").isEqualTo(3);
    }
}
