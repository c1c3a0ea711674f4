package dev.contractkit.mock.netty;

import shaded_package.io.netty.buffer.ByteBuf;
import shaded_package.io.netty.buffer.Unpooled;
import shaded_package.io.netty.channel.ChannelHandlerContext;
import shaded_package.io.netty.channel.embedded.EmbeddedChannel;
import shaded_package.io.netty.handler.codec.http.DefaultFullHttpResponse;
import shaded_package.io.netty.handler.codec.http.FullHttpResponse;
import shaded_package.io.netty.handler.codec.http.HttpHeaderNames;
import shaded_package.io.netty.handler.codec.http.HttpHeaderValues;
import shaded_package.io.netty.handler.codec.http.HttpHeaders;
import shaded_package.io.netty.handler.codec.http.HttpMethod;
import shaded_package.io.netty.handler.codec.http.HttpResponseEncoder;
import shaded_package.io.netty.handler.codec.http.HttpResponseStatus;
import shaded_package.io.netty.handler.codec.http.HttpServerCodec;
import shaded_package.io.netty.handler.codec.http.HttpVersion;
import shaded_package.io.netty.util.AsciiString;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.Queue;
import dev.contractkit.mock.http.Reply;

/**
 * A reply the responders give request after request (the same {@link Reply} object: an example chosen at start),
 * kept as the bytes Netty's HTTP encoder writes for it, in one direct buffer, and written past the encoder: no
 * headers object, no encoding and no copy into a direct buffer per request.
 *
 * <p>Netty's server codec pairs each request with its response (a queue of request methods, read when it encodes a
 * response: a {@code HEAD} answer has no body); a response written past it takes its request's entry off that queue
 * here, or the queue would grow by one a request on a kept-alive connection. So the bytes go out only when this
 * request is the connection's only one waiting for an answer and it is not a {@code HEAD}; otherwise, and when the
 * codec or its queue cannot be found (another Netty), the reply takes the encoder's way as before.
 */
final class EncodedReplies {
    private static final Field QUEUE = queueField();

    /** A reply's bytes: the status line, headers and body as the encoder writes them for a kept-alive connection. */
    record Encoded(Reply reply, ByteBuf bytes) {
        ByteBuf duplicate() {
            return bytes.duplicate(); // unreleasable: the copy the socket releases leaves the shared bytes alone
        }
    }

    /**
     * Per route: the reply given last, and its bytes once the same reply came twice in a row (a reply built per
     * request, with a header of its own, never is: it takes the encoder's way and costs one comparison).
     */
    static final class Memo {
        private volatile Reply last;
        private volatile Encoded encoded;

        /** @return the reply's bytes, or null while the reply is not one that repeats */
        Encoded of(Reply reply) {
            Encoded e = encoded;
            if (e != null && e.reply() == reply) {
                return e;
            }
            if (last != reply) {
                last = reply;
                return null;
            }
            Encoded made = new Encoded(reply, encode(reply));
            encoded = made;
            return made;
        }
    }

    private EncodedReplies() {
    }

    /** The bytes Netty's response encoder writes for the reply on a kept-alive connection, in one direct buffer. */
    static ByteBuf encode(Reply reply) {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseEncoder());
        try {
            channel.writeOutbound(toNetty(reply, true));
            ByteBuf all = Unpooled.directBuffer();
            for (Object part = channel.readOutbound(); part != null; part = channel.readOutbound()) {
                ByteBuf b = (ByteBuf) part;
                all.writeBytes(b);
                b.release();
            }
            return Unpooled.unreleasableBuffer(all);
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /**
     * One connection's way past the encoder: the server codec's context (a write from it starts below the codec)
     * and its queue of request methods.
     */
    static final class Connection {
        private final ChannelHandlerContext codec;
        private final Queue<HttpMethod> methods;

        private Connection(ChannelHandlerContext codec, Queue<HttpMethod> methods) {
            this.codec = codec;
            this.methods = methods;
        }

        /** @return the connection's way past the encoder, or null when its pipeline has no server codec to pair with */
        @SuppressWarnings("unchecked")
        static Connection of(ChannelHandlerContext any) {
            ChannelHandlerContext codec = any.pipeline().context(HttpServerCodec.class);
            if (codec == null || QUEUE == null) {
                return null;
            }
            try {
                return new Connection(codec, (Queue<HttpMethod>) QUEUE.get(codec.handler()));
            } catch (IllegalAccessException | ClassCastException e) {
                return null;
            }
        }

        /**
         * Writes the bytes if this request is the only one waiting on the connection and not a {@code HEAD}.
         *
         * @return false when nothing was written (the caller takes the encoder's way)
         */
        boolean write(Encoded encoded) {
            if (methods.size() != 1 || HttpMethod.HEAD.equals(methods.peek()) || codec.isRemoved()) {
                return false;
            }
            methods.poll();
            codec.writeAndFlush(encoded.duplicate());
            return true;
        }
    }

    private static Field queueField() {
        try {
            Field f = HttpServerCodec.class.getDeclaredField("queue");
            f.setAccessible(true);
            return Queue.class.isAssignableFrom(f.getType()) ? f : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Spelled as MockServer's response writer spells it. */
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("Content-Type");

    /** The reply as MockServer's response writer would send it: its headers, then type, connection and length. */
    static FullHttpResponse toNetty(Reply reply, boolean keepAlive) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(reply.status()), Unpooled.wrappedBuffer(reply.body()));
        HttpHeaders headers = response.headers();
        for (Map.Entry<String, String> h : reply.headers().entrySet()) {
            headers.add(h.getKey(), h.getValue());
        }
        if (!reply.mediaType().isEmpty()) {
            headers.set(CONTENT_TYPE, reply.mediaType());
        }
        // Netty's own constants: no conversion and no name check per request
        headers.set(HttpHeaderNames.CONNECTION, keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
        headers.setInt(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
        return response;
    }
}
