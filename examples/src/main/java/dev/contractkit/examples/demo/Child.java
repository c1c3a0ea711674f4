package dev.contractkit.examples.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server the demo starts as a separate process, as a user does (the reference server, the mock providers): its
 * output goes to a log file, line by line, as it comes; it is ready when it prints a line starting with
 * {@code READY}; it announces each API as a line {@code <id> <url> ...}.
 */
final class Child implements AutoCloseable {
    private final Process process;
    private final CompletableFuture<Boolean> ready = new CompletableFuture<>();
    private final Map<String, String> urls = new LinkedHashMap<>();
    private final List<String> lines = new ArrayList<>();

    private Child(Process process) {
        this.process = process;
    }

    /**
     * @param command the command line
     * @param env     the environment (replaces the inherited one)
     * @param dir     the working directory
     * @param log     where its output (stdout and stderr) goes
     * @return the started process; {@link #awaitReady} waits for it
     * @throws IOException when it cannot be started or the log cannot be written
     */
    static Child start(List<String> command, Map<String, String> env, Path dir, Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(env);
        Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
        Child child;
        try {
            child = new Child(builder.start());
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
        Thread copier = new Thread(() -> child.copy(out), "demo-log " + log.getFileName());
        copier.setDaemon(true);
        copier.start();
        return child;
    }

    private void copy(Writer out) {
        try (out; BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.write(line);
                out.write('\n');
                out.flush();
                seen(line);
            }
        } catch (IOException e) {
            // the process ended or the log cannot be written: not ready (if it was not already)
        } finally {
            ready.complete(false);
        }
    }

    private void seen(String line) {
        synchronized (this) {
            lines.add(line);
            String[] words = line.trim().split("\\s+");
            if (words.length >= 2 && words[1].startsWith("http") && !urls.containsKey(words[0])) {
                urls.put(words[0], words[1]);
            }
        }
        if (line.startsWith("READY")) {
            ready.complete(true);
        }
    }

    /**
     * @param limit how long to wait
     * @return true when it printed {@code READY}; false when it ended first or did not within {@code limit}
     */
    boolean awaitReady(Duration limit) {
        try {
            return ready.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * @param id an API id
     * @return the base URL it announced for that API; empty when it did not
     */
    synchronized String url(String id) {
        return urls.getOrDefault(id, "");
    }

    /** @return every {@code <id> <url>} it announced, in order */
    synchronized Map<String, String> urls() {
        return new LinkedHashMap<>(urls);
    }

    /** @return its output so far, one line each */
    synchronized List<String> output() {
        return List.copyOf(lines);
    }

    /** @return true while the process runs */
    boolean alive() {
        return process.isAlive();
    }

    /** Stops it (SIGTERM, then SIGKILL after 20 s) and waits until it has ended. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
