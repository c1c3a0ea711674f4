package dev.contractkit.reference.platform;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.JedisPubSub;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The bus on Redis pub/sub. One Lua script numbers each message ({@code INCR}), appends it to a capped list (the
 * log, {@value Bus#LOG_SIZE} entries) and publishes it, atomically, so the published order is the numbered
 * order. Each replica holds one subscribed connection on its own thread; when it drops, the thread reconnects
 * (back-off up to 2 s) and catches up from the log. Keys and the channel carry {@code KIT_REDIS_PREFIX}.
 */
final class RedisBus extends SequencedBus {
    private static final Logger LOG = Logger.getLogger(RedisBus.class.getName());
    private static final String PUBLISH = """
            local seq = redis.call('INCR', KEYS[1])
            local entry = seq .. ' ' .. ARGV[1] .. ' ' .. ARGV[2]
            redis.call('RPUSH', KEYS[2], entry)
            redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
            redis.call('PUBLISH', KEYS[3], entry)
            return seq""";

    private final URI uri;
    private final JedisPooled redis;
    private final String seqKey;
    private final String logKey;
    private final String channel;
    private final Thread subscriber;
    private volatile JedisPubSub pubSub;
    private volatile boolean closed;

    RedisBus(URI uri, JedisPooled redis, String prefix) {
        this.uri = uri;
        this.redis = redis;
        this.seqKey = prefix + "bus:seq";
        this.logKey = prefix + "bus:log";
        this.channel = prefix + "bus";
        this.subscriber = Thread.ofPlatform().daemon().name("redis-bus").start(this::listen);
    }

    @Override
    public void publish(String channel, String message) {
        checkChannel(channel);
        try {
            redis.eval(PUBLISH, List.of(seqKey, logKey, this.channel), List.of(channel, message, Integer.toString(LOG_SIZE)));
        } catch (RuntimeException e) {
            throw new IllegalStateException("the Redis bus is not reachable: " + e.getMessage(), e);
        }
    }

    private void listen() {
        long backoff = 50;
        while (!closed) {
            try (Jedis connection = new Jedis(uri)) {
                JedisPubSub sub = new JedisPubSub() {
                    @Override
                    public void onSubscribe(String ch, int count) {
                        connected();
                    }

                    @Override
                    public void onMessage(String ch, String entry) {
                        received(parse(entry));
                    }
                };
                pubSub = sub;
                backoff = 50;
                connection.clientSetname(channel); // names the connection in CLIENT LIST (operators, tests)
                connection.subscribe(sub, channel); // blocks until unsubscribed or the connection fails
            } catch (RuntimeException e) {
                if (!closed) {
                    LOG.log(Level.WARNING, "redis bus: connection lost (" + e.getMessage() + "); reconnecting");
                }
            }
            if (!closed) {
                try {
                    Thread.sleep(backoff); // back-off between reconnection attempts, not a wait for a result
                } catch (InterruptedException e) {
                    return;
                }
                backoff = Math.min(2_000, backoff * 2);
            }
        }
    }

    private static Entry parse(String entry) {
        int a = entry.indexOf(' ');
        int b = entry.indexOf(' ', a + 1);
        return new Entry(Long.parseLong(entry.substring(0, a)), entry.substring(a + 1, b), entry.substring(b + 1));
    }

    @Override
    long head() {
        String v = redis.get(seqKey);
        return v == null ? 0 : Long.parseLong(v);
    }

    @Override
    List<Entry> since(long after) {
        List<Entry> out = new ArrayList<>();
        for (String s : redis.lrange(logKey, 0, -1)) {
            Entry e = parse(s);
            if (e.seq() > after) {
                out.add(e);
            }
        }
        return out;
    }

    /** @return true once the subscribed connection is up */
    boolean subscribed() {
        JedisPubSub s = pubSub;
        return s != null && s.isSubscribed();
    }

    @Override
    public boolean healthy() {
        try {
            return "PONG".equals(redis.ping()) && subscribed();
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public String description() {
        return "redis " + uri.getHost() + ":" + uri.getPort();
    }

    @Override
    public void close() {
        closed = true;
        JedisPubSub s = pubSub;
        if (s != null && s.isSubscribed()) {
            try {
                s.unsubscribe();
            } catch (RuntimeException ignored) {
                // the connection is gone already
            }
        }
        subscriber.interrupt();
    }
}
