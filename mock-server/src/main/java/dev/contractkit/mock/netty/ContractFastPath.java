package dev.contractkit.mock.netty;

import org.mockserver.configuration.Configuration;
import org.mockserver.mock.HttpState;
import org.mockserver.model.HttpRequest;
import org.mockserver.model.KeyToMultiValue;
import shaded_package.io.netty.channel.ChannelFuture;
import shaded_package.io.netty.channel.ChannelFutureListener;
import shaded_package.io.netty.channel.ChannelHandlerContext;
import shaded_package.io.netty.channel.ChannelInboundHandlerAdapter;
import shaded_package.io.netty.handler.codec.http.FullHttpRequest;
import shaded_package.io.netty.handler.codec.http.FullHttpResponse;
import shaded_package.io.netty.handler.codec.http.HttpUtil;
import shaded_package.io.netty.handler.codec.http.QueryStringDecoder;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.respond.ContractExpectations;

/**
 * Answers the contract's operations in the kit's own Netty handler, before MockServer's: the same
 * {@link Responder}s (credentials, parameters, body, {@code Prefer}, overrides, state) in the order MockServer
 * would match the contract's expectations, reading Netty's request directly ({@link NettyIncoming}) and writing
 * Netty's response with the headers MockServer's response writer gives. What is skipped is MockServer's mapping
 * of each request and response, its matcher chain over every expectation, its action scheduling, its callback
 * registry lookup and, on the hot path, its request log: answered requests go into {@link RequestLog}, which
 * hands them to MockServer's log before anything reads it, so verify, retrieve and the dashboard see them.
 *
 * <p>Only while the listener's active expectations are exactly the contract's ({@link #enabled}): once a client
 * adds, clears or resets expectations the request goes to MockServer, until the contract's set is back.
 * Never in proxy mode (a forwarded call must not block the event loop).
 */
public final class ContractFastPath {
    /** One contract expectation, matchable without MockServer's matcher. */
    private record Route(String method, Pattern path, int priority, ContractExpectations.Entry entry,
                         List<Condition> query, List<Condition> headers, EncodedReplies.Memo encoded, LastPath last) {
        boolean matches(String m, String p, FullHttpRequest request) {
            if (!(method == null || method.equals(m)) || !(path == null || last.matches(path, p))) {
                return false;
            }
            if (query.isEmpty() && headers.isEmpty()) {
                return true;
            }
            Map<String, List<String>> params = new QueryStringDecoder(request.uri()).parameters();
            return query.stream().allMatch(c -> c.any(params.getOrDefault(c.name(), List.of())))
                    && headers.stream().allMatch(c -> c.any(request.headers().getAll(c.name())));
        }
    }

    /** The verdict of a route's path expression on the path it saw last: a client asks for the same path again and again. */
    private static final class LastPath {
        private record Verdict(String path, boolean matches) {
        }

        private volatile Verdict last = new Verdict("", false);

        boolean matches(Pattern pattern, String path) {
            Verdict v = last;
            if (v.path().equals(path)) {
                return v.matches();
            }
            boolean matches = pattern.matcher(path).matches();
            last = new Verdict(path, matches);
            return matches;
        }
    }

    /** A query parameter or header a keyed path's expectation wants ({@code KeyedPath}): present, with a matching value. */
    private record Condition(String name, Pattern value) {
        static List<Condition> of(List<? extends KeyToMultiValue> entries) {
            return entries == null ? List.of() : entries.stream().map(e -> new Condition(e.getName().getValue(),
                    Pattern.compile(e.getValues().isEmpty() ? ".*" : e.getValues().get(0).getValue()))).toList();
        }

        boolean any(List<String> values) {
            return values.stream().anyMatch(v -> value.matcher(v).matches());
        }
    }

    private final List<Route> routes;
    private final HttpState state;
    private final RequestLog log;
    private volatile boolean enabled;

