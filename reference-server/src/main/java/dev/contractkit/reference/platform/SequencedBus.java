package dev.contractkit.reference.platform;

import java.util.List;
import java.util.logging.Logger;

/**
 * The replica side of a shared bus whose messages carry a sequence number given by the bus (Redis INCR,
 * PostgreSQL serialized inserts): each replica delivers them in that order, skips what it delivered already,
 * and after a gap or a reconnection reads what it missed from the bus's log, telling its listeners
 * ({@link Bus.Listener#lost()}) when the log no longer reaches back far enough.
 */
abstract class SequencedBus extends ListenerTable implements Bus {
    private static final Logger LOG = Logger.getLogger(SequencedBus.class.getName());

    /** One logged message. */
    record Entry(long seq, String channel, String message) {
    }

    private long last = -1;

    /** @return the highest sequence number the bus has given (0 when none) */
    abstract long head();

    /**
     * @param after a sequence number
     * @return the logged messages after it, in order (the oldest ones may be gone)
     */
    abstract List<Entry> since(long after);

    /** Sets the start point when nothing was delivered yet; after a reconnection, catches up from the log. */
    final synchronized void connected() {
        if (last < 0) {
            last = head();
        } else {
            catchUp();
        }
    }

    /** Delivers a message that arrived live. */
    final synchronized void received(Entry e) {
        if (last < 0 || e.seq() <= last) {
            return; // before this replica's start, or delivered already (by a catch-up)
        }
        if (e.seq() > last + 1) {
            catchUp();
            if (e.seq() <= last) {
                return;
            }
        }
        last = e.seq();
        deliver(e.channel(), e.message());
    }

    /** Reads and delivers what the log holds after the last delivered message. */
    final synchronized void catchUp() {
        if (last < 0) {
            return;
        }
        List<Entry> missed = since(last);
        if (!missed.isEmpty() && missed.get(0).seq() > last + 1 && logIsShort(last, missed.get(0).seq())) {
            LOG.warning("bus: messages " + (last + 1) + ".." + (missed.get(0).seq() - 1) + " are no longer in the log; "
                    + "telling the listeners");
            lost();
        }
        for (Entry e : missed) {
            if (e.seq() > last) {
                last = e.seq();
                deliver(e.channel(), e.message());
            }
        }
    }

    /**
     * @param after       the last delivered sequence number
     * @param firstLogged the oldest sequence number the log returned after it, with a gap between
     * @return true when messages of the gap were dropped from the log (rather than never committed)
     */
    boolean logIsShort(long after, long firstLogged) {
        return true;
    }

    /** @return the last delivered sequence number (tests) */
    final synchronized long last() {
        return last;
    }
}
