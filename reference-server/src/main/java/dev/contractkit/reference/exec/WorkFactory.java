package dev.contractkit.reference.exec;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Builds the work of one attempt for each action kind. */
final class WorkFactory {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ExecSettings settings;
    private final RuntimeServiceClient runtime;
    private final GuardedHttp http;

    WorkFactory(ExecSettings settings, RuntimeServiceClient runtime) {
        this.settings = settings;
        this.runtime = runtime;
        this.http = new GuardedHttp(settings.net(), settings.netMaxBytes());
    }

    Work create(TaskSpec spec, Consumer<ObjectNode> onRuntimeStarted) throws WorkFailed {
        var refusal = settings.refusal(spec.kind());
        if (refusal.isPresent()) {
            throw WorkFailed.refused(refusal.get());
        }
        ObjectNode p = spec.params();
        return switch (spec.kind()) {
            case OS_NOOP -> simple(JSON::objectNode);
            case OS_SLEEP -> new Sleep(p.path("duration_ms").asLong(0));
            case OS_SHELL -> new LocalProcess(List.of("sh", "-c", p.get("command").asText()), cwd(p), settings.childEnv());
            case CLI_RUN -> new LocalProcess(argv(p), cwd(p), settings.childEnv());
            case OS_FILE -> simple(() -> file(p));
            case OS_HTTP -> simple(() -> http.fetch(p.get("url").asText(), p.path("method").asText("GET")
                    .toUpperCase(Locale.ROOT), p.hasNonNull("body") ? p.get("body").asText() : null, netTimeout(spec)));
            case OS_DNS -> simple(() -> dns(p));
            case OS_TCP -> simple(() -> tcp(p, netTimeout(spec)));
            case MCP_CALL -> mcp(spec, p);
            case RUNTIME_COMMAND, RUNTIME_SCRIPT -> new RuntimeWork(runtime, spec, settings.pollMillis(), onRuntimeStarted);
            case TASK_GRAPH_SUBMIT -> throw WorkFailed.refused("task_graph.submit is translated, never executed");
        };
    }

    private Work mcp(TaskSpec spec, ObjectNode p) throws WorkFailed {
        String name = p.path("server").asText();
        McpServers.Server server = settings.mcp().servers().get(name);
        if (server == null) {
            throw new WorkFailed("mcp_unavailable", "no MCP server '" + name + "' is configured on this control plane; "
                    + "configured: " + String.join(", ", new TreeSet<>(settings.mcp().servers().keySet()))
                    + " (KIT_EXEC_MCP_SERVERS)", null, false);
        }
        String tool = p.path("tool").asText();
        Map<String, Object> arguments = p.path("arguments").isObject()
                ? MAPPER.convertValue(p.get("arguments"), new TypeReference<Map<String, Object>>() {
                })
                : Map.of();
        long timeout = Math.max(1, Math.min(spec.timeoutMs(), settings.netTimeoutMs()));
        return simple(() -> McpCall.call(server, tool, arguments, Duration.ofMillis(timeout), settings.childEnv()));
    }

    private List<String> argv(ObjectNode p) throws WorkFailed {
        List<String> argv = new ArrayList<>();
        p.get("command").forEach(a -> argv.add(a.asText()));
        String program = argv.get(0);
        String name = Path.of(program).getFileName().toString();
        if (!settings.allowedCommands().contains("*") && !settings.allowedCommands().contains(program)
                && !settings.allowedCommands().contains(name)) {
            throw WorkFailed.refused("cli.run may not run '" + program + "'; allowed: "
                    + String.join(", ", settings.allowedCommands()) + " (KIT_EXEC_ALLOWED_COMMANDS)");
        }
        return argv;
    }

    private Path cwd(ObjectNode p) throws WorkFailed {
        if (settings.sandbox().isEmpty()) {
            Path here = Path.of("").toAbsolutePath();
            Path resolved = p.hasNonNull("cwd") ? here.resolve(p.get("cwd").asText()).normalize() : here;
            if (!Files.isDirectory(resolved)) {
                throw WorkFailed.refused("cwd " + resolved + " is not a directory");
            }
            return resolved;
        }
        SandboxFiles sandbox = new SandboxFiles(settings.sandbox().get());
        if (!p.hasNonNull("cwd")) {
            return sandbox.base();
        }
        try {
            Path real = sandbox.existing(p.get("cwd").asText(), "cwd");
            if (!Files.isDirectory(real)) {
                throw WorkFailed.refused("cwd " + p.get("cwd").asText() + " is not a directory");
            }
            return real;
        } catch (IOException e) {
            throw WorkFailed.refused("cwd " + p.get("cwd").asText() + " is not a directory");
        }
    }