    public ContractFastPath(List<ContractExpectations.Entry> entries, HttpState state, Configuration configuration, int port) {
        this.routes = entries.stream().map(e -> {
            HttpRequest r = (HttpRequest) e.expectation().getHttpRequest();
            String method = r.getMethod() == null || r.getMethod().isBlank() ? null : r.getMethod().getValue();
            Pattern path = r.getPath() == null || r.getPath().isBlank() ? null : Pattern.compile(r.getPath().getValue());
            return new Route(method, path, e.expectation().getPriority(), e, Condition.of(r.getQueryStringParameterList()),
                    Condition.of(r.getHeaderList()), new EncodedReplies.Memo(), new LastPath());
        }).sorted(Comparator.comparingInt(Route::priority).reversed()).toList(); // stable: list order among equals
        this.state = state;
        this.log = new RequestLog(state, configuration, port);
    }

    /** @param on true while the active expectations are exactly the contract's */
    public void enabled(boolean on) {
        this.enabled = on;
    }

    boolean enabled() {
        return enabled;
    }

    /** @return where the answered requests wait for MockServer's log */
    RequestLog log() {
        return log;
    }

    /** The handler placed after the kit's own ones on each HTTP/1.1 connection. */
    ChannelInboundHandlerAdapter handler() {
        return new ChannelInboundHandlerAdapter() {
            private EncodedReplies.Connection pastEncoder;
            private boolean looked;

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                Route route = enabled && msg instanceof FullHttpRequest request ? route(request) : null;
                if (route == null) { // MockServer answers: its log must hold what came before
                    log.flush();
                    ctx.fireChannelRead(msg);
                    return;
                }
                FullHttpRequest request = (FullHttpRequest) msg;
                if (!looked) {
                    pastEncoder = EncodedReplies.Connection.of(ctx);
                    looked = true;
                }
                try {
                    answer(ctx, request, route, pastEncoder);
                } finally {
                    request.release();
                }
            }
        };
    }

    private Route route(FullHttpRequest request) {
        String uri = request.uri();
        if (!uri.startsWith("/") || uri.startsWith("/mockserver")
                || state.getRequestMatchers().size() != routes.size()) { // a client's expectation: MockServer decides
            return null;
        }
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        String method = request.method().name();
        for (Route r : routes) {
            if (r.matches(method, path, request)) {
                return r;
            }
        }
        return null;
    }

    private void answer(ChannelHandlerContext ctx, FullHttpRequest request, Route route, EncodedReplies.Connection pastEncoder) {
        ContractExpectations.Entry entry = route.entry();
        String uri = request.uri();
        int q = uri.indexOf('?');
        NettyIncoming incoming = new NettyIncoming(request, q < 0 ? uri : uri.substring(0, q));
        Reply reply;
        try {
            reply = entry.responder().answer(incoming);
        } catch (RuntimeException e) { // the kit's responders answer their own failures; this is a last resort
            reply = Reply.of(500, "text/plain", ("the mock server failed: " + e).getBytes(StandardCharsets.UTF_8));
        }
        long delay = entry.responder().delayMillis();
        // the request's own headers: Netty neither reuses nor changes them once the request is answered
        log.add(new RequestLog.Logged(System.currentTimeMillis(), request.method().name(), uri,
                request.headers(), incoming.body(), ctx.channel().localAddress(), ctx.channel().remoteAddress(),
                reply, delay, entry.expectation()));
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (delay == 0 && keepAlive && pastEncoder != null && !reply.mediaType().startsWith("text/event-stream")) {
            EncodedReplies.Encoded encoded = route.encoded().of(reply);
            if (encoded != null && pastEncoder.write(encoded)) {
                return;
            }
        }
        FullHttpResponse response = EncodedReplies.toNetty(reply, keepAlive);
        Runnable write = () -> {
            ChannelFuture written = ctx.writeAndFlush(response);
            if (!keepAlive) {
                written.addListener(ChannelFutureListener.CLOSE);
            }
        };
        if (delay > 0) {
            ctx.executor().schedule(write, delay, TimeUnit.MILLISECONDS);
        } else {
            write.run();
        }
    }
}
