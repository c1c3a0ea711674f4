package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.RetryPolicy;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/** Applies a {@link RetryPolicy} to every call of a client. Not part of the public API. */
public final class RetryInterceptor implements Interceptor {
    private static final Set<String> IDEMPOTENT = Set.of("GET", "HEAD", "PUT", "DELETE", "OPTIONS");

    private final RetryPolicy policy;
    private final RetryPolicy.Sleeper sleeper;
    private final Clock clock;
    private final DoubleSupplier random;
    private final System.Logger log;

    /**
     * @param policy  the policy
     * @param sleeper how to wait
     * @param clock   the time source (for {@code X-RateLimit-Reset})
     */
    public RetryInterceptor(RetryPolicy policy, RetryPolicy.Sleeper sleeper, Clock clock) {
        this(policy, sleeper, clock, () -> ThreadLocalRandom.current().nextDouble(), HttpLog.DEFAULT_LOGGER);
    }

    /**
     * @param policy  the policy
     * @param sleeper how to wait
     * @param clock   the time source (for {@code X-RateLimit-Reset})
     * @param random  numbers in {@code [0, 1)} for the jitter
     * @param log     where each retry is reported (level DEBUG)
     */
    public RetryInterceptor(RetryPolicy policy, RetryPolicy.Sleeper sleeper, Clock clock, DoubleSupplier random, System.Logger log) {
        this.policy = policy;
        this.sleeper = sleeper;
        this.clock = clock;
        this.random = random;
        this.log = log;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        boolean idempotent = IDEMPOTENT.contains(request.method()) || policy.retryNonIdempotent();
        RequestOptions options = request.tag(RequestOptions.class);
        int maxAttempts = options != null && options.isOnce() ? 1 : policy.maxAttempts();
        for (int attempt = 1; ; attempt++) {
            boolean last = attempt >= maxAttempts;
            Response response;
            try {
                response = chain.proceed(request);
            } catch (IOException e) {
                if (last || !idempotent || e instanceof CredentialsFailure
                        || e instanceof InterruptedIOException && chain.call().isCanceled()) {
                    throw e;
                }
                Duration wait = backoff(attempt);
                log.log(System.Logger.Level.DEBUG, () -> request.method() + " " + HttpLog.redact(request.url()) + " failed (" + e
                        + "), retrying in " + wait.toMillis() + " ms");
                pause(wait);
                continue;
            }
            int code = response.code();
            boolean retryable = code == 429 || code == 503 && idempotent;
            if (!retryable || last) {
                return response;
            }
            int tried = attempt;
            Duration wait = serverWait(response).orElseGet(() -> backoff(tried));
            if (wait.compareTo(policy.maxWait()) > 0) {
                return response;
            }
            response.close();
            log.log(System.Logger.Level.DEBUG, () -> request.method() + " " + HttpLog.redact(request.url()) + " answered " + code
                    + ", retrying in " + wait.toMillis() + " ms (attempt " + (tried + 1) + " of " + policy.maxAttempts() + ")");
            pause(wait);
        }
    }

    private void pause(Duration d) throws IOException {
        try {
            sleeper.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to retry");
        }
    }

    /** The policy's exponential back-off after {@code attempt} failed attempts, spread by its jitter. */
    Duration backoff(int attempt) {
        return policy.backoff(attempt, random.getAsDouble());
    }

    private Optional<Duration> serverWait(Response response) {
        String retryAfter = response.header("Retry-After");
        if (retryAfter != null) {
            try {
                return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(retryAfter.trim()))));
            } catch (NumberFormatException e) {
                try {
                    ZonedDateTime at = ZonedDateTime.parse(retryAfter.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
                    return Optional.of(nonNegative(Duration.between(clock.instant(), at.toInstant())));
                } catch (DateTimeParseException ignored) {
                    // fall through to the rate-limit header
                }
            }
        }
        String reset = response.header("X-RateLimit-Reset");
        if (reset != null) {
            try {
                return Optional.of(nonNegative(Duration.ofSeconds(Long.parseLong(reset.trim()) - clock.instant().getEpochSecond())));
            } catch (NumberFormatException ignored) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }
}
