package dev.contractkit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server under test in a process of its own: started, waited for until it prints its ready line, its URLs
 * read from its table ({@code  forms  http://127.0.0.1:1234 ...}), its peak memory read from /proc, stopped.
 */
final class Target implements AutoCloseable {
    private static final Pattern URL_LINE = Pattern.compile("^\\s*(\\w[\\w-]*)\\s+(http://\\S+)");
    private static final Pattern READY_URL = Pattern.compile("^READY (http://\\S+)");

    final String name;
    private final Process process;
    private final Map<String, String> urls = new LinkedHashMap<>();
    private final long readyMs;

    private Target(String name, Process process, long readyMs) {
        this.name = name;
        this.process = process;
        this.readyMs = readyMs;
    }

    /**
     * @param ready a line that says the server is ready
     * @throws IllegalStateException with the end of the log when it exits or is not ready in time
     */
    static Target start(String name, List<String> command, Map<String, String> env, Path log, Predicate<String> ready,
                        Duration timeout) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        CompletableFuture<Long> readyAt = new CompletableFuture<>();
        Map<String, String> urls = new LinkedHashMap<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                 var out = Files.newBufferedWriter(log)) {
                for (String line; (line = in.readLine()) != null; ) {
                    out.write(line);
                    out.newLine();
                    out.flush();
                    Matcher m = URL_LINE.matcher(line);
                    Matcher r = READY_URL.matcher(line);
                    synchronized (urls) {
                        if (r.find()) {
                            urls.put("", r.group(1));
                        } else if (m.find()) {
                            urls.putIfAbsent(m.group(1), m.group(2));
                        }
                    }
                    if (ready.test(line)) {
                        readyAt.complete((System.nanoTime() - t0) / 1_000_000);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            readyAt.complete(-1L);
        }, "bench-log-" + name);
        reader.setDaemon(true);
        reader.start();
        long ms;
        try {
            ms = readyAt.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            ms = -1;
        }
        if (ms < 0) {
            p.destroyForcibly();
            throw new IllegalStateException(name + " did not start; the end of " + log + ":\n" + tail(log));
        }
        Target t = new Target(name, p, ms);
        synchronized (urls) {
            t.urls.putAll(urls);
        }
        return t;
    }

    /** Sets the URL of a server that prints none (MockServer's CLI). */
    void urls(String url) {
        urls.put("", url);
    }

    /** @return the URL the server printed for this API id ("" for a single {@code READY <url>}) */
    String url(String api) {
        String u = urls.get(api);
        if (u == null) {
            throw new IllegalStateException(name + " printed no URL for '" + api + "': " + urls);
        }
        return u;
    }

    long readyMs() {
        return readyMs;
    }

    /** @return the process' id and those of the processes it started */
    long[] pids() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(process.toHandle()),
                process.toHandle().descendants()).mapToLong(ProcessHandle::pid).toArray();
    }

    /**
     * @return the CPU time (user + system, in clock ticks) the process and those it started have used so far; 0 for
     *         one /proc no longer shows
     */
    long cpuTicks() {
        long ticks = 0;
        for (long pid : pids()) {
            try {
                String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime: fields 14 and 15
            } catch (IOException | RuntimeException e) {
                // the process ended meanwhile
            }
        }
        return ticks;
    }

    /**
     * @return the peak resident memory (VmHWM), in MiB, of the process and of those it started (nginx's workers),
     *         summed; -1 when /proc cannot tell
     */
    double peakRssMb() {
        long kb = -1;
        for (long pid : pids()) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                    if (line.startsWith("VmHWM:")) {
                        kb = Math.max(kb, 0) + Long.parseLong(line.replaceAll("\\D", ""));
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // the process ended meanwhile
            }
        }
        return kb < 0 ? -1 : kb / 1024.0;
    }

    /** @return the URL of the first API it printed (a mock of one document prints one) */
    String firstUrl() {
        return urls.values().stream().findFirst()
                .orElseThrow(() -> new IllegalStateException(name + " printed no URL"));
    }

    /** Stops the process and any it started (Prism may fork). */
    @Override
    public void close() {
        try {
            Exec.stop(process);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
