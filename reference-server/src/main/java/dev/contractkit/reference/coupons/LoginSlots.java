package dev.contractkit.reference.coupons;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds the password checks (PBKDF2 key derivations, a fraction of a second of one core each) that run at once on
 * this server, whoever sends them: the per-user and per-address limits ({@link LoginThrottle}) do not stop a flood
 * of logins from many addresses from taking every core. A login waits at most {@code wait} for a slot, then is
 * refused at once (429 {@code temporarily_unavailable}, {@code Retry-After: 1}) without any derivation.
 *
 * <pre>{@code
 * LoginSlots slots = new LoginSlots(Runtime.getRuntime().availableProcessors(), Duration.ofMillis(500));
 * if (slots.enter()) { try { check(); } finally { slots.leave(); } }
 * }</pre>
 */
final class LoginSlots {
    private final Semaphore slots;
    private final long waitMs;

    LoginSlots(int slots, Duration wait) {
        if (slots < 1 || wait.isNegative()) {
            throw new IllegalArgumentException("KIT_COUPONS_LOGIN_CONCURRENCY must be positive and "
                    + "KIT_COUPONS_LOGIN_QUEUE_MS not negative");
        }
        this.slots = new Semaphore(slots, true);
        this.waitMs = wait.toMillis();
    }

    /** @return true when a slot was taken (then {@link #leave} it), false when all stayed busy for the wait */
    boolean enter() {
        try {
            return waitMs == 0 ? slots.tryAcquire() : slots.tryAcquire(waitMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void leave() {
        slots.release();
    }
}
