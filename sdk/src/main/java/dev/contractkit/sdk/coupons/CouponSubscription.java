package dev.contractkit.sdk.coupons;

import java.util.concurrent.RejectedExecutionException;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.TransportException;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An open subscription to the real-time coupon channel, made by {@link CouponsClientAddOns#subscribe(Consumer)}.
 * After a drop (network failure, server restart, status 1008 when the token expired) it reconnects with
 * exponential back-off and a fresh token, until {@link #close()}. Messages sent while disconnected are not
 * replayed: re-read {@code GET /api/v1/coupons} when that matters.
 *
 * <pre>{@code
 * CouponSubscription updates = coupons.subscribe(event -> System.out.println(event.type()));
 * ...
 * updates.close();
 * }</pre>
 */
public final class CouponSubscription implements AutoCloseable {
    private static final int POLICY_VIOLATION = 1008;

    private final OkHttpClient http;
    private final HttpUrl url;
    private final TokenSource credentials;
    private final Consumer<CouponEvent> listener;
    private final Consumer<Throwable> onError;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final ScheduledExecutorService scheduler;
    private volatile boolean closed;
    private WebSocket socket; // guarded by this
    private int failures; // guarded by this

    CouponSubscription(OkHttpClient http, HttpUrl url, TokenSource credentials,
                       Consumer<CouponEvent> listener, Consumer<Throwable> onError, Duration initialBackoff, Duration maxBackoff) {
        this.http = http;
        this.url = url;
        this.credentials = credentials;
        this.listener = listener;
        this.onError = onError;
        this.initialBackoff = initialBackoff;
        this.maxBackoff = maxBackoff;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "coupon-updates-reconnect");
            t.setDaemon(true);
            return t;
        });
    }

    CouponSubscription start() {
        scheduler.execute(this::connect);
        return this;
    }

    /** @return whether the WebSocket is open right now (false while reconnecting and after {@link #close()}) */
    public synchronized boolean isConnected() {
        return socket != null && failures == 0 && !closed;
    }

    /** Closes the WebSocket (status 1000) and stops reconnecting. Idempotent. */
    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            if (socket != null) {
                socket.close(1000, "client closed");
                socket = null;
            }
        }
        scheduler.shutdownNow();
    }

    private void connect() {
        if (closed) {
            return;
        }
        String token;
        try {
            token = credentials.token();
        } catch (ApiException e) {
            report(e);
            scheduleReconnect(null);
            return;
        }
        // the client's interceptors add the user agent and a fixed bearer token; a token provider's is set here,
        // so that the one refused (401, or status 1008 when it expired) is known
        Request.Builder request = new Request.Builder().url(url);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        synchronized (this) {
            if (!closed) {
                socket = http.newWebSocket(request.build(), new Listener(token));
                failures = Math.max(failures, 1); // not open until onOpen
            }
        }
    }

    private void scheduleReconnect(WebSocket dropped) {
        long delay;
        synchronized (this) {
            if (dropped != null && dropped != socket) {
                return; // a late callback of a socket already replaced
            }
            socket = null;
            if (closed) {
                return;
            }
            delay = reconnectDelay(failures, initialBackoff, maxBackoff, ThreadLocalRandom.current().nextDouble()).toMillis();
            failures++;
        }
        try {
            scheduler.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closedMeanwhile) {
            // close() won the race
        }
    }

    /**
     * The wait before reconnecting: the SDK's exponential back-off with equal jitter, so a fleet of subscribers
     * does not reconnect in step after a server restart, and none waits less than half the back-off.
     *
     * @param failures failed connection attempts since the last open connection (0 right after a drop)
     * @param initial  the first back-off
     * @param max      the largest back-off
     * @param random   a number in [0, 1)
     * @return the delay
     */
    static Duration reconnectDelay(int failures, Duration initial, Duration max, double random) {
        return RetryPolicy.builder().initialBackoff(initial).maxBackoff(max).jitter(RetryPolicy.Jitter.EQUAL).build()
                .backoff(failures + 1, random);
    }

    private void report(Throwable t) {
        if (!closed) {
            try {
                onError.accept(t);
            } catch (RuntimeException ignored) {
                // the error listener's own failure must not stop reconnecting
            }
        }
    }

    private final class Listener extends WebSocketListener {
        private final String token;

        Listener(String token) {
            this.token = token;
        }

        @Override
        public void onOpen(WebSocket webSocket, Response response) {
            synchronized (CouponSubscription.this) {
                if (webSocket == socket) {
                    failures = 0;
                }
            }
        }

        @Override
        public void onMessage(WebSocket webSocket, String text) {
            if (closed) {
                return;
            }
            try {
                listener.accept(EventDecoder.decode(text));
            } catch (RuntimeException e) {
                report(e);
            }
        }

        @Override
        public void onClosing(WebSocket webSocket, int code, String reason) {
            if (code == POLICY_VIOLATION && token != null) {
                credentials.refused(token); // the token expired: reconnect with a new one
            }
            webSocket.close(1000, null);
        }

        @Override
        public void onClosed(WebSocket webSocket, int code, String reason) {
            scheduleReconnect(webSocket);
        }

        @Override
        public void onFailure(WebSocket webSocket, Throwable t, Response response) {
            if (response != null && response.code() != 101) {
                if (response.code() == 401 && token != null) {
                    credentials.refused(token);
                }
                report(ApiException.of(response.code(), body(response), response.header("X-Request-Id")));
            } else {
                report(new TransportException("WebSocket " + url + " failed: " + t, t instanceof IOException io ? io : new IOException(t)));
            }
            scheduleReconnect(webSocket);
        }

        private static String body(Response response) {
            try {
                return response.body() == null ? "" : response.body().string();
            } catch (IOException | IllegalStateException e) {
                return "";
            }
        }
    }
}
