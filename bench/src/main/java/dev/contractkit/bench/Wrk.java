package dev.contractkit.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One wrk run's figures, read from its {@code --latency} output.
 *
 * @param requestsPerSecond the {@code Requests/sec} line
 * @param p50Ms             median latency, milliseconds
 * @param p99Ms             99th percentile latency, milliseconds
 * @param requests          requests completed
 * @param errors            non-2xx/3xx responses plus socket errors
 */
record Wrk(double requestsPerSecond, double p50Ms, double p99Ms, long requests, long errors) {
    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern PERCENTILE = Pattern.compile("^\\s*(50|99)(?:\\.000)?%\\s+([0-9.]+)(us|ms|s)\\s*$", Pattern.MULTILINE);
    private static final Pattern REQUESTS = Pattern.compile("(\\d+) requests in");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern SOCKET = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

    /**
     * @param output wrk's standard output
     * @return the figures
     * @throws IllegalArgumentException when the output has no {@code Requests/sec} line (wrk failed)
     */
    static Wrk parse(String output) {
        Matcher rps = RPS.matcher(output);
        if (!rps.find()) {
            throw new IllegalArgumentException("wrk printed no Requests/sec line:\n" + output);
        }
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        Matcher p = PERCENTILE.matcher(output);
        while (p.find()) {
            double ms = millis(Double.parseDouble(p.group(2)), p.group(3));
            if (p.group(1).equals("50")) {
                p50 = ms;
            } else {
                p99 = ms;
            }
        }
        Matcher n = REQUESTS.matcher(output);
        long requests = n.find() ? Long.parseLong(n.group(1)) : 0;
        long errors = 0;
        Matcher bad = NON_2XX.matcher(output);
        if (bad.find()) {
            errors += Long.parseLong(bad.group(1));
        }
        Matcher socket = SOCKET.matcher(output);
        if (socket.find()) {
            for (int i = 1; i <= 4; i++) {
                errors += Long.parseLong(socket.group(i));
            }
        }
        return new Wrk(Double.parseDouble(rps.group(1)), p50, p99, requests, errors);
    }

    private static double millis(double value, String unit) {
        return switch (unit) {
            case "us" -> value / 1000;
            case "s" -> value * 1000;
            default -> value;
        };
    }
}
