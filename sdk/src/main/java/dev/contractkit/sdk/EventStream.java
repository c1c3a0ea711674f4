package dev.contractkit.sdk;

import okio.BufferedSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The events of an operation whose contract answers {@code text/event-stream}, read as they arrive. It holds the
 * connection open: close it (try-with-resources) when done, or read to the end of the stream.
 *
 * <pre>{@code
 * try (EventStream events = client.watchPets().execute()) {
 *     events.stream().limit(3).forEach(e -> System.out.println(e.event() + ": " + e.data()));
 * }
 * }</pre>
 */
public final class EventStream implements AutoCloseable, Iterable<ServerSentEvent> {
    private final BufferedSource source;
    private final AutoCloseable connection;
    private boolean iterated;

    /**
     * For the SDK's generated clients.
     *
     * @param source     the response body
     * @param connection closes the response (and so the connection)
     */
    public EventStream(BufferedSource source, AutoCloseable connection) {
        this.source = source;
        this.connection = connection;
    }

    /**
     * @return the events, lazily, until the server ends the stream; can be taken once
     * @throws IllegalStateException when the events were already taken
     * @throws TransportException    (while iterating) when the connection fails mid-stream
     */
    @Override
    public synchronized Iterator<ServerSentEvent> iterator() {
        if (iterated) {
            throw new IllegalStateException("the events of a stream can be read once");
        }
        iterated = true;
        return new Iterator<>() {
            private ServerSentEvent next;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (next == null && !done) {
                    next = read();
                    done = next == null;
                }
                return next != null;
            }

            @Override
            public ServerSentEvent next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ServerSentEvent e = next;
                next = null;
                return e;
            }
        };
    }

    /** @return the events as a stream (see {@link #iterator()}) */
    public Stream<ServerSentEvent> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    private ServerSentEvent read() {
        String event = null;
        String id = null;
        StringBuilder data = null;
        try {
            while (true) {
                String line = source.readUtf8Line();
                if (line == null) {
                    // an event without its closing blank line is incomplete (the connection broke in it): the SSE
                    // standard discards it, so a client that resumes with Last-Event-ID gets it again, whole
                    return null;
                }
                if (line.isEmpty()) {
                    if (data != null) {
                        return new ServerSentEvent(event == null ? "message" : event, id, data.toString());
                    }
                    event = null;
                    id = null;
                    continue;
                }
                if (line.startsWith(":")) {
                    continue; // a comment (keep-alive)
                }
                int colon = line.indexOf(':');
                String field = colon < 0 ? line : line.substring(0, colon);
                String value = colon < 0 ? "" : line.substring(colon + 1);
                if (value.startsWith(" ")) {
                    value = value.substring(1);
                }
                switch (field) {
                    case "event" -> event = value;
                    case "id" -> id = value;
                    case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                    default -> {
                        // retry and unknown fields: ignored, as the format says
                    }
                }
            }
        } catch (IOException e) {
            throw new TransportException("the event stream broke: " + e.getMessage(), e);
        }
    }

    /** Closes the response and its connection. */
    @Override
    public void close() {
        try {
            connection.close();
        } catch (Exception e) {
            throw e instanceof RuntimeException r ? r : new UncheckedIOException(new IOException(e));
        }
    }
}
