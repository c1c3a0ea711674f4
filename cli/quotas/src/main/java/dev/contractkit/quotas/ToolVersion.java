package dev.contractkit.quotas;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The installed version (from the build) and the comparison of versions. */
final class ToolVersion {
    private ToolVersion() {
    }

    static String installed() {
        try (InputStream in = ToolVersion.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Compares dotted numeric versions; a {@code -SNAPSHOT} (or other qualifier) is older than the same release.
     *
     * @return negative, zero or positive like {@link Comparable}
     */
    static int compare(String a, String b) {
        String[] x = a.split("-", 2);
        String[] y = b.split("-", 2);
        String[] xs = x[0].split("\\.");
        String[] ys = y[0].split("\\.");
        for (int i = 0; i < Math.max(xs.length, ys.length); i++) {
            int c = Long.compare(part(xs, i), part(ys, i));
            if (c != 0) {
                return c;
            }
        }
        if (x.length != y.length) {
            return x.length > y.length ? -1 : 1;
        }
        return x.length == 1 ? 0 : x[1].compareTo(y[1]);
    }

    private static long part(String[] parts, int i) {
        if (i >= parts.length) {
            return 0;
        }
        try {
            return Long.parseLong(parts[i].replaceAll("\\D.*$", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
