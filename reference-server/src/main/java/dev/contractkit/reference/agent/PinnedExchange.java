package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.PinnedSockets;

import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/1.1 exchange of {@link PinnedHttpClient}: checks the request's URI against the target, connects to the
 * target's checked addresses, sends the request ({@code Connection: close}), reads the status and headers, and
 * hands the body to the handler's subscriber as it arrives (as much as it asks for: SSE streams stay streams).
 */
final class PinnedExchange<T> {
    private static final Set<String> OWN_HEADERS = Set.of("host", "content-length", "connection", "transfer-encoding",
            "user-agent");
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    /** A body read that waits longer than this ends with an error (an idle SSE stream included). */
    private static final Duration BODY_IDLE = Duration.ofSeconds(60);

    private final McpAddressPolicy.Target target;
    private final Duration timeout;
    private final HttpRequest request;
    private final HttpResponse.BodyHandler<T> handler;
    private final CompletableFuture<HttpResponse<T>> result;
    private final Set<Socket> open;
    private volatile Socket socket;
    private volatile boolean aborted;

    PinnedExchange(McpAddressPolicy.Target target, Duration timeout, HttpRequest request,
                   HttpResponse.BodyHandler<T> handler, CompletableFuture<HttpResponse<T>> result, Set<Socket> open) {
        this.target = target;
        this.timeout = timeout;
        this.request = request;
        this.handler = handler;
        this.result = result;
        this.open = open;
    }

    void run() {
        try {
            if (!McpAddressPolicy.sameOrigin(target.uri(), request.uri())) {
                throw new IOException("refused: the MCP transport asked for " + request.uri().getScheme() + "://"
                        + request.uri().getRawAuthority() + ", not the checked " + target.base());
            }
            byte[] body = body(request);
            Socket plain = PinnedSockets.connect(target.addresses(), target.port(), timeout.toMillis());
            socket = plain;
            open.add(plain);
            if (aborted) {
                throw new IOException("cancelled");
            }
            plain.setSoTimeout((int) timeout.toMillis()); // the TLS handshake too
            Socket s = target.scheme().equals("https") ? PinnedSockets.tls(plain, target.host(), target.port()) : plain;
            s.setSoTimeout((int) timeout.toMillis());
            send(s.getOutputStream(), body);
            InputStream in = new BufferedInputStream(s.getInputStream());
            int status = status(in);
            HttpHeaders headers = headers(in);
            Optional<SSLSession> session = s instanceof SSLSocket ssl ? Optional.of(ssl.getSession()) : Optional.empty();
            HttpResponse.BodySubscriber<T> subscriber = handler.apply(new Info(status, headers));
            Feed feed = new Feed();
            subscriber.onSubscribe(feed);
            subscriber.getBody().whenComplete((value, error) -> {
                if (error != null) {
                    result.completeExceptionally(error);
                } else {
                    result.complete(new Response<>(status, request, headers, value, session));
                }
            });
            s.setSoTimeout((int) BODY_IDLE.toMillis());
            boolean none = request.method().equals("HEAD") || status == 204 || status == 304;
            feed.deliver(subscriber, none ? InputStream.nullInputStream() : Http1Body.of(in, headers));
        } catch (Exception e) {
            result.completeExceptionally(e);
        } finally {
            Socket s = socket;
            if (s != null) {
                closeQuietly(s);
                open.remove(s);
            }
        }
    }

    /** Stops the exchange: the connection is closed, a blocked read ends. */
    void abort() {
        aborted = true;
        Socket s = socket;
        if (s != null) {
            closeQuietly(s);
        }
    }

