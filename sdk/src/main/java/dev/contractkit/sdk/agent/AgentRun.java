package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.EventStream;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.ServerSentEvent;
import dev.contractkit.sdk.TransportException;
import dev.contractkit.sdk.agent.model.Message;
import dev.contractkit.sdk.agent.model.RunAgentInput;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.agui.EventOrder;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One running agent run: its AG-UI events, typed, in the order they arrive (read from the SSE stream as the
 * server flushes them). Iterate it (or {@link #stream()}); {@link #cancel()} is the way to stop the run (the
 * stream then ends with RUN_FINISHED {@code outcome: {type: cancelled}}). Every event is also checked against the
 * AG-UI ordering rules: {@link #violations()}.
 *
 * <p>A dropped connection does not end the run on the server, and it does not end this stream either: when the
 * connection breaks (or ends) before RUN_FINISHED or RUN_ERROR, the run re-attaches by itself with
 * {@code GET /api/v1/threads/{threadId}/runs/{runId}/events} and {@code Last-Event-ID} = the last event id it
 * received, after a back-off with jitter, for a bounded number of attempts ({@link AgentClientBuilderAddOn#reattach}).
 * Every event arrives once, in order. When the server no longer knows the run (404) the iteration throws
 * {@link RunGoneException}; when every attempt failed, {@link ReattachFailedException}. {@link #close()} only
 * releases the connection: the run goes on on the server (call {@link #cancel()} to stop it).
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
    private final Attach attach;
    private final Reattach policy;
    private final Runnable cancel;
    private final List<AgentEvent> received = new ArrayList<>();
    private final EventOrder order = new EventOrder();
    private EventStream events;
    private Iterator<ServerSentEvent> source;
    private long lastEventId = -1;
    private int failures;
    private boolean ended;
    private AgentEvent next;
    private boolean done;
    private boolean closed;
    private boolean iterated;

    /**
     * Opens the run's replay stream after the given event id (the generated
     * {@code streamRunEventsEvents(threadId, runId, null, lastEventId)}); throws the {@link ApiException} of a refusal
     * or the {@link TransportException} of a connection that failed.
     */
    interface Attach {
        EventStream open(long lastEventId);
    }

    /**
     * How a dropped stream re-attaches.
     *
     * @param attempts   attempts after one drop (0: never re-attach)
     * @param firstDelay the back-off before the first attempt; doubled each attempt, with jitter
     * @param maxDelay   the longest back-off
     */
    record Reattach(int attempts, Duration firstDelay, Duration maxDelay) {
        static final Reattach DEFAULT = new Reattach(5, Duration.ofMillis(250), Duration.ofSeconds(5));

        /** @return the pause before the given attempt (1-based): half the exponential delay plus a random half */
        Duration delay(int attempt) {
            long full = Math.min(maxDelay.toMillis(), firstDelay.toMillis() << Math.min(attempt - 1, 20));
            return Duration.ofMillis(full / 2 + ThreadLocalRandom.current().nextLong(full / 2 + 1));
        }
    }

    AgentRun(String runId, EventStream events, Runnable cancel, Attach attach, Reattach policy) {
        this.runId = runId;
        this.events = events;
        this.source = events.iterator();
        this.cancel = cancel;
        this.attach = attach;
        this.policy = policy;
    }

    /**
     * A RunAgentInput with one user message (the input of {@code AgentClient.runAgent(input)}).
     *
     * <pre>{@code
     * try (AgentRun run = agent.runAgent(AgentRun.input("thread-1", "run-1", "What is the revenue by region?")).execute()) { ... }
     * }</pre>
     *
     * @param threadId the session
     * @param runId    a new run id
     * @param question the user's text
     * @return the input (add {@code forwardedProps.run_config} with {@code setForwardedProps})
     */
    public static RunAgentInput input(String threadId, String runId, String question) {
        RunAgentInput in = new RunAgentInput();
        in.setThreadId(threadId);
        in.setRunId(runId);
        Message m = new Message();
        m.setId(runId + "-user");
        m.setRole(Message.RoleEnum.USER);
        m.setContent(question);
        in.setMessages(new ArrayList<>(List.of(m)));
        return in;
    }

    /** @return the run's id */
    public String runId() {
        return runId;
    }

    /**
     * Stops the run: asks the server to cancel it ({@code POST /api/v1/runs/{runId}/cancel}); keep reading: the
     * remaining events end with RUN_FINISHED {@code outcome: {type: cancelled}}. Closing the stream does not stop it.
     */
    public void cancel() {
        cancel.run();
    }

    /** @return the id ({@code id:} line) of the last event received, -1 before the first */
    public long lastEventId() {
        return lastEventId;
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
        while (!done) {
            AgentEvent e;
            IOException broke = null;
            try {
                e = read();
            } catch (IOException ex) {
                e = null;
                broke = ex;
            }
            if (e != null) {
                return e;
            }
            if (ended || closed || policy.attempts() == 0 && broke == null) {
                finish();
                return null;
            }
            if (policy.attempts() == 0) {
                finish();
                throw new TransportException("the event stream of run " + runId + " broke: " + broke.getMessage(), broke);
            }
            reattach(broke);
        }
        return null;
    }

    /** @return the next new event of the current connection, or null when it ended */
    private AgentEvent read() throws IOException {
        try {
            while (source.hasNext()) {
                // the EventStream drops an event without its closing blank line (the SSE standard)
                ServerSentEvent e = source.next();
                long seq = e.id() == null ? lastEventId + 1 : parseId(e.id());
                if (seq > lastEventId) { // a re-attached stream never repeats an event
                    lastEventId = seq;
                    return add(e.data());
                }
            }
            return null;
        } catch (TransportException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    private long parseId(String id) {
        try {
            return Long.parseLong(id.trim());
        } catch (NumberFormatException e) {
            return lastEventId + 1;
        }
    }

    /** Opens the replay stream after the last event, with back-off; throws the typed error when it cannot. */
    private void reattach(IOException cause) {
        events.close();
        IOException last = cause;
        while (++failures <= policy.attempts()) { // counts attempts since the last event received
            try {
                Thread.sleep(policy.delay(failures).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                finish();
                throw new TransportException("interrupted while re-attaching to run " + runId, new IOException(e));
            }
            if (closed) {
                finish();
                return;
            }
            try {
                events = attach.open(lastEventId);
                source = events.iterator();
                return;
            } catch (TransportException e) {
                last = e.getCause() instanceof IOException io ? io : new IOException(e.getMessage(), e);
            } catch (NotFoundException e) {
                finish();
                throw new RunGoneException(runId, e.body(), e.requestId().orElse(null));
            } catch (ApiException e) {
                if (e.status() < 500 && e.status() != 429) {
                    finish();
                    throw e;
                }
                last = new IOException("status " + e.status() + " " + e.body());
            }
        }
        finish();
        throw new ReattachFailedException(runId, lastEventId, policy.attempts(), last);
    }

    private AgentEvent add(String data) {
        JsonNode json = Http.parseQuietly(data);
        if (json == null) {
            json = Http.MAPPER.createObjectNode().put("type", "").put("data", data);
        }
        failures = 0;
        order.accept(json);
        String type = json.path("type").asText();
        ended = ended || type.equals("RUN_FINISHED") || type.equals("RUN_ERROR");
        AgentEvent e = AgentEventDecoder.decode(json);
        received.add(e);
        return e;
    }

    private void finish() {
        done = true;
        events.close();
    }

    /**
     * Releases the connection and stops reading (and re-attaching). The run goes on on the server: to stop it,
     * call {@link #cancel()}; its events stay in the thread's history and can be followed again with
     * {@link AgentClientAddOns#attach(String, String)}.
     */
    @Override
    public void close() {
        closed = true;
        events.close();
    }
}
