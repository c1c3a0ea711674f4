package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.TransportException;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.agui.EventOrder;
import okhttp3.Call;
import okhttp3.Response;
import okio.BufferedSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One running agent run: its AG-UI events, typed, in the order they arrive (read from the SSE stream as the
 * server flushes them). Iterate it (or {@link #stream()}); {@link #cancel()} asks the server to stop the run
 * (the stream then ends with RUN_FINISHED {@code outcome: {type: cancelled}}); {@link #close()} drops the connection.
 * Every event is also checked against the AG-UI ordering rules: {@link #violations()}.
 *
 * <pre>{@code
 * try (AgentRun run = agent.runAgent(input).execute()) {
 *     for (AgentEvent e : run) { ... }
 *     AgentTranscript t = run.transcript();
 * }
 * }</pre>
 */
public final class AgentRun implements Iterable<AgentEvent>, AutoCloseable {
    private final String runId;
    private final Call call;
    private final Response response;
    private final BufferedSource source;
    private final Runnable cancel;
    private final List<AgentEvent> received = new ArrayList<>();
    private final EventOrder order = new EventOrder();
    private AgentEvent next;
    private boolean done;
    private boolean iterated;

    AgentRun(String runId, Call call, Response response, Runnable cancel) {
        this.runId = runId;
        this.call = call;
        this.response = response;
        this.source = response.body().source();
        this.cancel = cancel;
    }

    /** @return the run's id */
    public String runId() {
        return runId;
    }

    /**
     * Asks the server to cancel the run ({@code POST /api/v1/runs/{runId}/cancel}); keep reading: the remaining
     * events end with RUN_FINISHED {@code outcome: {type: cancelled}}.
     */
    public void cancel() {
        cancel.run();
    }

    /** @return the events so far (all of them once the iteration ended) */
    public List<AgentEvent> received() {
        return List.copyOf(received);
    }

    /** @return the AG-UI ordering violations seen so far (plus an unfinished run once the stream ended) */
    public List<String> violations() {
        return done ? order.finish() : order.violations();
    }

    /**
     * Reads the rest of the stream and folds every event.
     *
     * @return the final messages, tool calls, artifacts, outcome
     */
    public AgentTranscript transcript() {
        if (!iterated) {
            iterator().forEachRemaining(e -> { });
        } else {
            while (advance() != null) {
                // read the rest
            }
        }
        return AgentTranscript.fold(received);
    }

    /** @return the events as a sequential stream (one pass) */
    public Stream<AgentEvent> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED), false);
    }

    @Override
    public Iterator<AgentEvent> iterator() {
        if (iterated) {
            throw new IllegalStateException("an AgentRun can be iterated once; use received() for the events so far");
        }
        iterated = true;
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                if (next == null && !done) {
                    next = advance();
                }
                return next != null;
            }

            @Override
            public AgentEvent next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                AgentEvent e = next;
                next = null;
                return e;
            }
        };
    }

    private AgentEvent advance() {
        if (done) {
            return null;
        }
        try {
            StringBuilder data = new StringBuilder();
            while (true) {
                String line = source.readUtf8Line();
                if (line == null || line.isEmpty()) {
                    if (!data.isEmpty()) {
                        return add(data.toString());
                    }
                    if (line == null) {
                        done = true;
                        close();
                        return null;
                    }
                } else if (line.startsWith("data:")) {
                    if (!data.isEmpty()) {
                        data.append('\n');
                    }
                    data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
                }
            }
        } catch (IOException e) {
            done = true;
            close();
            if (call.isCanceled()) {
                return null;
            }
            throw new TransportException("the event stream of run " + runId + " broke: " + e.getMessage(), e);
        }
    }

    private AgentEvent add(String data) {
        JsonNode json = Http.parseQuietly(data);
        if (json == null) {
            json = Http.MAPPER.createObjectNode().put("type", "").put("data", data);
        }
        order.accept(json);
        AgentEvent e = AgentEventDecoder.decode(json);
        received.add(e);
        return e;
    }

    /** Drops the connection (the server then cancels the run). */
    @Override
    public void close() {
        if (!done) {
            call.cancel();
        }
        response.close();
    }
}