    static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing is all that was left to do
        }
    }

    private byte[] body(HttpRequest r) throws Exception {
        if (r.bodyPublisher().isEmpty() || r.bodyPublisher().get().contentLength() == 0) {
            return new byte[0];
        }
        CompletableFuture<byte[]> done = new CompletableFuture<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        r.bodyPublisher().get().subscribe(new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(ByteBuffer item) {
                byte[] b = new byte[item.remaining()];
                item.get(b);
                out.write(b, 0, b.length);
            }

            @Override
            public void onError(Throwable throwable) {
                done.completeExceptionally(throwable);
            }

            @Override
            public void onComplete() {
                done.complete(out.toByteArray());
            }
        });
        return done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void send(OutputStream out, byte[] body) throws IOException {
        String path = request.uri().getRawPath() == null || request.uri().getRawPath().isEmpty() ? "/" : request.uri().getRawPath();
        String query = request.uri().getRawQuery() == null ? "" : "?" + request.uri().getRawQuery();
        int port = request.uri().getPort();
        StringBuilder h = new StringBuilder(request.method()).append(' ').append(path).append(query).append(" HTTP/1.1\r\n")
                .append("Host: ").append(request.uri().getHost()).append(port > 0 ? ":" + port : "").append("\r\n")
                .append("User-Agent: contract-kit-agent\r\nConnection: close\r\n");
        request.headers().map().forEach((name, values) -> {
            if (!OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(v -> h.append(name).append(": ").append(v).append("\r\n"));
            }
        });
        if (body.length > 0 || List.of("POST", "PUT", "PATCH").contains(request.method())) {
            h.append("Content-Length: ").append(body.length).append("\r\n");
        }
        out.write(h.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    /** @return the final status (informational 1xx responses skipped with their headers) */
    private static int status(InputStream in) throws IOException {
        while (true) {
            String line = Http1Body.line(in);
            String[] parts = line.split(" ", 3);
            int code;
            try {
                code = parts.length >= 2 && parts[0].startsWith("HTTP/1.") ? Integer.parseInt(parts[1]) : -1;
            } catch (NumberFormatException e) {
                code = -1;
            }
            if (code < 100 || code > 999) {
                throw new IOException("not an HTTP/1.1 response");
            }
            if (code >= 200) {
                return code;
            }
            headers(in);
        }
    }

    private static HttpHeaders headers(InputStream in) throws IOException {
        Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        int bytes = 0;
        for (String l = Http1Body.line(in); !l.isEmpty(); l = Http1Body.line(in)) {
            bytes += l.length();
            if (bytes > MAX_HEADER_BYTES) {
                throw new IOException("the response headers are larger than " + MAX_HEADER_BYTES + " bytes");
            }
            int colon = l.indexOf(':');
            if (colon > 0) {
                map.computeIfAbsent(l.substring(0, colon).trim(), k -> new ArrayList<>()).add(l.substring(colon + 1).trim());
            }
        }
        return HttpHeaders.of(map, (a, b) -> true);
    }

    /** Hands the body to the subscriber in pieces, as many as it has asked for. */
    private final class Feed implements Flow.Subscription {
        private long demand;
        private boolean cancelled;

        @Override
        public synchronized void request(long n) {
            demand = n <= 0 || demand + n < 0 ? Long.MAX_VALUE : demand + n;
            notifyAll();
        }

        @Override
        public synchronized void cancel() {
            cancelled = true;
            notifyAll();
            abort();
        }

        /** @return false when cancelled, or when nobody asked for more within {@link #BODY_IDLE} (then aborted) */
        private synchronized boolean awaitDemand() throws InterruptedException {
            long deadline = System.nanoTime() + BODY_IDLE.toNanos();
            while (demand == 0 && !cancelled) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    cancelled = true;
                    abort();
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            if (cancelled) {
                return false;
            }
            demand--;
            return true;
        }

        void deliver(HttpResponse.BodySubscriber<T> subscriber, InputStream body) {
            byte[] buf = new byte[8192];
            try {
                for (int n = body.read(buf); n >= 0; n = body.read(buf)) {
                    if (n == 0) {
                        continue;
                    }
                    if (!awaitDemand()) {
                        return;
                    }
                    subscriber.onNext(List.of(ByteBuffer.wrap(buf.clone(), 0, n)));
                }
                subscriber.onComplete();
            } catch (IOException | InterruptedException e) {
                synchronized (this) {
                    if (cancelled) {
                        return;
                    }
                }
                subscriber.onError(e);
            }
        }
    }

    private record Info(int statusCode, HttpHeaders headers) implements HttpResponse.ResponseInfo {
        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
        }
    }

    private record Response<T>(int statusCode, HttpRequest request, HttpHeaders headers, T body,
                               Optional<SSLSession> sslSession) implements HttpResponse<T> {
        @Override
        public Optional<HttpResponse<T>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public java.net.URI uri() {
            return request.uri();
        }

        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
        }
    }
}
