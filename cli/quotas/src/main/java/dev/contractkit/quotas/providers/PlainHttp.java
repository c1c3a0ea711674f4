package dev.contractkit.quotas.providers;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a URL would carry a credential in clear text off this machine: {@code http://} to a host that is not a
 * loopback literal ({@code 127.0.0.0/8}, {@code ::1}) or {@code localhost}. Host names are not resolved: a name
 * that happens to resolve to a loopback address still counts as remote.
 *
 * <pre>{@code
 * PlainHttp.exposes("http://10.0.0.5:8101");    // true
 * PlainHttp.exposes("http://127.0.0.1:8101");   // false
 * PlainHttp.exposes("https://api.anthropic.com"); // false
 * }</pre>
 */
final class PlainHttp {
    private PlainHttp() {
    }

    /** @return true when the URL is plain HTTP (or unreadable) to a host that is not loopback */
    static boolean exposes(String url) {
        URI uri;
        try {
            uri = URI.create(url.trim());
        } catch (IllegalArgumentException e) {
            return false; // not a URL: the call fails before anything is sent ("bad base URL")
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme.equals("http") && !loopback(uri.getHost());
    }

    /** @return the host of a URL, for messages */
    static String host(String url) {
        try {
            return Optional.ofNullable(URI.create(url.trim()).getHost()).orElse(url);
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    static boolean loopback(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.equals("localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        String[] parts = h.split("\\.", -1);
        if (parts.length != 4 || !parts[0].equals("127")) {
            return false;
        }
        for (String part : parts) {
            if (!part.matches("[0-9]{1,3}") || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
