package dev.contractkit.mock.netty;

import shaded_package.io.netty.buffer.Unpooled;
import shaded_package.io.netty.channel.ChannelHandlerContext;
import shaded_package.io.netty.channel.ChannelInboundHandlerAdapter;
import shaded_package.io.netty.handler.codec.http.DefaultFullHttpRequest;
import shaded_package.io.netty.handler.codec.http.FullHttpRequest;
import shaded_package.io.netty.handler.codec.http.HttpHeaderNames;
import shaded_package.io.netty.handler.codec.http.HttpHeaders;
import shaded_package.io.netty.handler.codec.http.HttpRequest;
import shaded_package.io.netty.handler.codec.http.LastHttpContent;
import shaded_package.io.netty.util.ReferenceCountUtil;

/**
 * Right after Netty's HTTP decoder: a request that cannot have a body (no {@code Content-Length}, no
 * {@code Transfer-Encoding}; a GET as clients send it) and needs nothing of the handlers between here and the kit's
 * (no {@code Content-Encoding} for MockServer's header keeper and Netty's decompressor, no {@code Expect} for the
 * aggregator) goes straight to the handler after the aggregator, as the one message the aggregator would have made
 * of it: the same headers object with {@code content-length: 0} added last, as the aggregator adds it, an empty body
 * and no trailing headers. Those handlers pass such a request on unchanged; skipping them saves their per-message
 * work (two decoders and the aggregator's buffer). Every other message takes the usual way.
 */
final class BodylessRequests extends ChannelInboundHandlerAdapter {
    private final ChannelHandlerContext aggregator;
    private HttpRequest held;

    /** @param aggregator the aggregator's context: a message fired from it reaches the handler after the aggregator */
    BodylessRequests(ChannelHandlerContext aggregator) {
        this.aggregator = aggregator;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (held != null) {
            HttpRequest request = held;
            held = null;
            if (msg instanceof LastHttpContent last && !last.content().isReadable() && last.trailingHeaders().isEmpty()
                    && !aggregator.isRemoved()) {
                ReferenceCountUtil.release(last);
                request.headers().set(HttpHeaderNames.CONTENT_LENGTH, "0");
                aggregator.fireChannelRead(whole(request));
                return;
            }
            ctx.fireChannelRead(request); // not what the decoder gives for a bodiless request: the usual way
            ctx.fireChannelRead(msg);
            return;
        }
        if (msg instanceof HttpRequest request && !(msg instanceof FullHttpRequest) && bodiless(request)) {
            held = request; // the decoder gives its (empty) last content right after it, in the same read
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (held != null) {
            HttpRequest request = held;
            held = null;
            ctx.fireChannelRead(request);
        }
        super.channelInactive(ctx);
    }

    private boolean bodiless(HttpRequest request) {
        HttpHeaders h = request.headers();
        return request.decoderResult().isSuccess() && !aggregator.isRemoved()
                && !h.contains(HttpHeaderNames.CONTENT_LENGTH) && !h.contains(HttpHeaderNames.TRANSFER_ENCODING)
                && !h.contains(HttpHeaderNames.CONTENT_ENCODING) && !h.contains(HttpHeaderNames.EXPECT);
    }

    private static FullHttpRequest whole(HttpRequest request) {
        return new DefaultFullHttpRequest(request.protocolVersion(), request.method(), request.uri(), Unpooled.EMPTY_BUFFER,
                request.headers(), shaded_package.io.netty.handler.codec.http.EmptyHttpHeaders.INSTANCE);
    }
}
