package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.ChildEnvironment;
import dev.contractkit.reference.platform.ProcessTrees;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A program run by the control plane itself ({@code os.shell}, {@code cli.run}): an allow-listed environment
 * (never the server's secrets), captured output (64 KiB per stream), exit code; cancelling ends the whole
 * process tree.
 */
final class LocalProcess implements Work {
    static final int MAX_OUTPUT = 64 * 1024;

    private final List<String> argv;
    private final Path cwd;
    private final ChildEnvironment env;
    private volatile Process process;
    private volatile boolean cancelled;
    private final CountDownLatch treeEnded = new CountDownLatch(1);

    LocalProcess(List<String> argv, Path cwd, ChildEnvironment env) {
        this.argv = List.copyOf(argv);
        this.cwd = cwd;
        this.env = env;
    }

    @Override
    public JsonNode run() throws Exception {
        Process p;
        try {
            p = env.apply(new ProcessBuilder(argv), Map.of()).directory(cwd.toFile()).start();
        } catch (IOException e) {
            throw new WorkFailed("start_failed", "cannot start " + argv.get(0) + ": " + e.getMessage(), null, false);
        }
        process = p;
        if (cancelled) {
            endTree(p);
            treeEnded.countDown();
        }
        p.getOutputStream().close();
        Capture out = Capture.of(p.getInputStream());
        Capture err = Capture.of(p.getErrorStream());
        int code = p.waitFor();
        out.join();
        err.join();
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("exit_code", code);
        result.put("stdout", out.text());
        result.put("stderr", err.text());
        result.put("stdout_truncated", out.truncated());
        result.put("stderr_truncated", err.truncated());
        if (cancelled) {
            treeEnded.await(10, TimeUnit.SECONDS); // report cancelled only once the whole tree is gone
            throw new WorkFailed("cancelled", "the process tree was ended", result, false);
        }
        if (code != 0) {
            throw new WorkFailed("exit_code", argv.get(0) + " exited with " + code, result);
        }
        return result;
    }

    @Override
    public void cancel() {
        cancelled = true;
        Process p = process;
        if (p != null) {
            endTree(p);
            treeEnded.countDown();
        }
    }

    /** Ends a process and all its descendants (see {@link ProcessTrees#end}). */
    static void endTree(Process p) {
        ProcessTrees.end(p);
    }

    /** Reads one stream to its end in a virtual thread, keeping the first {@link #MAX_OUTPUT} bytes. */
    static final class Capture {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private volatile boolean truncated;
        private Thread thread;

        static Capture of(InputStream in) {
            Capture c = new Capture();
            c.thread = Thread.ofVirtual().start(() -> c.drain(in));
            return c;
        }

        private void drain(InputStream in) {
            byte[] buf = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    synchronized (kept) {
                        int room = MAX_OUTPUT - kept.size();
                        if (n > room) {
                            truncated = true;
                        }
                        kept.write(buf, 0, Math.max(0, Math.min(n, room)));
                    }
                }
            } catch (IOException e) {
                // the process ended; what was read is kept
            }
        }

        void join() throws InterruptedException {
            thread.join(5_000);
        }

        String text() {
            synchronized (kept) {
                return kept.toString(StandardCharsets.UTF_8);
            }
        }

        boolean truncated() {
            return truncated;
        }
    }
}
