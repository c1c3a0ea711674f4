package dev.contractkit.reference.platform;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/** The listeners of each channel of a bus, and the delivery of one message to them. */
abstract class ListenerTable {
    private static final Logger LOG = Logger.getLogger(ListenerTable.class.getName());
    private static final Pattern CHANNEL = Pattern.compile("[A-Za-z0-9.-]{1,64}");

    private final Map<String, List<Bus.Listener>> listeners = new ConcurrentHashMap<>();

    public void subscribe(String channel, Bus.Listener listener) {
        checkChannel(channel);
        listeners.computeIfAbsent(channel, c -> new CopyOnWriteArrayList<>()).add(listener);
    }

    static void checkChannel(String channel) {
        if (!CHANNEL.matcher(channel).matches()) {
            throw new IllegalArgumentException("a bus channel is 1-64 letters, digits, dots or dashes: " + channel);
        }
    }

    final void deliver(String channel, String message) {
        for (Bus.Listener l : listeners.getOrDefault(channel, List.of())) {
            try {
                l.message(message);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a listener of bus channel " + channel + " failed", e);
            }
        }
    }

    final void lost() {
        listeners.values().forEach(ls -> ls.forEach(l -> {
            try {
                l.lost();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a bus listener failed on lost messages", e);
            }
        }));
    }
}
