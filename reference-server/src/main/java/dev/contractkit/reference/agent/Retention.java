package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;

import java.time.Clock;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * The agent's retention ({@code KIT_AGENT_RETENTION_DAYS}, a number of days or a duration such as {@code 12h}; 0 or
 * unset keeps everything): each sweep removes
 * the threads whose latest run started longer ago (with their runs, events and artifacts; never one with a run still
 * going) and the files and artifacts stored longer ago ({@link ThreadStore#expire}). {@link AgentModule} runs it on
 * the server's heartbeat ({@code Leases}), at start and every {@code KIT_REPLICA_HEARTBEAT_MS}.
 */
final class Retention {
    private static final Logger LOG = Logger.getLogger(Retention.class.getName());
    static final String SETTING = "agent.retention-days";

    private final ThreadStore threads;
    private final Duration keep;
    private final Clock clock;

    /**
     * @param keep  how long data is kept; zero keeps it for ever
     * @param clock the time the age is measured against
     */
    Retention(ThreadStore threads, Duration keep, Clock clock) {
        this.threads = threads;
        this.keep = keep;
        this.clock = clock;
    }

    /** @return the retention the setting names, checked: a number of days or a duration ({@code Durations}), 0 or more */
    static Duration days(Settings settings) {
        return settings.duration(SETTING);
    }

    /** @return what this sweep removed (nothing when the retention is off) */
    ThreadStore.Swept sweep() {
        if (keep.isZero()) {
            return new ThreadStore.Swept(0, 0, 0);
        }
        ThreadStore.Swept swept = threads.expire(clock.instant().minus(keep));
        if (swept.total() > 0) {
            LOG.fine(() -> "agent: retention of " + keep.toDays() + " day(s) removed " + swept.threads() + " thread(s), "
                    + swept.files() + " file(s), " + swept.artifacts() + " artifact(s)");
        }
        return swept;
    }
}
