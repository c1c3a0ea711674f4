package dev.contractkit.reference.agent;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.InetAddress;
import java.net.ProxySelector;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

/**
 * The {@link HttpClient} the MCP SDK's Streamable HTTP transport gets: it connects only to the addresses
 * {@link McpAddressPolicy} checked (the JDK's client would look the name up again, which a DNS-rebinding host
 * answers with another address) and refuses any request whose URI is not the checked scheme, host and port. One
 * HTTP/1.1 exchange per connection ({@link PinnedExchange}); no redirects, cookies, proxies or authenticators.
 */
final class PinnedHttpClient extends HttpClient {
    private final McpAddressPolicy.Target target;
    private final Duration timeout;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean shut;

    private PinnedHttpClient(McpAddressPolicy.Target target, Duration timeout) {
        this.target = target;
        this.timeout = timeout;
    }

    /** @return a builder (for the transport's {@code clientBuilder}) whose client connects only to the target */
    static HttpClient.Builder builder(McpAddressPolicy.Target target, Duration timeout) {
        return new Builder(target, timeout);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
        if (shut) {
            result.completeExceptionally(new IllegalStateException("the client is shut down"));
            return result;
        }
        PinnedExchange<T> exchange = new PinnedExchange<>(target, timeout, request, handler, result, open);
        Thread.ofVirtual().name("agent-mcp-http").start(exchange::run);
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) {
                exchange.abort();
            }
        });
        return result;
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
                                                            HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
        return sendAsync(request, handler);
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) throws java.io.IOException,
            InterruptedException {
        try {
            return sendAsync(request, handler).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof java.io.IOException io ? io : new java.io.IOException(e.getCause());
        }
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return Optional.empty();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return Optional.of(timeout);
    }

    @Override
    public Redirect followRedirects() {
        return Redirect.NEVER;
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return Optional.empty();
    }

    @Override
    public SSLContext sslContext() {
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public SSLParameters sslParameters() {
        return sslContext().getDefaultSSLParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return Optional.empty();
    }

    @Override
    public Version version() {
        return Version.HTTP_1_1;
    }

    @Override
    public Optional<Executor> executor() {
        return Optional.empty();
    }

    @Override
    public void shutdown() {
        shut = true;
        open.forEach(PinnedExchange::closeQuietly);
    }

    @Override
    public void shutdownNow() {
        shutdown();
    }

    @Override
    public boolean awaitTermination(Duration duration) {
        return true;
    }

    @Override
    public boolean isTerminated() {
        return shut && open.isEmpty();
    }

    @Override
    public void close() {
        shutdown();
    }

    /** Takes the transport's settings and ignores them: the client's behaviour is fixed. */
    private record Builder(McpAddressPolicy.Target target, Duration timeout) implements HttpClient.Builder {
        @Override
        public HttpClient.Builder cookieHandler(CookieHandler cookieHandler) {
            return this;
        }

        @Override
        public HttpClient.Builder connectTimeout(Duration duration) {
            return this;
        }

        @Override
        public HttpClient.Builder sslContext(SSLContext sslContext) {
            return this;
        }

        @Override
        public HttpClient.Builder sslParameters(SSLParameters sslParameters) {
            return this;
        }

        @Override
        public HttpClient.Builder executor(Executor executor) {
            return this;
        }

        @Override
        public HttpClient.Builder followRedirects(Redirect policy) {
            return this;
        }

        @Override
        public HttpClient.Builder version(Version version) {
            return this;
        }

        @Override
        public HttpClient.Builder priority(int priority) {
            return this;
        }

        @Override
        public HttpClient.Builder proxy(ProxySelector proxySelector) {
            return this;
        }

        @Override
        public HttpClient.Builder authenticator(Authenticator authenticator) {
            return this;
        }

        @Override
        public HttpClient.Builder localAddress(InetAddress localAddr) {
            return this;
        }

        @Override
        public HttpClient build() {
            return new PinnedHttpClient(target, timeout);
        }
    }
}
