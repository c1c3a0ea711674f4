package dev.contractkit.reference.platform;

import redis.clients.jedis.JedisPooled;

import java.util.List;

/** {@link SharedCounters} in Redis: {@code INCR}, and {@code PEXPIRE} on the first increment, in one script. */
final class RedisCounters implements SharedCounters {
    private static final String INCREMENT = """
            local n = redis.call('INCR', KEYS[1])
            if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
            return n""";

    private final JedisPooled redis;
    private final String prefix;

    RedisCounters(JedisPooled redis, String prefix) {
        this.redis = redis;
        this.prefix = prefix + "rate:";
    }

    @Override
    public long increment(String key, long ttlMillis) {
        try {
            return (Long) redis.eval(INCREMENT, List.of(prefix + key), List.of(Long.toString(ttlMillis)));
        } catch (RuntimeException e) {
            throw new IllegalStateException("the Redis rate-limit store is not reachable: " + e.getMessage(), e);
        }
    }

    @Override
    public String description() {
        return "redis";
    }
}
