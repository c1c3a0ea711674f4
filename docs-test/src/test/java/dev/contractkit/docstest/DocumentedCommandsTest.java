package dev.contractkit.docstest;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Issue 26, requirement 6: every shell command the documentation shows works as written. Each fenced shell block of
 * {@code README.md}, the modules' READMEs and {@code docs/} carries a marker on the line before it:
 * {@code <!-- docs-test: run -->} (optionally {@code needs=server} or {@code needs=mock}: run against the reference
 * server or the mock this test started, all APIs, demo data; {@code timeout=SECONDS}, default 120) or
 * {@code <!-- docs-test: skip reason="..." -->}. A block without a marker fails the build, so new documentation cannot
 * escape. Output is fenced as {@code text}. How a block runs: {@link BlockRunner}.
 */
class DocumentedCommandsTest {
    private static final Set<String> NEEDS = Set.of("none", "server", "mock");
    private static final String VERSION = "0.1.0-SNAPSHOT";
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));

    @TempDir
    static Path work;
    private static KitServer server;
    private static KitServer mock;
    private static final List<String> summary = Collections.synchronizedList(new ArrayList<>());
    /**
     * Blocks run two at a time: those that need the server or the mock in one queue, in the documents' order (they
     * share that server's data), the others in a second queue (each has its own directory, home and free ports).
     * Most of a block's time is a JVM starting or a server waiting, so two queues keep both cores busy.
     */
    private static final ExecutorService SHARED = Executors.newSingleThreadExecutor();
    // the blocks that need nothing shared run two at a time (each has its own directory, home and free ports): in
    // one queue they took 165 s against the shared queue's 71 s on a 2-core machine (2026-11-29)
    private static final ExecutorService OWN = Executors.newFixedThreadPool(2);

    @BeforeAll
    static void theKitIsBuilt() {
        assertThat(ROOT.resolve("kit")).as("the checkout's root").isExecutable();
        assertThat(Runtime.version().feature()).as("the JDK running the documented commands").isGreaterThanOrEqualTo(21);
    }

    @Test
    void everyShellBlockIsRunOrSkippedWithAReason() {
        List<DocBlock> blocks = DocBlocks.all(ROOT);
        List<String> problems = new ArrayList<>();
        for (DocBlock b : blocks) {
            if (b.action() == null) {
                problems.add(b.where() + ": a shell block with no <!-- docs-test: run --> or <!-- docs-test: skip reason=\"...\" -->"
                        + " on the line before it (output is fenced as ```text)\n" + b.script());
            } else if (b.action().equals("skip") && b.options().getOrDefault("reason", "").isBlank()) {
                problems.add(b.where() + ": skipped without a reason");
            } else if (!Set.of("run", "skip").contains(b.action())) {
                problems.add(b.where() + ": unknown docs-test action '" + b.action() + "'");
            } else if (!NEEDS.contains(b.needs())) {
                problems.add(b.where() + ": needs=" + b.needs() + " (server, mock or none)");
            }
        }
        assertThat(problems).as("documentation blocks").isEmpty();
        assertThat(blocks).as("shell blocks found").hasSizeGreaterThan(20);
    }

    @TestFactory
    Stream<DynamicTest> everyRunBlockWorksAsWritten() {
        List<DocBlock> blocks = DocBlocks.all(ROOT);
        int runCommands = blocks.stream().filter(DocBlock::runs).mapToInt(DocBlock::commands).sum();
        int skipped = blocks.stream().filter(b -> "skip".equals(b.action())).mapToInt(DocBlock::commands).sum();
        summary.add("documented commands: " + runCommands + " run in " + blocks.stream().filter(DocBlock::runs).count()
                + " blocks, " + skipped + " skipped in " + blocks.stream().filter(b -> "skip".equals(b.action())).count() + " blocks");
        blocks.stream().filter(b -> "skip".equals(b.action()))
                .forEach(b -> summary.add("  skipped " + b.where() + ": " + b.options().get("reason")));
        BlockRunner runner = new BlockRunner(ROOT, JAVA_HOME);
        // -Ddocs-test.only=README.md:9,cli/quotas runs only the blocks whose file:line starts with one of these (while
        // editing a document); ./kit test runs them all
        List<String> only = List.of(System.getProperty("docs-test.only", "").split(",")).stream().filter(o -> !o.isBlank()).toList();
        List<DocBlock> chosen = blocks.stream().filter(DocBlock::runs)
                .filter(b -> only.isEmpty() || only.stream().anyMatch(o -> b.where().startsWith(o))).toList();
        List<Future<Ran>> runs = chosen.stream()
                .map(b -> (b.needs().equals("none") ? OWN : SHARED).submit(() -> execute(runner, b))).toList();
        return IntStream.range(0, chosen.size()).mapToObj(i -> DynamicTest.dynamicTest(chosen.get(i).where(),
                () -> verify(chosen.get(i), runs.get(i).get())));
    }

    /** A block as it ran: its outcome and the ports it was given. */
    private record Ran(BlockRunner.ScriptResult outcome, Ports ports) {
    }

    private static Ran execute(BlockRunner runner, DocBlock block) throws IOException {
        long started = System.nanoTime();
        Path dir = Files.createDirectories(work.resolve(block.where().replaceAll("[^A-Za-z0-9.]", "_")));
        Path data = null;
        Ports ports;
        switch (block.needs()) {
            case "server" -> {
                KitServer s = server();
                ports = s.ports();
                data = work.resolve("server/data");
            }
            case "mock" -> ports = mock().ports();
            default -> ports = Ports.free();
        }
        BlockRunner.ScriptResult outcome = runner.run(block, dir, data, ports);
        summary.add(String.format("  ran %-40s %5.1f s", block.where(), (System.nanoTime() - started) / 1e9));
        return new Ran(outcome, ports);
    }

    private static void verify(DocBlock block, Ran ran) {
        BlockRunner.ScriptResult outcome = ran.outcome();
        Ports ports = ran.ports();
        if (outcome.exit() == 0 && "next".equals(block.options().get("output"))) {
            List<String> missing = Output.missing(block.next(), outcome.stdout() + outcome.stderr());
            assertThat(missing).as(block.where() + ": lines of the output the documentation shows after it (numbers aside),"
                    + " not printed in that order; it printed:\n" + outcome.stdout() + outcome.stderr()).isEmpty();
        }
        if (outcome.exit() != 0 || outcome.timedOut()) {
            fail(block.where() + (outcome.timedOut() ? ": timed out after " + block.timeoutSeconds() + " s" : ": exit " + outcome.exit())
                    + "\n--- the block as run (bash -euo pipefail, ports moved to " + ports.actual().get("forms") + "... for forms)\n"
                    + outcome.script() + "--- stderr (last lines)\n" + tail(outcome.stderr(), 40)
                    + "--- stdout (last lines)\n" + tail(outcome.stdout(), 20)
                    + (block.needs().equals("none") ? "" : "--- " + block.needs() + " log (last lines)\n"
                    + tail((block.needs().equals("server") ? server : mock).log(), 20)));
        }
    }

    private static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return all.subList(Math.max(0, all.size() - lines), all.size()).stream().map(l -> l + "\n").collect(Collectors.joining());
    }

    private static synchronized KitServer server() {
        if (server == null) {
            // the switches the documented exec and runtime commands name (reference-server/README.md, docs/security.md);
            // the users' passwords hashed at the setting's floor, as on every test server (the documented commands
            // log in against this fixture; the cost of a hash is CouponsIdentityAttackTest's subject)
            server = KitServer.start(JAVA_HOME.resolve("bin/java"), jar("reference-server"), work.resolve("server"),
                    Map.of("KIT_RUNTIME_ALLOW_COMMANDS", "true", "KIT_EXEC_ALLOW_RUNTIME", "true",
                            "KIT_COUPONS_PASSWORD_ITERATIONS", "1000"), List.of());
        }
        return server;
    }

    private static synchronized KitServer mock() {
        if (mock == null) {
            mock = KitServer.start(JAVA_HOME.resolve("bin/java"), jar("mock-server"), work.resolve("mock"), Map.of(), List.of());
        }
        return mock;
    }

    private static Path jar(String module) {
        return ROOT.resolve(module).resolve("target").resolve(module + "-" + VERSION + ".jar");
    }

    @AfterAll
    static void stopServersAndReport() throws IOException {
        SHARED.shutdownNow();
        OWN.shutdownNow();
        if (server != null) {
            server.close();
        }
        if (mock != null) {
            mock.close();
        }
        Path report = ROOT.resolve("docs-test/target/docs-test-summary.txt");
        Files.createDirectories(report.getParent());
        Files.write(report, summary);
        summary.forEach(System.out::println);
    }
}
