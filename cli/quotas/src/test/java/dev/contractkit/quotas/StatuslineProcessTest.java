package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statusline as a real process on the production class path (target/classes + runtime libraries): which
 * classes it loads, and its start-up time against a bare JVM (a ratio; printed and written to
 * target/statusline-startup.txt, never asserted).
 */
class StatuslineProcessTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path home;

    @BeforeEach
    void fillTheCache() throws IOException {
        Instant now = Instant.now();
        ProviderResult claude = new ProviderResult.Available(Provider.CLAUDE, "max", List.of(new Window("5h", OptionalDouble.of(42),
                OptionalDouble.of(100), OptionalDouble.of(58), "percent", Optional.empty())), now);
        new Cache(home.resolve("cache/quotas/cache.json")).merge(List.of(claude,
                new ProviderResult.AuthRequired(Provider.ZAI, "none", now)), now, Optional.of(new Cache.ConfigRecord("missing",
                List.of("claude", "zai"), List.of())));
    }

    private static Path jar;

    /** target/classes as a jar (class-data archives take jars only), like the packaged quotas jar. */
    private static synchronized Path classesJar() throws IOException {
        if (jar == null) {
            Path classes = Path.of("target", "classes").toAbsolutePath();
            jar = Files.createTempFile("quotas-classes", ".jar");
            jar.toFile().deleteOnExit();
            try (var out = new JarOutputStream(Files.newOutputStream(jar)); var files = Files.walk(classes)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                    out.write(Files.readAllBytes(f));
                    out.closeEntry();
                }
            }
        }
        return jar;
    }

    private static String classPath() throws IOException {
        String runtime = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.contains("picocli") || e.contains("lanterna") || e.contains("jackson-core")
                        || e.contains("jackson-databind") || e.contains("jackson-annotations") || e.contains("jackson-dataformat-toml"))
                .collect(Collectors.joining(File.pathSeparator));
        return classesJar() + File.pathSeparator + runtime;
    }

    private ProcessBuilder quotas(List<String> jvm, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(jvm);
        command.addAll(List.of("-cp", classPath(), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(Map.of("HOME", home.toString(), "XDG_CACHE_HOME", home.resolve("cache").toString(),
                "XDG_CONFIG_HOME", home.resolve("config").toString()));
        return pb;
    }

    private static String run(ProcessBuilder pb) throws Exception {
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void theStatuslineLoadsNeitherTheHttpClientNorTheTerminalLibrary() throws Exception {
        Path log = home.resolve("classes.log");
        String out = run(quotas(List.of("-Xlog:class+load=info:file=" + log), "--statusline", "--no-update-check"));
        assertThat(out.trim()).isEqualTo("● claude 58/100 | ✗ zai login");
        List<String> loaded = Files.readAllLines(log);
        assertThat(loaded).anySatisfy(l -> assertThat(l).contains("dev.contractkit.quotas.Statusline "));
        assertThat(loaded).noneSatisfy(l -> assertThat(l).containsAnyOf("java.net.http.", "jdk.internal.net.http.",
                "com.googlecode.lanterna.", "dev.contractkit.quotas.providers.Fetcher", "dev.contractkit.quotas.providers.JdkCalls",
                "dev.contractkit.quotas.Tui", "picocli.", "com.fasterxml.jackson.databind.ObjectMapper ",
                "com.fasterxml.jackson.dataformat.toml."));
    }

    @Test
    void theJsonModeDoesLoadTheHttpClient() throws Exception {
        Path log = home.resolve("classes.log");
        run(quotas(List.of("-Xlog:class+load=info:file=" + log), "--json", "--provider=zai"));
        assertThat(Files.readString(log)).contains("java.net.http.HttpClient ").contains("picocli.CommandLine ");
    }

    @Test
    void startUpTimeOfTheStatuslineAgainstABareJvm() throws Exception {
        List<Long> bare = new ArrayList<>();
        List<Long> statusline = new ArrayList<>();
        List<Long> launcher = new ArrayList<>();
        // the JVM flags ./kit quotas uses for the statusline: a class-data archive made on first use, C1 only
        List<String> kitFlags = List.of("-XX:SharedArchiveFile=" + home.resolve("statusline.jsa"), "-XX:+AutoCreateSharedArchive",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto");
        run(quotas(List.of(), "--statusline", "--no-update-check")); // warm the file cache
        run(quotas(kitFlags, "--statusline", "--no-update-check")); // writes the archive
        for (int i = 0; i < 9; i++) { // interleaved, so load on the shared machine hits all alike
            bare.add(time(new ProcessBuilder(JAVA, "-version")));
            statusline.add(time(quotas(List.of(), "--statusline", "--no-update-check")));
            launcher.add(time(quotas(kitFlags, "--statusline", "--no-update-check")));
        }
        long b = median(bare);
        long s = median(statusline);
        long k = median(launcher);
        String report = String.format("statusline start-up, median of 9 interleaved runs: plain JVM %d ms, with ./kit's flags"
                + " (AppCDS archive, C1) %d ms; bare JVM (java -version) %d ms; ratios %.1f and %.1f%n", s, k, b,
                (double) s / b, (double) k / b);
        System.out.print(report);
        Files.writeString(Path.of("target", "statusline-startup.txt"), report);
        assertThat(s).isPositive();
    }

    private static long time(ProcessBuilder pb) throws Exception {
        long t = System.nanoTime();
        Process p = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor();
        return (System.nanoTime() - t) / 1_000_000;
    }

    private static long median(List<Long> xs) {
        return xs.stream().sorted().toList().get(xs.size() / 2);
    }
}
