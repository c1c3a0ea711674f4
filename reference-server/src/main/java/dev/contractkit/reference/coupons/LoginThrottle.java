package dev.contractkit.reference.coupons;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Limits password guessing at the token endpoint: at most {@code perUser} failed logins per username and
 * {@code perAddress} per client address within {@code window} (the window opens at the first attempt). Each
 * attempt is counted before the password is checked, so concurrent guesses cannot slip past the limit; a
 * successful login clears its username's count and gives back its address's. Past the limit every attempt,
 * right or wrong, is refused until the window ends. An IPv6 address counts by its /64 ({@link #addressKey}): one
 * subscriber or host usually holds a whole /64, so stepping through it gains no attempts. The counters live in one
 * LRU map of at most {@code capacity} entries. Thread-safe.
 */
final class LoginThrottle {
    private record Count(long startMs, int attempts) {
    }

    private final Clock clock;
    private final int perUser;
    private final int perAddress;
    private final long windowMs;
    private final Map<String, Count> counts;

    LoginThrottle(Clock clock, int perUser, int perAddress, Duration window, int capacity) {
        if (perUser < 1 || perAddress < 1 || window.isNegative() || window.isZero() || capacity < 2) {
            throw new IllegalArgumentException("KIT_COUPONS_LOGIN_FAILURES, KIT_COUPONS_LOGIN_ADDRESS_FAILURES and "
                    + "KIT_COUPONS_LOGIN_WINDOW must be positive");
        }
        this.clock = clock;
        this.perUser = perUser;
        this.perAddress = perAddress;
        this.windowMs = window.toMillis();
        this.counts = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Count> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * Counts one login attempt.
     *
     * @return 0 when it may proceed, else the seconds until the user's or the address's window ends
     */
    synchronized long attempt(String username, String address) {
        username = key(username);
        address = addressKey(address);
        long now = clock.millis();
        long wait = Math.max(blocked("u:" + username, perUser, now), blocked("a:" + address, perAddress, now));
        if (wait > 0) {
            return wait;
        }
        count("u:" + username, now, 1);
        count("a:" + address, now, 1);
        return 0;
    }

    /** The attempt was a successful login: the username starts afresh, the address gets its attempt back. */
    synchronized void succeeded(String username, String address) {
        counts.remove("u:" + key(username));
        count("a:" + addressKey(address), clock.millis(), -1);
    }

    synchronized int tracked() {
        return counts.size();
    }

    /** A username of any length costs one bounded key (a longer one cannot exist: the column holds 100). */
    private static String key(String username) {
        return username.length() > 128 ? username.substring(0, 128) : username;
    }

    /**
     * @param address a client address as text (an IP literal, from the peer or a trusted proxy's
     *                {@code X-Forwarded-For})
     * @return what its attempts count under: an IPv6 address's /64 ({@code 2001:db8:1:2::/64}), anything else itself
     */
    static String addressKey(String address) {
        String literal = address.indexOf('%') < 0 ? address : address.substring(0, address.indexOf('%')); // a zone
        if (literal.indexOf(':') < 0 || !literal.matches("[0-9A-Fa-f:.]+")) {
            return address; // IPv4 (or not an address): exact
        }
        try {
            byte[] a = InetAddress.getByName(literal).getAddress(); // a literal: no name lookup
            if (a.length != 16) {
                return InetAddress.getByAddress(a).getHostAddress(); // IPv4-mapped: its IPv4 address
            }
            Arrays.fill(a, 8, 16, (byte) 0);
            return InetAddress.getByAddress(a).getHostAddress().replaceFirst("(:0)+$", "::") + "/64";
        } catch (UnknownHostException e) {
            return address;
        }
    }

    private long blocked(String key, int limit, long now) {
        Count c = counts.get(key);
        if (c == null || now >= c.startMs + windowMs || c.attempts < limit) {
            return 0;
        }
        return Math.max(1, (c.startMs + windowMs - now + 999) / 1000);
    }

    private void count(String key, long now, int delta) {
        Count c = counts.get(key);
        if (c == null || now >= c.startMs + windowMs) {
            if (delta > 0) {
                counts.put(key, new Count(now, delta));
            }
        } else {
            counts.put(key, new Count(c.startMs, Math.max(0, c.attempts + delta)));
        }
    }
}
