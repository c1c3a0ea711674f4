package dev.contractkit.mock;

import org.mockserver.configuration.Configuration;
import org.mockserver.log.model.LogEntry;
import org.mockserver.mappers.FullHttpRequestToMockServerHttpRequest;
import org.mockserver.mock.HttpState;
import org.mockserver.model.HttpRequest;
import org.mockserver.model.HttpResponse;
import org.mockserver.model.Protocol;
import org.mockserver.mappers.MockServerHttpResponseToFullHttpResponse;
import org.slf4j.event.Level;
import shaded_package.io.netty.channel.ChannelFuture;
import shaded_package.io.netty.channel.ChannelFutureListener;
import shaded_package.io.netty.channel.ChannelHandlerContext;
import shaded_package.io.netty.channel.ChannelInboundHandlerAdapter;
import shaded_package.io.netty.handler.codec.http.FullHttpRequest;
import shaded_package.io.netty.handler.codec.http.HttpUtil;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Answers the contract's operations in the kit's own Netty handler, before MockServer's: the same callbacks
 * (credentials, parameters, body, {@code Prefer}, overrides, state), in the order MockServer would match the
 * contract's expectations, mapped to Netty's response by MockServer's own mapper (with the connection header its
 * response writer adds). What is skipped is MockServer's
 * matcher chain over every expectation, its action scheduling and its callback registry lookup.
 * Each request is still put into MockServer's request log ({@code RECEIVED_REQUEST} and
 * {@code EXPECTATION_RESPONSE}), so verify, retrieve and the dashboard see it as before.
 *
 * <p>Only while the listener's active expectations are exactly the contract's ({@link #enabled}): once a client
 * adds, clears or resets expectations the request goes to MockServer, until the contract's set is back.
 * Never in proxy mode (a forwarded call must not block the event loop).
 */
final class ContractFastPath {
    /** One contract expectation, matchable without MockServer's matcher. */
    private record Route(String method, Pattern path, int priority, ContractExpectations.Entry entry) {
        boolean matches(String m, String p) {
            return (method == null || method.equals(m)) && (path == null || path.matcher(p).matches());
        }
    }

    private final List<Route> routes;
    private final HttpState state;
    private final Configuration configuration;
    private final int port;
    private volatile boolean enabled;

    ContractFastPath(List<ContractExpectations.Entry> entries, HttpState state, Configuration configuration, int port) {
        this.routes = entries.stream().map(e -> {
            HttpRequest r = (HttpRequest) e.expectation().getHttpRequest();
            String method = r.getMethod() == null || r.getMethod().isBlank() ? null : r.getMethod().getValue();
            Pattern path = r.getPath() == null || r.getPath().isBlank() ? null : Pattern.compile(r.getPath().getValue());
            return new Route(method, path, e.expectation().getPriority(), e);
        }).sorted(Comparator.comparingInt(Route::priority).reversed()).toList(); // stable: list order among equals
        this.state = state;
        this.configuration = configuration;
        this.port = port;
    }

    /** @param on true while the active expectations are exactly the contract's */
    void enabled(boolean on) {
        this.enabled = on;
    }

    boolean enabled() {
        return enabled;
    }

    /** The handler placed after the kit's own ones on each HTTP/1.1 connection. */
    ChannelInboundHandlerAdapter handler() {
        return new ChannelInboundHandlerAdapter() {
            private FullHttpRequestToMockServerHttpRequest mapper;
            private MockServerHttpResponseToFullHttpResponse toNetty;

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (!enabled || !(msg instanceof FullHttpRequest request)
                        || state.getRequestMatchers().size() != routes.size()) { // a client's expectation: MockServer decides
                    ctx.fireChannelRead(msg);
                    return;
                }
                String uri = request.uri();
                if (uri.startsWith("/mockserver")) {
                    ctx.fireChannelRead(msg);
                    return;
                }
                int q = uri.indexOf('?');
                String path = q < 0 ? uri : uri.substring(0, q);
                String method = request.method().name();
                Route route = null;
                for (Route r : routes) {
                    if (r.matches(method, path)) {
                        route = r;
                        break;
                    }
                }
                if (route == null) {
                    ctx.fireChannelRead(msg);
                    return;
                }
                try {
                    if (mapper == null) {
                        mapper = new FullHttpRequestToMockServerHttpRequest(configuration, state.getMockServerLogger(),
                                false, null, port);
                    }
                    HttpRequest mock = mapper.mapFullHttpRequestToMockServerRequest(request, List.of(),
                            ctx.channel().localAddress(), ctx.channel().remoteAddress(), Protocol.HTTP_1_1);
                    if (toNetty == null) {
                        toNetty = new MockServerHttpResponseToFullHttpResponse(state.getMockServerLogger());
                    }
                    answer(ctx, toNetty, HttpUtil.isKeepAlive(request), mock, route.entry());
                } finally {
                    request.release();
                }
            }
        };
    }

    private void answer(ChannelHandlerContext ctx, MockServerHttpResponseToFullHttpResponse toNetty, boolean keepAlive,
                        HttpRequest request, ContractExpectations.Entry entry) {
        state.getMockServerLog().add(new LogEntry().setType(LogEntry.LogMessageType.RECEIVED_REQUEST)
                .setLogLevel(Level.INFO).setCorrelationId(request.getLogCorrelationId()).setHttpRequest(request)
                .setMessageFormat("received request:{}").setArguments(request));
        HttpResponse response;
        try {
            response = entry.callback().handle(request);
        } catch (Exception e) { // the kit's responders answer their own failures; this is a last resort
            response = HttpResponse.response().withStatusCode(500).withBody("the mock server failed: " + e);
        }
        state.getMockServerLog().add(new LogEntry().setType(LogEntry.LogMessageType.EXPECTATION_RESPONSE)
                .setLogLevel(Level.INFO).setCorrelationId(request.getLogCorrelationId()).setHttpRequest(request)
                .setHttpResponse(response).setExpectation(entry.expectation())
                // no message arguments: formatting them copies both bodies (5 % of a request in the profile)
                .setMessageFormat("returning response for request from expectation " + entry.expectation().getId()));
        long delay = response.getDelay() == null ? 0 : response.getDelay().getTimeUnit().toMillis(response.getDelay().getValue());
        // as MockServer's response writer does: the connection header, then its mapping to Netty's response
        HttpResponse out = response.shallowClone().withDelay(null)
                .replaceHeader(org.mockserver.model.Header.header("connection", keepAlive ? "keep-alive" : "close"));
        Runnable write = () -> {
            ChannelFuture last = null;
            for (Object part : toNetty.mapMockServerResponseToNettyResponse(out)) {
                last = ctx.write(part);
            }
            ctx.flush();
            if (!keepAlive && last != null) {
                last.addListener(ChannelFutureListener.CLOSE);
            }
        };
        if (delay > 0) {
            ctx.executor().schedule(write, delay, TimeUnit.MILLISECONDS);
        } else {
            write.run();
        }
    }
}
