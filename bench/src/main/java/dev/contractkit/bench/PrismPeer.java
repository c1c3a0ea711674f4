package dev.contractkit.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.contractkit.bench.Harness.freePort;

/**
 * Stoplight Prism ({@code @stoplight/prism-cli}, pinned in bench/prism/package.json and package-lock.json) as a mock
 * peer of the kit's mock on the same contract: installed in bench/prism/node_modules by bench/prism/ensure.sh (the
 * kit's shared npm install, specs/tools/npm-tool.sh), started as its users run it ({@code prism mock -h 127.0.0.1 -p PORT contract.yaml}).
 */
final class PrismPeer {
    static final String NAME = "Prism 5.14.2";

    private PrismPeer() {
    }

    /**
     * @return the path of the {@code prism} command
     * @throws IllegalStateException saying what is missing (node or npm) or where npm's failure is, when it cannot be installed
     */
    static Path ensure(Path root) throws IOException, InterruptedException {
        return ensure(root, Map.of());
    }

    /** {@link #ensure(Path)} with variables set for the script (a test takes npm off its PATH). */
    static Path ensure(Path root, Map<String, String> env) throws IOException, InterruptedException {
        Path script = root.resolve("bench/prism/ensure.sh");
        ProcessBuilder pb = new ProcessBuilder(Files.isExecutable(Path.of("/bin/bash")) ? "/bin/bash" : "bash", script.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        var err = p.errorReader(StandardCharsets.UTF_8);
        StringBuilder messages = new StringBuilder();
        Thread drain = Thread.ofVirtual().start(() -> err.lines().forEach(l -> {
            System.err.println(l);
            synchronized (messages) {
                messages.append(l).append('\n');
            }
        }));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("installing Prism (bench/prism/ensure.sh) took more than 10 minutes");
        }
        drain.join();
        String said;
        synchronized (messages) {
            said = messages.toString().strip();
        }
        return switch (p.exitValue()) {
            case 0 -> Path.of(out);
            case 3 -> throw new IllegalStateException("the mock scenario compares the kit's mock with Prism, which needs node "
                    + ">= 20 and npm on PATH (e.g. apt-get install nodejs npm; KIT_PRISM_SKIP unset): " + said);
            default -> throw new IllegalStateException("could not install Prism with bench/prism/ensure.sh (exit "
                    + p.exitValue() + "): " + said);
        };
    }

    /** Prism mocking one contract on a free loopback port; ready when it says it listens. */
    static Target start(Path prism, Path contract, Path log) throws IOException {
        return start(prism, contract, log, Duration.ofSeconds(90));
    }

    /** {@link #start(Path, Path, Path)} waiting up to {@code timeout} (GitHub's description takes Prism seconds). */
    static Target start(Path prism, Path contract, Path log, Duration timeout) throws IOException {
        int port = freePort();
        Target t = Target.start(NAME, List.of(prism.toString(), "mock", "-h", "127.0.0.1", "-p", Integer.toString(port),
                contract.toString()), Map.of("NO_COLOR", "1", "DO_NOT_TRACK", "1"), log,
                l -> l.contains("Prism is listening"), timeout);
        t.urls("http://127.0.0.1:" + port);
        return t;
    }
}