    private JsonNode file(ObjectNode p) throws Exception {
        SandboxFiles sandbox = new SandboxFiles(settings.sandbox().orElseThrow());
        String relative = p.get("path").asText();
        ObjectNode r = JSON.objectNode().put("path", sandbox.base().relativize(sandbox.lexical(relative, "path")).toString());
        switch (p.get("op").asText()) {
            case "write" -> {
                byte[] bytes = p.path("content").asText("").getBytes(StandardCharsets.UTF_8);
                sandbox.write(relative, bytes);
                r.put("bytes", bytes.length);
            }
            case "list" -> {
                var names = r.putArray("entries");
                try (Stream<Path> s = Files.list(sandbox.existing(relative, "path"))) {
                    s.map(x -> x.getFileName().toString()).sorted().forEach(names::add);
                }
            }
            default -> r.put("content", sandbox.read(relative, LocalProcess.MAX_OUTPUT));
        }
        return r;
    }

    private long netTimeout(TaskSpec spec) {
        return Math.max(1, Math.min(spec.timeoutMs(), settings.netTimeoutMs()));
    }

    /** {@code os.dns}: the addresses {@link NetGuard} lets the control plane reach (a name of only internal ones is refused). */
    private JsonNode dns(ObjectNode p) throws WorkFailed {
        ObjectNode r = JSON.objectNode().put("host", p.get("host").asText());
        var list = r.putArray("addresses");
        for (InetAddress a : settings.net().resolve(p.get("host").asText())) {
            list.add(a.getHostAddress());
        }
        return r;
    }

    /** {@code os.tcp}: connects to an address {@link NetGuard} checked, never to the name again. */
    private JsonNode tcp(ObjectNode p, long timeoutMs) throws WorkFailed {
        String host = p.get("host").asText();
        int port = p.get("port").asInt();
        if (port < 1 || port > 65535) {
            throw new WorkFailed("invalid_port", "port must be 1 to 65535, was " + port, null, false);
        }
        long started = System.nanoTime();
        IOException last = null;
        for (InetAddress a : settings.net().resolve(host)) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(a, port), (int) Math.min(timeoutMs, Integer.MAX_VALUE));
                return JSON.objectNode().put("host", host).put("port", port).put("address", a.getHostAddress())
                        .put("connected", true).put("elapsed_ms", (System.nanoTime() - started) / 1_000_000);
            } catch (IOException e) {
                last = e;
            }
        }
        throw new WorkFailed("tcp_error", "cannot connect to " + host + ":" + port + ": " + last.getMessage(), null);
    }

    interface Body {
        JsonNode get() throws Exception;
    }

    private static Work simple(Body body) {
        return new Interruptible(body);
    }

    /**
     * Work that cannot be stopped from outside by itself ({@code os.http}, {@code os.dns}, {@code os.tcp},
     * {@code os.file}, {@code mcp.call}): it runs on a thread of its own; a cancel interrupts that thread (which
     * ends blocking socket I/O of a virtual thread at once) and settles the attempt as cancelled right away, without
     * waiting for the body (a name lookup or a file read that ignores the interrupt ends by itself, its result dropped).
     */
    static final class Interruptible implements Work {
        private final Body body;
        private final CompletableFuture<JsonNode> outcome = new CompletableFuture<>();
        private volatile Thread worker;

        Interruptible(Body body) {
            this.body = body;
        }

        @Override
        public JsonNode run() throws Exception {
            if (!outcome.isDone()) {
                Thread t = Thread.ofVirtual().name("exec-work").unstarted(() -> {
                    try {
                        outcome.complete(body.get());
                    } catch (Throwable e) {
                        outcome.completeExceptionally(e);
                    }
                });
                worker = t;
                t.start();
            }
            try {
                return outcome.get();
            } catch (CancellationException e) {
                throw new WorkFailed("cancelled", "the work was stopped", null, false);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Exception x) {
                    throw x;
                }
                throw new WorkFailed("failed", String.valueOf(e.getCause()), null);
            } catch (InterruptedException e) {
                cancel();
                throw e;
            }
        }

        @Override
        public void cancel() {
            outcome.cancel(false);
            Thread t = worker;
            if (t != null) {
                t.interrupt();
            }
        }
    }

    /** {@code os.sleep}: waits, or stops early when cancelled. */
    private static final class Sleep implements Work {
        private final long millis;
        private final CountDownLatch stop = new CountDownLatch(1);

        Sleep(long millis) {
            this.millis = millis;
        }

        @Override
        public JsonNode run() throws Exception {
            long started = System.nanoTime();
            if (stop.await(millis, TimeUnit.MILLISECONDS)) {
                throw new WorkFailed("cancelled", "the sleep was stopped", null, false);
            }
            return JSON.objectNode().put("slept_ms", (System.nanoTime() - started) / 1_000_000);
        }

        @Override
        public void cancel() {
            stop.countDown();
        }
    }
}
