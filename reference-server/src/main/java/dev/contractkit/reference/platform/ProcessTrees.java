package dev.contractkit.reference.platform;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Ending an OS process together with everything it started (exec's local tasks, the runtime's processes). */
public final class ProcessTrees {
    private ProcessTrees() {
    }

    /**
     * Ends a process and all its descendants: TERM first, KILL for what is left after two seconds; returns when
     * the whole tree is gone (or after about four more seconds).
     *
     * @param p the process
     */
    public static void end(Process p) {
        List<ProcessHandle> tree = p.descendants().toList();
        tree.forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        awaitGone(tree, 2_000);
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        awaitGone(tree, 2_000);
    }

    /** Waits until every process of the tree has ended (a TERM takes a moment), at most {@code millis}. */
    private static void awaitGone(List<ProcessHandle> tree, long millis) {
        long until = System.currentTimeMillis() + millis;
        for (ProcessHandle h : tree) {
            long left = until - System.currentTimeMillis();
            if (left <= 0) {
                return;
            }
            try {
                h.onExit().get(left, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
