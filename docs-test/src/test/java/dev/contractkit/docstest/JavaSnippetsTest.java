package dev.contractkit.docstest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code java} block of {@code README.md}, the modules' READMEs and {@code docs/} compiles as written, as a
 * reader copies it: no variable it does not define, no constant or method the kit does not have ({@link JavaSnippet}
 * says how a block becomes a source). All blocks are compiled in one compiler call inside this JVM, against the jars
 * a team's build gets: the SDK and its libraries ({@code examples/target/lib}), the self-contained
 * {@code mock-server-junit} jar, the conformance suite, JUnit and AssertJ. A block that cannot compile here (code
 * for a client generated from the reader's own contract) carries {@code <!-- docs-test: skip reason="..." -->}.
 */
class JavaSnippetsTest {
    private static final String VERSION = "0.1.0-SNAPSHOT";
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void everyJavaBlockOfTheDocumentationCompiles(@TempDir Path out) throws IOException {
        List<JavaSnippet> snippets = DocBlocks.files(ROOT).stream().flatMap(f -> JavaSnippet.of(ROOT, f).stream()).toList();
        List<JavaSnippet> compiled = snippets.stream().filter(s -> s.skip() == null).toList();
        assertThat(snippets.stream().filter(s -> s.skip() != null && s.skip().isBlank()).map(JavaSnippet::where))
                .as("skipped without a reason").isEmpty();
        assertThat(compiled).as("java blocks compiled").hasSizeGreaterThan(10);

        Map<URI, JavaSnippet> byUri = new HashMap<>();
        List<JavaFileObject> sources = new ArrayList<>();
        for (JavaSnippet s : compiled) {
            JavaFileObject source = new SimpleJavaFileObject(URI.create("string:///" + s.packageName().replace('.', '/')
                    + "/Snippet.java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return s.source();
                }
            };
            byUri.put(source.toUri(), s);
            sources.add(source);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            List<String> options = List.of("--release", "21", "-proc:none", "-nowarn", "-implicit:none",
                    "-d", out.toString(), "-classpath", classPath());
            javac.getTask(null, files, diagnostics, options, null, sources).call();
        }
        List<String> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            JavaSnippet s = d.getSource() == null ? null : byUri.get(d.getSource().toUri());
            String line = s == null || d.getLineNumber() < 1 ? "" : s.source().lines().skip(d.getLineNumber() - 1)
                    .findFirst().orElse("").strip();
            problems.add((s == null ? "?" : s.where()) + ": " + d.getMessage(null) + "\n    " + line);
        }
        assertThat(problems).as("java blocks of the documentation that do not compile").isEmpty();
    }

    /** The SDK with its libraries, the self-contained mock, the suite and the test libraries this JVM runs with. */
    private static String classPath() {
        List<String> entries = new ArrayList<>();
        entries.add(jar("mock-server-junit").toString());
        entries.add(jar("conformance-tests").toString());
        entries.addAll(jars(ROOT.resolve("examples/target/lib")));
        entries.addAll(jars(ROOT.resolve("conformance-tests/target/lib")));
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.matches(".*(junit|opentest4j|apiguardian|assertj).*\\.jar")) {
                entries.add(e);
            }
        }
        entries.forEach(e -> assertThat(Path.of(e)).as("built before docs-test (package)").exists());
        return String.join(File.pathSeparator, entries);
    }

    private static Path jar(String module) {
        return ROOT.resolve(module).resolve("target").resolve(module + "-" + VERSION + ".jar");
    }

    private static List<String> jars(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of(dir.toString());
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
