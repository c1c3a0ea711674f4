package dev.contractkit.mock.netty;

import com.fasterxml.jackson.databind.JsonNode;
import org.mockserver.lifecycle.LifeCycle;
import org.mockserver.netty.unification.PortUnificationHandler;
import shaded_package.io.netty.buffer.Unpooled;
import shaded_package.io.netty.channel.Channel;
import shaded_package.io.netty.channel.ChannelFutureListener;
import shaded_package.io.netty.channel.ChannelHandler;
import shaded_package.io.netty.channel.ChannelHandlerContext;
import shaded_package.io.netty.channel.ChannelInboundHandlerAdapter;
import shaded_package.io.netty.channel.ChannelPipeline;
import shaded_package.io.netty.handler.codec.http.DefaultFullHttpResponse;
import shaded_package.io.netty.handler.codec.http.FullHttpRequest;
import shaded_package.io.netty.handler.codec.http.FullHttpResponse;
import shaded_package.io.netty.handler.codec.http.HttpHeaderNames;
import shaded_package.io.netty.handler.codec.http.HttpHeaderValues;
import shaded_package.io.netty.handler.codec.http.HttpMethod;
import shaded_package.io.netty.handler.codec.http.HttpObjectAggregator;
import shaded_package.io.netty.handler.codec.http.HttpResponseStatus;
import shaded_package.io.netty.handler.codec.http.HttpServerCodec;
import shaded_package.io.netty.handler.codec.http.HttpUtil;
import shaded_package.io.netty.handler.codec.http.HttpVersion;
import shaded_package.io.netty.handler.codec.http.QueryStringDecoder;
import shaded_package.io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import shaded_package.io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import shaded_package.io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import shaded_package.io.netty.handler.codec.http.websocketx.WebSocketServerHandshaker;
import shaded_package.io.netty.handler.codec.http.websocketx.WebSocketServerHandshakerFactory;
import shaded_package.io.netty.util.ReferenceCountUtil;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import dev.contractkit.mock.http.JsonAnswer;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.http.RequestIds;

/**
 * Puts the kit's handler into MockServer's own Netty pipeline, right after its {@link HttpObjectAggregator}:
 * WebSocket upgrades on a channel's address and {@code /mockserver/kit/*} are answered there, every other
 * request goes on to MockServer untouched (one {@code instanceof} and a path lookup per request).
 *
 * <p>How it gets there without patching MockServer: a handler on the listening socket's pipeline (before
 * Netty's acceptor) adds {@code Init} to each accepted connection; once MockServer's initializer has put its
 * {@link PortUnificationHandler} in, {@code Init} puts a {@code Sentinel} right behind it. The unification
 * handler appends the HTTP handlers when it recognises HTTP and hands the first bytes to the next handler,
 * the sentinel, which then inserts {@link KitHandler} after the aggregator and removes itself.
 */
public final class KitPipeline {
    private KitPipeline() {
    }

    /** Installs the hook on every socket the MockServer listener listens on. */
    public static void install(LifeCycle server, KitChannels kit) {
        for (Channel listening : listeningChannels(server)) {
            // added on the socket's event loop, and waited for: added from another thread, the handler is skipped
            // until its handlerAdded task has run, and a connection accepted meanwhile would bypass the kit (and
            // its guard) altogether
            listening.eventLoop().submit(() -> listening.pipeline().addFirst("kit-accept", new Accept(kit)))
                    .syncUninterruptibly();
        }
        // the dashboard's live view: requests the fast path answered reach MockServer's log within a moment
        // (a cheap check when none came); the task ends with the listener's event loop
        listeningChannels(server).get(0).eventLoop().scheduleWithFixedDelay(kit::flushLog, RequestLog.FLUSH_MS,
                RequestLog.FLUSH_MS, TimeUnit.MILLISECONDS);
    }

