package dev.contractkit.reference.platform;

import java.io.IOException;
import java.net.InetAddress;
import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This process's lease in the database (table {@code kit_leases}): its replica id and a heartbeat. Agent runs and
 * exec tasks carry the id of the replica that runs them ({@code owner}); every replica sweeps, on every heartbeat,
 * the unfinished work whose owner's heartbeat is older than the lease and ends it with a reason (the sweepers the
 * modules register). At start the sweep also takes the work of this replica id's previous life and, on the
 * embedded database (one process by construction), everything unfinished.
 *
 * <p>Timing: a heartbeat every {@code KIT_REPLICA_HEARTBEAT_MS} (2000), a lease of {@code KIT_REPLICA_LEASE_MS}
 * (10000): the work of a replica killed at time t is ended by a survivor between t + lease and
 * t + lease + heartbeat. Times are the database's ({@code CURRENT_TIMESTAMP}), so replicas' clocks do not matter.
 *
 * <pre>{@code
 * Leases leases = Leases.start(settings, database);
 * leases.register("exec", orphans -> store.endOrphans(orphans));   // runs at once (start) and on every heartbeat
 * }</pre>
 */
public final class Leases implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Leases.class.getName());

    /** Ends the unfinished work of replicas that are gone. */
    @FunctionalInterface
    public interface Sweeper {
        /**
         * @param orphans which owners are gone
         * @return how many runs or tasks were ended
         * @throws SQLException when the database fails
         */
        int endOrphans(Orphans orphans) throws SQLException;
    }

    /**
     * Which owners count as gone in one sweep.
     *
     * @param self       this replica's id
     * @param aliveSince heartbeats at or after this (database time) are alive
     * @param startup    true for the sweep at start: this replica id's own earlier work is orphaned too
     * @param everything true on the embedded database at start: every unfinished row is orphaned
     */
    public record Orphans(String self, Timestamp aliveSince, boolean startup, boolean everything) {
        /**
         * @param ownerColumn the owner column of the table
         * @return an SQL condition, with the parameters {@link #bind} sets
         */
        public String where(String ownerColumn) {
            if (everything) {
                return "1 = 1";
            }
            String gone = "(" + ownerColumn + " IS NULL OR " + ownerColumn
                    + " NOT IN (SELECT replica_id FROM kit_leases WHERE heartbeat_at >= ?))";
            return startup ? "(" + ownerColumn + " = ? OR " + gone + ")" : "(" + ownerColumn + " <> ? AND " + gone + ")";
        }

        /**
         * @param ps    the statement
         * @param index the index of the first parameter of {@link #where}
         * @return the index after them
         * @throws SQLException when binding fails
         */
        public int bind(PreparedStatement ps, int index) throws SQLException {
            if (everything) {
                return index;
            }
            ps.setString(index, self);
            ps.setTimestamp(index + 1, aliveSince);
            return index + 2;
        }

        /** @return why the work ends, for the run's or task's error */
        public String reason() {
            return startup
                    ? "the server stopped (killed, crashed or restarted) before it finished; ended at the next start"
                    : "the replica running it stopped sending heartbeats (killed or crashed); ended by replica " + self;
        }
    }

    private record Registered(String name, Sweeper sweeper) {
    }

    private final DataSource ds;
    private final String replicaId;
    private final long heartbeatMillis;
    private final long leaseMillis;
    private final boolean embedded;
    private final List<Registered> sweepers = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService timer;

    private Leases(DataSource ds, String replicaId, long heartbeatMillis, long leaseMillis, boolean embedded) {
        this.ds = ds;
        this.replicaId = replicaId;
        this.heartbeatMillis = heartbeatMillis;
        this.leaseMillis = leaseMillis;
        this.embedded = embedded;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kit-lease-" + replicaId);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Takes this process's lease and starts its heartbeat.
     *
     * @param settings {@code replica.id}, {@code replica.heartbeat-ms}, {@code replica.lease-ms}
     * @param database the kit's database
     * @return the running lease
     */
    public static Leases start(Settings settings, Database database) {
        long heartbeat = settings.duration("replica.heartbeat-ms").toMillis();
        long lease = settings.duration("replica.lease-ms").toMillis();
        if (heartbeat <= 0 || lease <= heartbeat) {
            throw new IllegalArgumentException("settings " + Settings.envName("replica.heartbeat-ms") + " and "
                    + Settings.envName("replica.lease-ms") + " must be positive, the lease longer than the heartbeat");
        }
        String id = settings.get("replica.id").orElseGet(Leases::newId);
        Leases leases = new Leases(database.dataSource(), id, heartbeat, lease, database.embedded());
        try {
            leases.beat();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write this replica's lease: " + e.getMessage(), e);
        }
        leases.timer.scheduleWithFixedDelay(leases::tick, heartbeat, heartbeat, TimeUnit.MILLISECONDS);
        return leases;
    }

    private static String newId() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "host";
        }
        return (host + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8))
                .toLowerCase(Locale.ROOT);
    }

    /** @return this replica's id, the {@code owner} of the runs and tasks it starts */
    public String replicaId() {
        return replicaId;
    }

    /** @return the heartbeat period, milliseconds */
    public long heartbeatMillis() {
        return heartbeatMillis;
    }

    /** @return the configured lease, milliseconds */
    public long leaseMillis() {
        return leaseMillis;
    }

    /**
     * Registers a sweeper and runs it at once as the start sweep (this replica's earlier work and, on the embedded
     * database, every unfinished row), then on every heartbeat.
     *
     * @param name    for the log
     * @param sweeper the sweeper
     * @throws IllegalStateException when the start sweep fails
     */
    public void register(String name, Sweeper sweeper) {
        try {
            int n = sweeper.endOrphans(new Orphans(replicaId, aliveSince(), true, embedded));
            if (n > 0) {
                LOG.info(name + ": " + n + " run(s) or task(s) left unfinished by a stopped server were ended");
            }
        } catch (SQLException | StorageException e) { // a sweeper on Jdbc fails unchecked
            throw new IllegalStateException(name + ": cannot end unfinished work: " + e.getMessage(), e);
        }
        sweepers.add(new Registered(name, sweeper));
    }

    /** Runs every sweeper once now (what each heartbeat does after renewing the lease). */
    public void sweep() throws SQLException {
        Orphans orphans = new Orphans(replicaId, aliveSince(), false, false);
        for (Registered r : sweepers) {
            int n = r.sweeper().endOrphans(orphans);
            if (n > 0) {
                LOG.info(r.name() + ": " + n + " run(s) or task(s) of a replica that stopped were ended");
            }
        }
    }

    private void tick() {
        try {
            beat();
            sweep();
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "replica " + replicaId + ": heartbeat or sweep failed", e);
        }
    }

    private Timestamp aliveSince() throws SQLException {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT CURRENT_TIMESTAMP");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return new Timestamp(rs.getTimestamp(1).getTime() - leaseMillis);
        }
    }

    private void beat() throws SQLException {
        try (Connection c = ds.getConnection();
             PreparedStatement update = c.prepareStatement(
                     "UPDATE kit_leases SET heartbeat_at = CURRENT_TIMESTAMP WHERE replica_id = ?")) {
            update.setString(1, replicaId);
            if (update.executeUpdate() == 0) {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO kit_leases (replica_id, started_at, "
                        + "heartbeat_at) VALUES (?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")) {
                    insert.setString(1, replicaId);
                    insert.executeUpdate();
                }
            }
            try (PreparedStatement old = c.prepareStatement(
                    "DELETE FROM kit_leases WHERE heartbeat_at < ? AND replica_id <> ?")) {
                // a lease a day old has been swept long ago
                old.setTimestamp(1, new Timestamp(System.currentTimeMillis() - TimeUnit.DAYS.toMillis(1)));
                old.setString(2, replicaId);
                old.executeUpdate();
            }
        }
    }

    /** Stops the heartbeat and gives the lease up (the work this replica owned has ended or is ended at its close). */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM kit_leases WHERE replica_id = ?")) {
            ps.setString(1, replicaId);
            ps.executeUpdate();
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "replica " + replicaId + ": could not give the lease up", e);
        }
    }
}
