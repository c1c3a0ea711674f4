package dev.contractkit.bench;

import dev.contractkit.specs.Api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How the corpus bench runs the kit's tools, each in a process of its own as {@code ./kit} runs them (the modules'
 * jars with their {@code target/lib}): the mock ({@code ./kit mock --spec FILE --port 0}), the suite
 * ({@code ./kit conform --spec FILE --base-url URL}), the SDK generator ({@code ./kit sdk --spec FILE}) and javac
 * on its output with the SDK on the class path (the bench's own); with each step's time budget.
 *
 * @param java      the java command
 * @param root      the kit's checkout
 * @param mockFlags JVM flags of the mock: those of {@code ./kit mock} ({@link #jvmOptions(Path)}) and a class-data
 *                  archive as {@code ./kit} gives it
 * @param budget    each step's time budget
 */
record CorpusTools(String java, Path root, List<String> mockFlags, Budget budget) {
    private static final String VERSION = "0.1.0-SNAPSHOT";

    /**
     * Time budgets: a step that takes longer is stopped and counted as failed, so one document cannot hang a run.
     *
     * @param read    the document reader (in the bench's JVM)
     * @param ready   a mock's start, to its ready line
     * @param request one sampled GET
     * @param suite   the suite's run against the mock
     * @param sdk     the SDK generator's run, and javac's
     */
    record Budget(Duration read, Duration ready, Duration request, Duration suite, Duration sdk) {
        static final Budget BENCH = new Budget(Duration.ofMinutes(2), Duration.ofMinutes(3), Duration.ofSeconds(20),
                Duration.ofMinutes(5), Duration.ofMinutes(5));
    }

    /** @throws IllegalStateException naming the jars that are missing (build first: ./kit build) */
    CorpusTools {
        List<String> missing = new ArrayList<>();
        for (String module : List.of("mock-server", "conformance-tests", "sdk-generator")) {
            if (!Files.isRegularFile(jar(root, module))) {
                missing.add(jar(root, module).toString());
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("the corpus bench runs the built tools; missing: " + missing
                    + " (./kit build, or mvn package, builds them)");
        }
    }

    /**
     * The mock of one document, accepting only {@code credential} (the one the suite and the sampled GETs send), so
     * that the suite may judge a wrong credential accepted (issue 33.4: it judges one only when the run knows the
     * right one).
     */
    List<String> mock(Path spec, String credential) {
        List<String> c = new ArrayList<>(List.of(java, "--sun-misc-unsafe-memory-access=allow"));
        c.addAll(mockFlags);
        c.addAll(List.of("-cp", classpath("mock-server"), "dev.contractkit.mock.Main", "--spec", spec.toString(), "--port", "0",
                "--credential", Api.idOf(spec) + "=" + credential));
        return c;
    }

    /**
     * The mock's JVM flags, which {@code ./kit mock} reads too: {@code mock-server/jvm.options}, one flag a line,
     * {@code #} starting a comment.
     *
     * @throws IOException when the file cannot be read
     */
    static List<String> jvmOptions(Path root) throws IOException {
        List<String> flags = new ArrayList<>();
        for (String line : Files.readAllLines(root.resolve("mock-server/jvm.options"))) {
            int comment = line.indexOf('#');
            String flag = (comment < 0 ? line : line.substring(0, comment)).strip();
            if (!flag.isEmpty()) {
                flags.add(flag);
            }
        }
        return flags;
    }

    /**
     * The mock's JVM flags as {@code ./kit mock} gives them: {@link #jvmOptions(Path)} and a class-data archive, made
     * by the first mock started and used by the others.
     *
     * @param archive the archive's file
     * @throws IOException when mock-server/jvm.options cannot be read
     */
    static List<String> mockFlags(Path root, Path archive) throws IOException {
        List<String> flags = new ArrayList<>(jvmOptions(root));
        flags.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-XX:+AutoCreateSharedArchive", "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off"));
        return flags;
    }

    List<String> suite(Path spec, String baseUrl, String credential, Path reportDir) {
        return List.of(java, "-cp", classpath("conformance-tests"), "dev.contractkit.conformance.Main", "--spec",
                spec.toString(), "--base-url", baseUrl, "--credential", credential, "--report-dir", reportDir.toString());
    }

    List<String> sdk(Path spec, String pkg, Path out) {
        return List.of(java, "-cp", classpath("sdk-generator"), "dev.contractkit.sdkgen.Main", "--spec", spec.toString(),
                "--package", pkg, "--out", out.toString());
    }

    /**
     * javac (the JDK the bench runs on) at the SDK's release, 17, with the SDK and its libraries on the class path:
     * the bench's own (it depends on the SDK).
     */
    List<String> javac(Path classes, Path argFile) {
        return List.of(Path.of(java).resolveSibling("javac").toString(), "--release", "17", "-proc:none", "-nowarn",
                "-encoding", "UTF-8", "-d", classes.toString(), "-cp", System.getProperty("java.class.path"), "@" + argFile);
    }

    private String classpath(String module) {
        return jar(root, module) + ":" + root.resolve(module + "/target/lib") + "/*";
    }

    private static Path jar(Path root, String module) {
        return root.resolve(module + "/target/" + module + "-" + VERSION + ".jar");
    }
}
