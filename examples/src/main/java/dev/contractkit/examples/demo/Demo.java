package dev.contractkit.examples.demo;

import dev.contractkit.conformance.Main;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code ./kit demo}: starts the reference server on free ports with a fresh kit token and answers key, runs the
 * example programs ({@link DemoExample#ALL}) and the conformance suite against every API it serves, the quotas CLI
 * against the mock AI providers, prints a summary and stops everything; logs and reports in {@code target/demo}.
 * The server and the mock run as separate processes from their jars, as a user runs them; the examples and the
 * conformance suite run in this JVM (their output and exit status as their own command lines give them).
 * Exit status: 0 when every step passed, 1 when an example, the conformance run or the quotas run failed, 2 on a
 * wrong command line.
 *
 * <pre>
 * java -cp 'examples/target/examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*' dev.contractkit.examples.demo.Demo \
 *      --root . --java "$JAVA_HOME/bin/java" --version 0.1.0-SNAPSHOT
 * </pre>
 */
public final class Demo {
    private static final Duration START_LIMIT = Duration.ofMinutes(2);   // a loaded 2-core machine: 30 s happen

    private final Launch launch;
    private final Path work;
    private final PrintStream out;
    private final PrintStream say;
    private final Children children = new Children();

    private Demo(Launch launch, PrintStream out, PrintStream say) {
        this.launch = launch;
        this.work = launch.root().resolve("target/demo");
        this.out = out;
        this.say = say;
    }

    /**
     * @param args {@code --root DIR --java PATH --version V [--jvm-option OPTION]...} ({@code ./kit demo} passes them)
     */
    public static void main(String[] args) {
        Instant started = ProcessHandle.current().info().startInstant().orElseGet(Instant::now);
        Launch launch;
        try {
            launch = Launch.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("kit demo: " + e.getMessage());
            System.err.println(Launch.USAGE);
            System.exit(2);
            return;
        }
        Demo demo = new Demo(launch, System.out, System.err);
        Runtime.getRuntime().addShutdownHook(new Thread(demo.children::stopAll, "demo-stop"));
        int status;
        try {
            status = demo.run(started);
        } catch (IOException e) {
            System.err.println("kit demo: " + e.getMessage());
            status = 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = 1;
        }
        System.exit(status);
    }

    private int run(Instant started) throws IOException, InterruptedException {
        deleteRecursively(work);
        Files.createDirectories(work);
        say.println("kit demo: starting the reference server (embedded database in ./data)");
        Secrets secrets = Secrets.fresh();
        Child server = children.add(Child.start(serverCommand(), serverEnv(secrets), launch.root(),
                work.resolve("server.log")));
        // the mock providers start now too, in parallel, so they are ready when the quotas step comes
        QuotasStep quotasStep = new QuotasStep(launch, work, say);
        Child providers = quotasStep.startMock(children);
        if (!server.awaitReady(START_LIMIT)) {
            say.println("kit demo: the reference server did not start:");
            List<String> log = server.output();
            log.subList(Math.max(0, log.size() - 20), log.size()).forEach(say::println);
            return 1;
        }
        banner(server.output()).forEach(line -> say.println("  " + line));

        Map<String, String> served = new LinkedHashMap<>();
        for (String api : Catalogue.ownApis()) {
            if (!server.url(api).isEmpty()) {
                served.put(api, server.url(api));
            }
        }
        Summary summary = new Summary(served);
        if (!runExamples(server, secrets, summary)) {
            return 1;
        }

        say.println();
        say.println("kit demo: conformance suite against the reference server (every API: "
                + String.join(" ", served.keySet()) + ")");
        Path conformanceOut = work.resolve("conformance.out");
        int conformance = inProcess(conformanceOut, (o, e) -> Main.run(conformanceArgs(served, secrets,
                work.resolve("conformance")), o, e));
        Outputs.text(conformanceOut).lines().forEach(line -> out.println("  " + line));
        summary.conformance(conformance);

        say.println();
        say.println("kit demo: quotas against the " + Catalogue.providers().size()
                + " mock AI providers (claude switched to its inactive plan)");
        String quotas = quotasStep.run(providers);
        if (quotas.isEmpty()) {
            say.println("kit demo: quotas failed (see target/demo/quotas.log)");
        }
        summary.quotas(quotas);

        children.stopAll();
        say.println();
        summary.lines(Duration.between(started, Instant.now()).toSeconds()).forEach(say::println);
        return conformance != 0 ? conformance : quotas.isEmpty() ? 1 : 0;
    }

    /** Runs the table's examples in order; an example that fails shows its output and ends the demo (false). */
    private boolean runExamples(Child server, Secrets secrets, Summary summary) throws IOException, InterruptedException {
        for (DemoExample example : DemoExample.ALL) {
            String url = server.url(example.api());
            say.println();
            say.println("kit demo: " + example.what() + " against " + url);
            Path output = work.resolve(example.api() + ".out");
            int status = runExample(example, url, secrets, output);
            String text = Outputs.text(output);
            if (status != 0) {
                say.print(text);
                say.flush();
                return false;
            }
            text.lines().forEach(line -> out.println("  " + line));
            summary.example(example.api(), example.summary(text.lines().toList()));
            if (!example.cli().isEmpty()) {
                say.println("kit demo: " + Path.of(example.cliModule()).getFileName() + " "
                        + String.join(" ", example.cliArgs()) + " -> " + runCli(example, url, secrets));
            }
        }
        return true;
    }

    private List<String> serverCommand() {
        List<String> command = new ArrayList<>(List.of(launch.java().toString()));
        command.addAll(launch.jvmOptions());
        command.addAll(List.of("-jar", launch.jar("reference-server").toString()));
        return command;
    }

    /**
     * The server's environment: free ports ({@code KIT_<API>_PORT=0}, so the demo never collides with a server
     * already running); a fresh answers key for this run only, with a higher rate limit than the default 5/min (the
     * conformance run sends many answer requests); a kit token of its own for exec, runtime and agent (given to
     * every example, execcli call and conformance run; never printed); runtime actions and commands enabled for this
     * run only (the exec example cancels a real runtime process). {@code EXEC_URL} and {@code EXEC_RUNTIME_URL},
     * execcli's variables, are left out: the server would send runtime actions to that URL instead of its own
     * co-hosted runtime.
     */
    private static Map<String, String> serverEnv(Secrets secrets) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("EXEC_URL");
        env.remove("EXEC_RUNTIME_URL");
        for (String api : Catalogue.ownApis()) {
            env.put("KIT_" + Catalogue.envName(api) + "_PORT", "0");
        }
        env.putAll(Map.of("KIT_TOKEN", secrets.kitToken(), "KIT_RUNTIME_ALLOW_COMMANDS", "true",
                "KIT_EXEC_ALLOW_RUNTIME", "true", "KIT_ANSWERS_API_KEYS", secrets.answersKey(),
                "KIT_ANSWERS_RATE_LIMIT", "600"));
        return env;
    }

    /**
     * @param serverLog the server's output
     * @return its banner: from the line starting with {@code Contract Kit} to the {@code READY} line
     */
    static List<String> banner(List<String> serverLog) {
        List<String> banner = new ArrayList<>();
        for (String line : serverLog) {
            if (banner.isEmpty() && !line.startsWith("Contract Kit")) {
                continue;
            }
            banner.add(line);
            if (line.startsWith("READY")) {
                break;
            }
        }
        return banner;
    }

    private int runExample(DemoExample example, String url, Secrets secrets, Path output) throws IOException {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("KIT_TOKEN", secrets.kitToken());
        String[] args = example.args(url, secrets);
        return inProcess(output, (o, e) -> example.program().run(args, env, o, e));
    }

    /**
     * @param served    the APIs the server announced and their base URLs
     * @param secrets   this run's secrets
     * @param reportDir where its reports go
     * @return the conformance suite's command line: every API served, one run
     */
    static String[] conformanceArgs(Map<String, String> served, Secrets secrets, Path reportDir) {
        List<String> args = new ArrayList<>(List.of("--api", String.join(",", served.keySet())));
        served.forEach((api, url) -> args.addAll(List.of("--base-url", api + "=" + url)));
        DemoExample.CREDENTIALS.forEach(c -> args.addAll(List.of("--credential", secrets.fill(c))));
        DemoExample.CONFORMANCE_USERS.forEach(u -> args.addAll(List.of("--user", u)));
        args.addAll(List.of("--report-dir", reportDir.toString()));
        return args.toArray(String[]::new);
    }

    private String runCli(DemoExample example, String url, Secrets secrets) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launch.java().toString(), "-jar",
                launch.jar(example.cliModule()).toString()));
        command.addAll(example.cliArgs());
        ProcessBuilder builder = new ProcessBuilder(command).directory(launch.root().toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        String name = Catalogue.envName(example.api());
        builder.environment().put(name + "_URL", url);
        builder.environment().put(name + "_TOKEN", DemoExample.credential(example.api(), secrets));
        Process process = builder.start();
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return printed.replaceFirst("\n+$", "");
    }

    /** A command line run in this JVM: its output and its errors, the exit status returned. */
    @FunctionalInterface
    interface InProcess {
        int run(PrintStream out, PrintStream err);
    }

    /**
     * Runs a command line in this JVM with its output (and errors, as a shell's {@code 2>&1} would) in a file; an
     * exception it throws is printed there as the JVM prints an uncaught one, and is exit status 1.
     *
     * @param output  the file
     * @param program the command line
     * @return its exit status
     * @throws IOException when the file cannot be written
     */
    static int inProcess(Path output, InProcess program) throws IOException {
        try (OutputStream file = Files.newOutputStream(output);
             PrintStream stream = new PrintStream(file, true, StandardCharsets.UTF_8)) {
            try {
                return program.run(stream, stream);
            } catch (RuntimeException | Error e) {
                stream.print("Exception in thread \"main\" ");
                e.printStackTrace(stream);
                return 1;
            }
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
