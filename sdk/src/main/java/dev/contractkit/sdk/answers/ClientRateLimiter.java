package dev.contractkit.sdk.answers;

import okhttp3.Interceptor;
import okhttp3.Response;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.function.LongSupplier;

/**
 * Keeps a client under the answer endpoint's rate limit instead of collecting refusals: at most
 * {@code limit} requests start in any {@code window} (a sliding window), and when the server reports
 * {@code X-RateLimit-Remaining: 0} the next request waits for {@code X-RateLimit-Reset}. A caller that would
 * exceed it waits (the calling thread, or OkHttp's dispatcher thread for async calls).
 */
final class ClientRateLimiter implements Interceptor {
    /** Waits; tests pass one that advances a fake clock. */
    interface Sleeper {
        void sleep(long nanos) throws InterruptedException;
    }

    private final int limit;
    private final long windowNanos;
    private final LongSupplier nanoTime;
    private final LongSupplier epochMillis;
    private final Sleeper sleeper;
    private final ArrayDeque<Long> starts = new ArrayDeque<>();
    private boolean held;
    private long notBefore;

    ClientRateLimiter(int limit, Duration window, LongSupplier nanoTime, LongSupplier epochMillis, Sleeper sleeper) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        this.limit = limit;
        this.windowNanos = window.toNanos();
        this.nanoTime = nanoTime;
        this.epochMillis = epochMillis;
        this.sleeper = sleeper;
    }

    static ClientRateLimiter system(int limit, Duration window) {
        return new ClientRateLimiter(limit, window, System::nanoTime, System::currentTimeMillis,
                nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000)));
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        if (!chain.request().method().equals("POST") || !chain.request().url().encodedPath().endsWith("/v1/answer")) {
            return chain.proceed(chain.request());
        }
        try {
            acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the client-side rate limit");
        }
        Response response = chain.proceed(chain.request());
        observe(response.header("X-RateLimit-Remaining"), response.header("X-RateLimit-Reset"));
        return response;
    }

    /** Blocks until a request may start, and records its start. */
    void acquire() throws InterruptedException {
        while (true) {
            long wait;
            synchronized (this) {
                long now = nanoTime.getAsLong();
                while (!starts.isEmpty() && now - starts.peekFirst() >= windowNanos) {
                    starts.pollFirst();
                }
                wait = Math.max(held ? notBefore - now : 0, starts.size() < limit ? 0 : starts.peekFirst() + windowNanos - now);
                if (wait <= 0) {
                    starts.addLast(now);
                    return;
                }
            }
            sleeper.sleep(wait);
        }
    }

    /** Takes the server's word: no request before the reset when none remain. */
    synchronized void observe(String remaining, String reset) {
        if (!"0".equals(remaining) || reset == null) {
            return;
        }
        try {
            long resetMillis = Long.parseLong(reset.trim()) * 1000;
            long delay = Math.min(windowNanos, Math.max(0, (resetMillis - epochMillis.getAsLong()) * 1_000_000));
            long until = nanoTime.getAsLong() + delay;
            notBefore = held ? Math.max(notBefore, until) : until;
            held = true;
        } catch (NumberFormatException ignored) {
            // a header we cannot read changes nothing
        }
    }
}
