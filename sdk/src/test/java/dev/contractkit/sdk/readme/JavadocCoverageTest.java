package dev.contractkit.sdk.readme;

import org.junit.jupiter.api.Test;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requirement 7: every public type and member of the hand-written SDK ({@code src/main/java}, and the layer generated
 * from the SDK's own templates: {@code AgentEvent}; the clients and packages generated from the contracts are not
 * compiled here) has Javadoc that javac's doclint accepts, and every public top-level type shows
 * a usage snippet ({@code <pre>{@code ...}}; the internal {@code internal} package is exempt from the snippet).
 */
class JavadocCoverageTest {
    private static final Path SOURCES = Path.of("src/main/java");
    /** Generated at build time from the SDK's own templates (src/build), so written like the hand-written code. */
    private static final List<Path> TEMPLATED = List.of(Path.of("target/generated-sources/agent-events"));
    private static final Pattern TOP_LEVEL = Pattern.compile(
            "(?s)(/\\*\\*(?:(?!\\*/).)*\\*/)?\\s*(?:@\\w+(?:\\([^)]*\\))?\\s*)*public\\s+(?:final\\s+|abstract\\s+|sealed\\s+)*(?:class|interface|record|enum)\\s+(\\w+)");

    private static List<Path> handWritten() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path root : Stream.concat(Stream.of(SOURCES), TEMPLATED.stream()).toList()) {
            assertThat(root).as("source root").isDirectory();
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    @Test
    void everyPublicTypeAndMemberHasJavadocThatDoclintAccepts() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path out = Files.createTempDirectory("doclint");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-proc:none", "-implicit:none", "-d", out.toString(), "-classpath", classPath,
                    "-XDshould-stop.ifNoError=FLOW", "-XDshould-stop.ifError=FLOW",
                    "-Xdoclint:all/protected", "-Xmaxwarns", "10000", "-Xmaxerrs", "10000");
            javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(handWritten())).call();
        }
        List<String> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR || d.getKind() == Diagnostic.Kind.WARNING
                    || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING) {
                String message = d.getMessage(null);
                if (message.equals("no main description")) {
                    continue; // "/** @return the id */" is documentation enough for an accessor
                }
                String file = d.getSource() == null ? "?" : Path.of(d.getSource().toUri()).getFileName().toString();
                problems.add(file + ":" + d.getLineNumber() + ": " + message);
            }
        }
        assertThat(problems).as("doclint findings in the hand-written SDK").isEmpty();
    }

    @Test
    void everyPublicTopLevelTypeShowsAUsageSnippet() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path file : handWritten()) {
            if (file.getParent().endsWith("internal")) {
                continue; // internal plumbing, "not part of the public API"
            }
            String source = Files.readString(file);
            String name = file.getFileName().toString().replace(".java", "");
            Matcher m = TOP_LEVEL.matcher(source);
            while (m.find()) {
                if (m.group(2).equals(name) && (m.group(1) == null || !m.group(1).contains("<pre>{@code"))) {
                    missing.add(file.toString());
                }
            }
        }
        assertThat(missing).as("public types without a <pre>{@code ...} usage snippet").isEmpty();
    }
}
