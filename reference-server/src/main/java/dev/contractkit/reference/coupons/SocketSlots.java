package dev.contractkit.reference.coupons;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The cap on open {@code /ws/coupons} connections ({@code KIT_COUPONS_WS_MAX_CONNECTIONS}): a handshake past
 * it is not upgraded and answers 503 {@code SERVICE_UNAVAILABLE} with {@code Retry-After}, so a full server
 * spends no thread, subscription or queue on it.
 */
final class SocketSlots {
    private final int max;
    private final AtomicInteger open = new AtomicInteger();

    SocketSlots(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("KIT_COUPONS_WS_MAX_CONNECTIONS must be at least 1, was " + max);
        }
        this.max = max;
    }

    /** @return true when a slot was taken (give it back with {@link #release}) */
    boolean tryAcquire() {
        return open.getAndUpdate(n -> n < max ? n + 1 : n) < max;
    }

    void release() {
        open.decrementAndGet();
    }

    boolean full() {
        return open.get() >= max;
    }

    int max() {
        return max;
    }

    int open() {
        return open.get();
    }
}
