package dev.contractkit.mock;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * One JVM-wide lock around the kit's calls into MockServer that build request matchers. MockServer 5.15 registers
 * every matcher cache it creates ({@code org.mockserver.cache.LRUCache}, one per {@code MatcherBuilder}: per
 * listener, per expectation, per retrieve/verify) in a static, unsynchronised {@code ArrayList}; two listeners
 * starting at the same moment (parallel test classes, or the parallel start of several APIs) could add at once and
 * corrupt it, and the start failed with "cannot listen on 127.0.0.1:0 (Index 1 out of bounds for length 1)".
 * Building a listener, adding the contract's expectations, resetting and reading the request log therefore take
 * turns; serving requests does not.
 */
final class MatcherCacheLock {
    private static final ReentrantLock LOCK = new ReentrantLock();

    private MatcherCacheLock() {
    }

    static <T> T call(Supplier<T> action) {
        LOCK.lock();
        try {
            return action.get();
        } finally {
            LOCK.unlock();
        }
    }

    static void run(Runnable action) {
        call(() -> {
            action.run();
            return null;
        });
    }
}
