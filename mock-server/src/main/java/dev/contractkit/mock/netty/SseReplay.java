package dev.contractkit.mock.netty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import shaded_package.io.netty.buffer.Unpooled;
import shaded_package.io.netty.channel.ChannelDuplexHandler;
import shaded_package.io.netty.channel.ChannelFutureListener;
import shaded_package.io.netty.channel.ChannelHandlerContext;
import shaded_package.io.netty.channel.ChannelPromise;
import shaded_package.io.netty.handler.codec.http.DefaultHttpContent;
import shaded_package.io.netty.handler.codec.http.DefaultHttpResponse;
import shaded_package.io.netty.handler.codec.http.FullHttpRequest;
import shaded_package.io.netty.handler.codec.http.FullHttpResponse;
import shaded_package.io.netty.handler.codec.http.HttpHeaderNames;
import shaded_package.io.netty.handler.codec.http.HttpHeaderValues;
import shaded_package.io.netty.handler.codec.http.HttpMethod;
import shaded_package.io.netty.handler.codec.http.HttpResponse;
import shaded_package.io.netty.handler.codec.http.LastHttpContent;
import shaded_package.io.netty.util.ReferenceCountUtil;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.contractkit.mock.http.Json;

/**
 * Turns MockServer's buffered {@code text/event-stream} answer of a POST operation (the contract's example stream,
 * after the request passed the contract's checks) into real SSE: chunked, one event per chunk, flushed, with
 * {@link #GAP_MS} between events. The example's {@code threadId} and {@code runId} (those of its first event)
 * are replaced by the request's, so a client sees its own ids, and {@code timestamp}s become the time of sending.
 */
final class SseReplay extends ChannelDuplexHandler {
    static final long GAP_MS = 20;
    private final KitChannels kit;
    private String threadId;
    private String runId;
    private boolean streamRequest;

    SseReplay(KitChannels kit) {
        this.kit = kit;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpRequest request) {
            String uri = request.uri();
            int q = uri.indexOf('?');
            streamRequest = request.method().equals(HttpMethod.POST) && kit.eventStream(q < 0 ? uri : uri.substring(0, q));
            threadId = null;
            runId = null;
            if (streamRequest) {
                try {
                    JsonNode body = Json.MAPPER.readTree(request.content().toString(StandardCharsets.UTF_8));
                    threadId = body.path("threadId").isTextual() ? body.get("threadId").asText() : null;
                    runId = body.path("runId").isTextual() ? body.get("runId").asText() : null;
                } catch (Exception ignored) {
                    // a malformed body is refused by the contract's checks; nothing to replace
                }
            }
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(streamRequest && msg instanceof FullHttpResponse response && response.status().code() == 200
                && response.headers().get(HttpHeaderNames.CONTENT_TYPE, "").startsWith("text/event-stream"))) {
            ctx.write(msg, promise);
            return;
        }
        streamRequest = false;
        String body = response.content().toString(StandardCharsets.UTF_8);
        HttpResponse head = new DefaultHttpResponse(response.protocolVersion(), response.status());
        head.headers().set(response.headers());
        head.headers().remove(HttpHeaderNames.CONTENT_LENGTH);
        head.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        head.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        boolean close = HttpHeaderValues.CLOSE.contentEqualsIgnoreCase(response.headers().get(HttpHeaderNames.CONNECTION, ""));
        ReferenceCountUtil.release(response);
        ctx.writeAndFlush(head);
        List<String> events = events(body);
        send(ctx, events, 0, promise, close);
    }

    private void send(ChannelHandlerContext ctx, List<String> events, int i, ChannelPromise promise, boolean close) {
        if (!ctx.channel().isActive()) {
            promise.trySuccess();
            return;
        }
        if (i == events.size()) {
            var done = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT, promise);
            if (close) {
                done.addListener(ChannelFutureListener.CLOSE);
            }
            return;
        }
        ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(events.get(i), StandardCharsets.UTF_8)));
        ctx.executor().schedule(() -> send(ctx, events, i + 1, promise, close), GAP_MS, TimeUnit.MILLISECONDS);
    }

    /** @return the events of the example stream, each ending with a blank line, ids and timestamps replaced */
    private List<String> events(String body) {
        List<String> out = new ArrayList<>();
        String exampleThread = null;
        String exampleRun = null;
        for (String block : body.replace("\r\n", "\n").split("\n\n")) {
            if (block.isBlank()) {
                continue;
            }
            StringBuilder b = new StringBuilder();
            for (String line : block.split("\n")) {
                if (line.startsWith("data:")) {
                    String data = line.substring(line.startsWith("data: ") ? 6 : 5);
                    try {
                        JsonNode e = Json.MAPPER.readTree(data);
                        if (exampleThread == null && e.path("threadId").isTextual()) {
                            exampleThread = e.get("threadId").asText();
                            exampleRun = e.path("runId").asText(null);
                        }
                        data = replace(data, exampleThread, threadId);
                        data = replace(data, exampleRun, runId);
                        JsonNode replaced = Json.MAPPER.readTree(data);
                        if (replaced.has("timestamp") && replaced instanceof ObjectNode o) {
                            o.put("timestamp", System.currentTimeMillis());
                            data = o.toString();
                        }
                    } catch (Exception ignored) {
                        // not JSON: sent as it is
                    }
                    b.append("data: ").append(data).append('\n');
                } else {
                    b.append(line).append('\n');
                }
            }
            out.add(b.append('\n').toString());
        }
        return out;
    }

    /** Replaces the example id inside JSON strings (exact values and prefixes such as {@code run-demo-1-answer}). */
    private static String replace(String data, String from, String to) {
        if (from == null || to == null || from.isEmpty()) {
            return data;
        }
        String quoted = Json.MAPPER.valueToTree(to).toString();
        String inner = quoted.substring(1, quoted.length() - 1);
        return data.replace("\"" + from, "\"" + inner);
    }
}
