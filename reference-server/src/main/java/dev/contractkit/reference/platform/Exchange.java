package dev.contractkit.reference.platform;

import io.helidon.common.context.Context;
import io.helidon.webserver.http.ServerRequest;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the listener learns about one request, kept in one object of the request's context: its id, where its links
 * point, the listener's admissions, the admission that ran and what it admitted, its principal and its sticky
 * headers, each in a {@link Slot} its class declares. One registration per request instead of one per fact:
 * Helidon's context registers each value in a map of lists, a measurable part of a read (docs/performance.md). A
 * request is handled on one thread at a time, so plain fields.
 *
 * <pre>{@code
 * private static final Exchange.Slot<String> ID = Exchange.slot(String.class);
 * Exchange.of(req).set(ID, "42");
 * String id = Exchange.get(req, ID); // null when never set
 * }</pre>
 */
final class Exchange {
    private static final String KEY = "kit.exchange";
    private static final AtomicInteger SLOTS = new AtomicInteger();

    /**
     * A typed place in every exchange.
     *
     * @param <T> what it holds
     */
    static final class Slot<T> {
        private final int index;
        private final Class<T> type;

        private Slot(int index, Class<T> type) {
            this.index = index;
            this.type = type;
        }
    }

    private Object[] values = new Object[8];

    private Exchange() {
    }

    /** @return a new slot (declare each once, in a static field) */
    static <T> Slot<T> slot(Class<T> type) {
        return new Slot<>(SLOTS.getAndIncrement(), type);
    }

    /** @return the request's exchange, made and registered on first use */
    static Exchange of(ServerRequest req) {
        Context context = req.context();
        Exchange e = context.get(KEY, Exchange.class).orElse(null);
        if (e == null) {
            e = new Exchange();
            context.register(KEY, e);
        }
        return e;
    }

    /** @return what the request's exchange holds in the slot, or null (nothing set, or no exchange yet) */
    static <T> T get(ServerRequest req, Slot<T> slot) {
        Exchange e = req.context().get(KEY, Exchange.class).orElse(null);
        return e == null ? null : e.get(slot);
    }

    <T> T get(Slot<T> slot) {
        return slot.index < values.length ? slot.type.cast(values[slot.index]) : null;
    }

    <T> void set(Slot<T> slot, T value) {
        if (slot.index >= values.length) {
            values = Arrays.copyOf(values, Math.max(values.length * 2, slot.index + 1));
        }
        values[slot.index] = value;
    }
}
