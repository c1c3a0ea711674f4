package dev.contractkit.reference;

import sun.misc.Signal;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C and {@code kill} (SIGINT, SIGTERM) stop the server before the JVM starts its shutdown: its close then runs
 * alone, and H2's own shutdown hook (the embedded file needs {@code DB_CLOSE_ON_EXIT} with {@code AUTO_SERVER}) finds
 * the database already closed, instead of closing it beside the server's close while requests are still answered and
 * the last group commit is written. The JVM's shutdown hook stays for every other way the process ends; a second signal
 * while the first close runs ends the process at once.
 */
final class StopSignals {
    private StopSignals() {
    }

    /**
     * @param close the server's close; run at most once, by the first signal or by the JVM's shutdown
     */
    static void install(Runnable close) {
        AtomicBoolean started = new AtomicBoolean();
        Runnable once = () -> {
            if (started.compareAndSet(false, true)) {
                close.run();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(once, "stop"));
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    once.run();
                    System.exit(128 + signal.getNumber()); // as the JVM's own handler would exit
                });
            } catch (IllegalArgumentException unavailable) {
                // not on this platform (or already the JVM's): the shutdown hook alone stops the server
            }
        }
    }
}
