package dev.contractkit.examples.sdkgen;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Compiles generated sources in process (javax.tools, the SDK's release 17) and loads them. */
final class GeneratedSources {
    private GeneratedSources() {
    }

    /**
     * @param sources a source root
     * @param classes where the classes go
     * @return the compiler's errors (empty when it compiled)
     */
    static List<String> compile(Path sources, Path classes) {
        return compile(sources, classes, 17);
    }

    /**
     * @param sources a source root
     * @param classes where the classes go
     * @param release the Java release (the SDK's clients: 17; the reference server's stubs: 21)
     * @return the compiler's errors (empty when it compiled)
     */
    static List<String> compile(Path sources, Path classes, int release) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null);
             Stream<Path> walk = Files.walk(sources)) {
            Files.createDirectories(classes);
            List<Path> java = walk.filter(p -> p.toString().endsWith(".java")).toList();
            boolean ok = javac.getTask(null, files, diagnostics,
                    List.of("--release", String.valueOf(release), "-proc:none", "-nowarn", "-d", classes.toString(),
                            "-cp", System.getProperty("java.class.path")),
                    null, files.getJavaFileObjectsFromPaths(java)).call();
            List<String> errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> (d.getSource() == null ? "" : Path.of(d.getSource().toUri()).getFileName() + ":" + d.getLineNumber() + ": ")
                            + d.getMessage(null)).toList();
            return ok || !errors.isEmpty() ? errors : List.of("javac failed without an error message");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static URLClassLoader loader(Path classes) {
        try {
            return new URLClassLoader(new URL[]{classes.toUri().toURL()}, GeneratedSources.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