    @SuppressWarnings("unchecked")
    private static List<Channel> listeningChannels(LifeCycle server) {
        try {
            Field f = LifeCycle.class.getDeclaredField("serverChannelFutures");
            f.setAccessible(true);
            List<Channel> out = new ArrayList<>();
            for (Future<Channel> future : (List<Future<Channel>>) f.get(server)) {
                out.add(future.get());
            }
            return out;
        } catch (ReflectiveOperationException | ExecutionException e) {
            throw new IllegalStateException("cannot reach MockServer's listening socket (MockServer version?): " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @ChannelHandler.Sharable
    private static final class Accept extends ChannelInboundHandlerAdapter {
        private final KitChannels kit;

        Accept(KitChannels kit) {
            this.kit = kit;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Channel child) {
                child.pipeline().addFirst("kit-first", new FirstBytes());
                child.pipeline().addLast("kit-init", new Init()); // before MockServer's initializer
            }
            ctx.fireChannelRead(msg);
        }

        private final class Init extends ChannelInboundHandlerAdapter {
            @Override
            public void channelRegistered(ChannelHandlerContext ctx) {
                place(ctx);
                ctx.fireChannelRegistered();
            }

            // MockServer's initializer normally runs before the registration reaches this handler; should it run
            // later, the sentinel is placed at the next event instead of never (a connection without the kit's
            // handler would not answer /mockserver/kit/* or WebSocket upgrades)
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                place(ctx);
                ctx.fireChannelActive();
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                place(ctx);
                ctx.fireChannelRead(msg);
            }

            private void place(ChannelHandlerContext ctx) {
                ChannelPipeline p = ctx.pipeline();
                ChannelHandlerContext unification = p.context(PortUnificationHandler.class);
                if (unification != null && p.get("kit-sentinel") == null) {
                    p.addAfter(unification.name(), "kit-sentinel", new Sentinel());
                }
                if (p.get("kit-sentinel") != null && p.context(this) != null) {
                    p.remove(this);
                }
            }
        }

        private final class Sentinel extends ChannelInboundHandlerAdapter {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ChannelPipeline p = ctx.pipeline();
                ChannelHandlerContext aggregator = p.context(HttpObjectAggregator.class);
                if (aggregator == null && p.get(PortUnificationHandler.class) == null) {
                    // SOCKS, HTTP/2, CONNECT tunnels, MockServer's binary proxying: none of them is a contract's API,
                    // and none would pass the guard's checks (an open proxy on the listener's address otherwise)
                    ReferenceCountUtil.release(msg);
                    ctx.close();
                    return;
                }
                if (aggregator != null) { // HTTP/1.1 recognised (a TLS handshake passes on until it gets here)
                    String name = aggregator.name();
                    p.replace(name, name, new KitAggregator(kit.guard()));
                    ChannelHandlerContext codec = p.context(HttpServerCodec.class);
                    if (codec != null) { // a bodiless request skips the decoders and the aggregator (BodylessRequests)
                        p.addAfter(codec.name(), "kit-bodyless", new BodylessRequests(p.context(name)));
                    }
                    p.addAfter(name, "kit-http", new KitHandler(kit));
                    p.addAfter("kit-http", "kit-sse", new SseReplay(kit));
                    ContractFastPath fast = kit.fastPath();
                    if (fast != null) { // after kit-sse, so an event stream it answers is still replayed as SSE
                        p.addAfter("kit-sse", "kit-fast", fast.handler());
                    }
                    p.remove(this);
                }
                ctx.fireChannelRead(msg);
            }
        }
    }

