package dev.contractkit.mock.netty;

import org.mockserver.configuration.Configuration;
import org.mockserver.log.model.LogEntry;
import org.mockserver.mappers.FullHttpRequestToMockServerHttpRequest;
import org.mockserver.mock.Expectation;
import org.mockserver.mock.HttpState;
import org.mockserver.model.HttpRequest;
import org.mockserver.model.HttpResponse;
import org.mockserver.model.JsonBody;
import org.mockserver.model.StringBody;
import org.mockserver.model.Protocol;
import org.slf4j.event.Level;
import shaded_package.io.netty.buffer.Unpooled;
import shaded_package.io.netty.handler.codec.http.DefaultFullHttpRequest;
import shaded_package.io.netty.handler.codec.http.EmptyHttpHeaders;
import shaded_package.io.netty.handler.codec.http.HttpHeaders;
import shaded_package.io.netty.handler.codec.http.HttpMethod;
import shaded_package.io.netty.handler.codec.http.HttpVersion;

import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.Reply;

/**
 * The fast path's side of MockServer's request log. The fast path keeps what it answered here (the last
 * {@code maxLogEntries}, as MockServer's log would) instead of writing MockServer's log per request, which is costly
 * per entry (a ring-buffer hand-off, a deque whose {@code size()} walks the whole log, the request mapped into
 * MockServer's model). This writes them into MockServer's log, mapped by MockServer's own mapper and with their
 * own times, whenever anything may read it: before each {@code /mockserver/*} request (verify, retrieve, clear,
 * reset, the dashboard), before a request goes on to MockServer, before {@code received(...)}, and every
 * {@link #FLUSH_MS} for the dashboard's live view.
 */
final class RequestLog {
    static final long FLUSH_MS = 250;

    /** One answered request, as sent and as answered. */
    record Logged(long epochMillis, String method, String uri, HttpHeaders headers, byte[] body,
                  SocketAddress local, SocketAddress remote, Reply reply, long delayMillis, Expectation expectation) {
    }

    private final HttpState state;
    private final FullHttpRequestToMockServerHttpRequest mapper;
    private final int capacity;
    private final Object publishing = new Object();
    private ArrayDeque<Logged> pending = new ArrayDeque<>();
    private volatile boolean dirty;

    RequestLog(HttpState state, Configuration configuration, int port) {
        this.state = state;
        this.mapper = new FullHttpRequestToMockServerHttpRequest(configuration, state.getMockServerLogger(), false, null, port);
        this.capacity = Math.max(1, configuration.maxLogEntries());
    }

    /** Keeps an answered request until the next {@link #flush()}; past the log's capacity the oldest goes. */
    void add(Logged logged) {
        synchronized (this) {
            pending.addLast(logged);
            if (pending.size() > capacity) {
                pending.pollFirst();
            }
        }
        dirty = true;
    }

    /**
     * Writes what was kept into MockServer's log, oldest first. The check for pending entries is made under the
     * publishing lock: a reader must also wait for a batch the periodic flush took but has not written yet, or
     * {@code received(...)} right after an answer could miss it.
     */
    void flush() {
        synchronized (publishing) { // one batch at a time, so the log keeps the order the requests came in
            if (!dirty) {
                return;
            }
            ArrayDeque<Logged> batch;
            synchronized (this) {
                batch = pending;
                pending = new ArrayDeque<>();
                dirty = false;
            }
            for (Logged l : batch) {
                publish(l);
            }
        }
    }

    private void publish(Logged l) {
        HttpRequest request = mapper.mapFullHttpRequestToMockServerRequest(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1,
                        HttpMethod.valueOf(l.method()), l.uri(), Unpooled.wrappedBuffer(l.body()), l.headers(),
                        EmptyHttpHeaders.INSTANCE), List.of(), l.local(), l.remote(), Protocol.HTTP_1_1);
        state.getMockServerLog().add(new LogEntry().setType(LogEntry.LogMessageType.RECEIVED_REQUEST)
                .setLogLevel(Level.INFO).setEpochTime(l.epochMillis()).setCorrelationId(request.getLogCorrelationId())
                .setHttpRequest(request).setMessageFormat("received request:{}").setArguments(request));
        HttpResponse response = l.reply().toResponse();
        String media = l.reply().mediaType();
        if (Json.isJson(media) && l.reply().body().length > 0) { // shown as JSON by retrieve and the dashboard
            response.withBody(JsonBody.json(new String(l.reply().body(), StandardCharsets.UTF_8)));
        } else if (media.startsWith("text/") && l.reply().body().length > 0) {
            response.withBody(StringBody.exact(new String(l.reply().body(), StandardCharsets.UTF_8)));
        }
        if (l.delayMillis() > 0) {
            response.withDelay(TimeUnit.MILLISECONDS, l.delayMillis());
        }
        state.getMockServerLog().add(new LogEntry().setType(LogEntry.LogMessageType.EXPECTATION_RESPONSE)
                .setLogLevel(Level.INFO).setEpochTime(l.epochMillis()).setCorrelationId(request.getLogCorrelationId())
                .setHttpRequest(request).setHttpResponse(response).setExpectation(l.expectation())
                .setMessageFormat("returning response for request from expectation " + l.expectation().getId()));
    }
}
