package dev.contractkit.mock;

import dev.contractkit.mock.platform.MockLogging;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.source.DocumentReader;

import dev.contractkit.mock.netty.ListenerGuard;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the contract mocks in the foreground until the process is stopped:
 * {@code ./kit mock [--api forms] [--port forms=9081] [--host 0.0.0.0] [--spec FILE [--strict]]}, or
 * {@code java -jar mock-server/target/mock-server-0.1.0-SNAPSHOT.jar --help}.
 * Prints one line per API with its URL, then {@code READY}. Exit status 2 for a bad option, 1 when the mocks
 * cannot start (broken contract, port in use).
 *
 * <pre>{@code
 * $ ./kit mock --api forms
 *   API        URL                          contract
 *   forms      http://127.0.0.1:8081        openapi/forms.yaml
 * READY
 * }</pre>
 */
public final class Main {
    private Main() {
    }

    /**
     * @param args see {@code --help}
     * @throws InterruptedException when interrupted while serving
     */
    public static void main(String[] args) throws InterruptedException {
        MockLogging.install();
        Launch launched = launch(List.of(args), System.getenv(), System.out, System.err);
        if (launched instanceof Launch.Exited exited) {
            System.exit(exited.status());
            return;
        }
        MockServers servers = ((Launch.Running) launched).servers();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            servers.close();
            stopped.countDown();
        }));
        stopped.await();
    }

    /** What {@link #launch} ended with: mocks running (printed, READY), or an exit status. */
    sealed interface Launch {
        /** @param servers the running mocks */
        record Running(MockServers servers) implements Launch {
        }

        /** @param status the process exit status */
        record Exited(int status) implements Launch {
        }
    }

    /** Parses, starts, prints the table and {@code READY}; never exits the JVM (tests call it in-process). */
    static Launch launch(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
        Optional<MockOptions> options;
        try {
            options = CommandLine.parse(args, env);
        } catch (IllegalArgumentException e) {
            err.println("mock: " + e.getMessage());
            return new Launch.Exited(2);
        }
        if (options.isEmpty()) {
            out.print(CommandLine.USAGE);
            return new Launch.Exited(0);
        }
        MockServers servers;
        try {
            servers = MockServers.start(options.get());
        } catch (BrokenContractException e) {
            e.findings().forEach(f -> err.println("CONTRACT ERROR " + f));
            err.println("mock: " + e.findings().size() + " contract problem(s); not started ("
                    + (options.get().strictnessSet() ? "--strict; without it" : "--lenient") + " starts anyway)");
            return new Launch.Exited(1);
        } catch (IllegalStateException e) {
            err.println("mock: " + e.getMessage());
            return new Launch.Exited(1);
        } catch (IllegalArgumentException e) {
            // an --outcome naming no example of its API, found once the contract is loaded
            err.println("mock: " + e.getMessage());
            return new Launch.Exited(2);
        }
        printReadNotes(servers, err);
        for (Api api : servers.apis()) {
            reportProblems(api, servers.problems(api), err);
        }
        servers.notices().forEach(n -> err.println("NOT SERVED " + n));
        print(servers, options.get(), out);
        return new Launch.Running(servers);
    }

    /** What the reader did to a document given on the command line (converted from Swagger 2.0, bundled). */
    private static void printReadNotes(MockServers servers, PrintStream err) {
        for (Api api : servers.apis()) {
            if (api.inCatalogue()) {
                continue;
            }
            for (String file : api.openapi()) {
                DocumentReader.notes(Path.of(file)).forEach(n -> err.println("READ " + file + ": " + n));
            }
        }
    }

    /**
     * The kit's own APIs (started with --lenient): every problem on the console. A document from disk: the count on
     * the console, every problem in a report file whose path is printed.
     */
    private static void reportProblems(Api api, List<Finding> problems, PrintStream err) {
        if (problems.isEmpty()) {
            return;
        }
        if (api.inCatalogue()) {
            problems.forEach(f -> err.println("CONTRACT WARNING " + f));
            return;
        }
        String where;
        try {
            where = "each one in " + ProblemReport.write(api, problems);
        } catch (IOException e) {
            problems.forEach(f -> err.println("DOCUMENT PROBLEM " + f));
            where = "each one above (no report file: " + e.getMessage() + ")";
        }
        err.println("DOCUMENT PROBLEMS " + api.id() + ": " + problems.size() + " problem(s) in "
                + String.join(", ", api.openapi()) + ", served anyway (an example that breaks its schema is answered"
                + " with a valid value instead, header X-Kit-Example-Replaced; --strict refuses to start); " + where);
    }

    private static void print(MockServers servers, MockOptions options, PrintStream out) {
        out.println("Contract Kit mock server (MockServer 5.15.0): contract examples, contract errors");
        out.printf("  %-10s %-28s %s%n", "API", "URL", "contract");
        for (Api api : servers.apis()) {
            out.printf("  %-10s %-28s %s%n", api.id(), servers.baseUrl(api), String.join(", ", api.openapi())
                    + servers.proxyTarget(api).map(t -> "  (validating proxy to " + t + ")").orElse(""));
            for (String ws : servers.channelUrls(api)) {
                out.printf("  %-10s %-28s %s%n", "", ws, String.join(", ", api.asyncapi()));
            }
        }
        long took = ManagementFactory.getRuntimeMXBean().getUptime();
        String control = !options.controlPlaneEnabled()
                ? "the control plane (/mockserver/) is off on this non-loopback bind (--control-plane --control-token <secret> turns it on)"
                : "MockServer's control plane is under <url>/mockserver/" + (options.controlToken().isPresent()
                ? " (header " + ListenerGuard.TOKEN_HEADER + " required)" : "");
        out.println("ready " + took + " ms after the JVM started; " + control + " (Ctrl-C stops)");
        out.println("READY");
        out.flush();
    }
}