    /**
     * Looks at a connection's first bytes before MockServer's port unification does: a SOCKS greeting (first byte 4
     * or 5) or an HTTP/2 preface ({@code PRI *}) closes the connection. Neither is a contract's API, and MockServer
     * would act as a proxy for them (an open SOCKS proxy on the listener's address).
     */
    private static final class FirstBytes extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof shaded_package.io.netty.buffer.ByteBuf bytes && bytes.isReadable()) {
                byte first = bytes.getByte(bytes.readerIndex());
                boolean http2 = bytes.readableBytes() >= 3
                        && bytes.toString(bytes.readerIndex(), 3, StandardCharsets.US_ASCII).equals("PRI");
                if (first == 4 || first == 5 || http2) {
                    ReferenceCountUtil.release(msg);
                    ctx.close();
                    return;
                }
                ctx.pipeline().remove(this);
            }
            ctx.fireChannelRead(msg);
        }
    }

    /** Per connection: the kit's control endpoints, WebSocket upgrades, then the socket's frames. */
    static final class KitHandler extends ChannelInboundHandlerAdapter {
        private final KitChannels kit;
        private WebSocketServerHandshaker handshaker;

        KitHandler(KitChannels kit) {
            this.kit = kit;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (handshaker != null) {
                frame(ctx, msg);
                return;
            }
            if (msg instanceof FullHttpRequest request) {
                Optional<Reply> refused = kit.guard().check(request);
                if (refused.isPresent()) {
                    try {
                        refuse(ctx, refused.get());
                    } finally {
                        request.release();
                    }
                    return;
                }
                String uri = request.uri();
                int q = uri.indexOf('?');
                String path = q < 0 ? uri : uri.substring(0, q);
                if (path.startsWith("/mockserver") || path.startsWith("/_mockserver")) {
                    kit.flushLog(); // MockServer's control plane and dashboard read its log: the fast path's requests first
                }
                if (path.equals("/mockserver/reset") && request.method().equals(HttpMethod.PUT)) {
                    // MockServer re-adds the contract only when its listener thread gets round to it; a client's
                    // next request may come first. Reset here, re-install the contract, then answer.
                    try {
                        kit.reset();
                        respond(ctx, request, 200, "", HttpUtil.isKeepAlive(request));
                    } finally {
                        request.release();
                    }
                    return;
                }
                if (path.startsWith(KitChannels.CONTROL)) {
                    try {
                        QueryStringDecoder query = new QueryStringDecoder(uri);
                        JsonAnswer answer = kit.control(request.method().name(), path, query.parameters(),
                                request.content().toString(StandardCharsets.UTF_8));
                        respond(ctx, request, answer.status(), answer.body().toString(), HttpUtil.isKeepAlive(request));
                    } finally {
                        request.release();
                    }
                    return;
                }
                AsyncChannels.Channel channel = kit.channel(path);
                if (channel != null && request.method().equals(HttpMethod.GET) && isHandshakeAttempt(request)) {
                    try {
                        upgrade(ctx, request, path, channel);
                    } catch (RuntimeException e) {
                        respond(ctx, request, 400, JsonAnswer.errorBody("BAD_REQUEST", "not a valid WebSocket handshake: "
                                + e.getMessage()).toString(), false);
                    } finally {
                        request.release();
                    }
                    return;
                }
                if (channel != null && channel.streaming() && request.method().equals(HttpMethod.GET)) {
                    try {
                        stream(ctx, request, path, channel);
                    } finally {
                        request.release();
                    }
                    return;
                }
                if (!ListenerGuard.isControlPlane(uri)) { // under the server path: the document's path from here on
                    kit.serverPath().strip(uri).ifPresent(request::setUri);
                }
            }
            ctx.fireChannelRead(msg);
        }

        /**
         * A GET on an HTTP streaming channel of a document given on the command line: its messages, one JSON
         * document a line ({@code application/json}, as Gitter's stream), or as server-sent events when the client
         * accepts {@code text/event-stream}; then the response ends.
         */
        private void stream(ChannelHandlerContext ctx, FullHttpRequest request, String path, AsyncChannels.Channel channel) {
            if (!channel.authorized().test(new NettyIncoming(request, path))) {
                respond(ctx, request, 401, kit.unauthorized(channel.address()).toString(), false);
                return;
            }
            boolean sse = request.headers().get(HttpHeaderNames.ACCEPT, "").contains("text/event-stream");
            StringBuilder body = new StringBuilder();
            for (JsonNode m : channel.examples()) {
                body.append(sse ? "data: " + m + "\n\n" : m + "\n");
            }
            respond(ctx, request, 200, body.toString(), HttpUtil.isKeepAlive(request),
                    Map.of(HttpHeaderNames.CONTENT_TYPE.toString(), sse ? "text/event-stream" : "application/json"));
        }

        /** Any of the handshake's headers: a broken handshake is refused by the contract's rules, not dropped. */
        private static boolean isHandshakeAttempt(FullHttpRequest request) {
            return request.headers().contains(HttpHeaderNames.UPGRADE)
                    || request.headers().contains(HttpHeaderNames.SEC_WEBSOCKET_KEY)
                    || request.headers().contains(HttpHeaderNames.SEC_WEBSOCKET_VERSION)
                    || request.headers().get(HttpHeaderNames.CONNECTION, "").toLowerCase(Locale.ROOT).contains("upgrade");
        }

        private void upgrade(ChannelHandlerContext ctx, FullHttpRequest request, String path, AsyncChannels.Channel channel) {
            NettyIncoming handshake = new NettyIncoming(request, path);
            Optional<Reply> refused = kit.handshakeRefusal(channel.address(), handshake);
            if (refused.isPresent()) {
                Reply r = refused.get();
                respond(ctx, request, r.status(), new String(r.body(), StandardCharsets.UTF_8), false, r.headers());
                return;
            }
            if (!channel.authorized().test(handshake)) {
                respond(ctx, request, 401, kit.unauthorized(channel.address()).toString(), false);
                return;
            }
            if (kit.full()) {
                Reply r = kit.guard().refusal(503, "the mock holds its most WebSocket connections ("
                        + kit.maxSockets() + ", KIT_MOCK_WS_MAX_CONNECTIONS); try again when one closes");
                Map<String, String> headers = new LinkedHashMap<>(r.headers());
                headers.put("Retry-After", "5");
                respond(ctx, request, 503, new String(r.body(), StandardCharsets.UTF_8), false, headers);
                return;
            }
            String location = "ws://" + request.headers().get(HttpHeaderNames.HOST, "localhost") + path;
            WebSocketServerHandshaker h = new WebSocketServerHandshakerFactory(location, null, true, 1 << 20)
                    .newHandshaker(request);
            if (h == null) {
                WebSocketServerHandshakerFactory.sendUnsupportedVersionResponse(ctx.channel());
                return;
            }
            handshaker = h;
            Channel socket = ctx.channel();
            h.handshake(socket, request).addListener((ChannelFutureListener) done -> {
                if (done.isSuccess()) {
                    kit.connected(channel.address(), socket);
                } else {
                    socket.close();
                }
            });
        }

        /**
         * A WebSocket client that goes away without a close frame (killed, network gone) resets the connection: that
         * is the end of the socket, not an error, so it is closed quietly instead of reaching the end of the pipeline
         * (where Netty logs it with a stack trace).
         */
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (handshaker != null && cause instanceof IOException) {
                ctx.close();
                return;
            }
            ctx.fireExceptionCaught(cause);
        }

        private void frame(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof CloseWebSocketFrame close) {
                handshaker.close(ctx.channel(), close);
            } else if (msg instanceof PingWebSocketFrame ping) {
                ctx.writeAndFlush(new PongWebSocketFrame(ping.content()));
            } else {
                ReferenceCountUtil.release(msg); // frames from clients are ignored, as by the reference server
            }
        }

        /** A guard's refusal: the contract's error shape, then the connection is closed. */
        static void refuse(ChannelHandlerContext ctx, Reply reply) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.valueOf(reply.status()), Unpooled.wrappedBuffer(reply.body()));
            reply.headers().forEach((k, v) -> response.headers().set(k, v));
            response.headers().set("X-Request-Id", RequestIds.next())
                    .set(HttpHeaderNames.CONTENT_TYPE, reply.mediaType().isEmpty() ? "application/json" : reply.mediaType())
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes())
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }

        private static void respond(ChannelHandlerContext ctx, FullHttpRequest request, int status, String json,
                                    boolean keepAlive) {
            respond(ctx, request, status, json, keepAlive, Map.of());
        }

        /** @param headers more headers (a refusal's required ones); a handshake's answer always has a request id */
        private static void respond(ChannelHandlerContext ctx, FullHttpRequest request, int status, String json,
                                    boolean keepAlive, Map<String, String> headers) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status),
                    Unpooled.copiedBuffer(json, StandardCharsets.UTF_8));
            headers.forEach((k, v) -> response.headers().set(k, v));
            if (!response.headers().contains("X-Request-Id")) {
                String given = request.headers().get("X-Request-Id");
                response.headers().set("X-Request-Id", given != null ? given : RequestIds.next());
            }
            if (!response.headers().contains(HttpHeaderNames.CONTENT_TYPE)) {
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
            }
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
            if (status == 401) {
                response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer");
            }
            if (!keepAlive) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            } else {
                ctx.writeAndFlush(response);
            }
        }
    }

    /** MockServer's aggregator with a limit: a body larger than {@code --max-body-bytes} gets 413 and the connection closes. */
    static final class KitAggregator extends HttpObjectAggregator {
        private final ListenerGuard guard;

        KitAggregator(ListenerGuard guard) {
            super((int) guard.maxBodyBytes());
            this.guard = guard;
        }

        /**
         * Netty's answer to {@code Expect} (100 Continue, or 417 for any other expectation), asked only when the
         * request has the header: without one Netty's own check reads the header twice to find nothing.
         */
        @Override
        protected Object newContinueResponse(shaded_package.io.netty.handler.codec.http.HttpMessage start, int maxContentLength,
                                             ChannelPipeline pipeline) {
            return start.headers().contains(HttpHeaderNames.EXPECT) ? super.newContinueResponse(start, maxContentLength, pipeline)
                    : null;
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, shaded_package.io.netty.handler.codec.http.HttpMessage oversized) {
            KitHandler.refuse(ctx, guard.refusal(413, "the request body is larger than this mock takes ("
                    + guard.maxBodyBytes() + " bytes; --max-body-bytes changes it)"));
        }
    }
}
