package dev.contractkit.reference.exec;

import java.util.random.RandomGenerator;

/**
 * The wait before a task's next attempt: exponential ({@code base}, {@code 2 × base}, {@code 4 × base} ... up to
 * {@code max}) with "equal jitter": half of it fixed, the other half random, so that tasks that failed together
 * (a busy runtime) do not all come back at the same moment, and none comes back at once.
 *
 * @param baseMillis {@code exec.retry-base-ms} (500): the wait before the first retry, before jitter
 * @param maxMillis  {@code exec.retry-max-ms} (30000): the longest wait, before jitter
 */
record BackOff(long baseMillis, long maxMillis) {
    BackOff {
        if (baseMillis < 0 || maxMillis < baseMillis) {
            throw new IllegalArgumentException("settings KIT_EXEC_RETRY_BASE_MS and KIT_EXEC_RETRY_MAX_MS: need "
                    + "0 <= base <= max, were " + baseMillis + " and " + maxMillis);
        }
    }

    /**
     * @param retry  1 for the wait before the second attempt, 2 before the third ...
     * @param random the source of the jitter
     * @return milliseconds to wait, between half and all of {@code min(max, base × 2^(retry-1))}
     */
    long delayMillis(int retry, RandomGenerator random) {
        long d = baseMillis;
        for (int i = 1; i < retry && d < maxMillis; i++) {
            d *= 2;
        }
        d = Math.min(d, maxMillis);
        long half = d / 2;
        return d - half + (half == 0 ? 0 : random.nextLong(half + 1));
    }
}
