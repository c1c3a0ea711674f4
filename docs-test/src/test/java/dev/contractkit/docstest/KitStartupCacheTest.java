package dev.contractkit.docstest;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./kit mock}'s start-up cache (issue 37.3; docs/decisions.md, "Servers start from an ahead-of-time cache"):
 * the real launcher, JDK and mock jar in a checkout of links to this one (its own {@code target/kit}, a Maven that
 * does nothing). On JDK 25 or later the first start records, the second writes the cache and maps it in, the third
 * maps it in without writing, and a rebuilt jar starts over; on an older JDK the class-data archive is used instead.
 */
class KitStartupCacheTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final boolean AOT = Runtime.version().feature() >= 25;

    @TempDir
    Path dir;
    private Path checkout;
    private Path cacheDir;

    @BeforeEach
    void aCheckoutOfLinksWithItsOwnTargetAndAMavenThatDoesNothing() throws IOException {
        checkout = LauncherCheckout.create(ROOT, dir, "exit 0\n");
        cacheDir = checkout.resolve("target/kit");
    }

    @Test
    void theMockRecordsThenWritesThenStartsFromItsCacheUntilARebuild() throws Exception {
        Start first = start();
        if (!AOT) {
            assertThat(cacheDir.resolve("mock-server.jsa")).exists();
            assertThat(start().mapped).anyMatch(m -> m.endsWith("mock-server.jsa"));
            return;
        }
        assertThat(first.mapped).noneMatch(m -> m.contains("mock-server.aot"));
        assertThat(configurations()).hasSize(1);
        assertThat(cacheDir.resolve("mock-server.aot")).doesNotExist();

        Start second = start();
        assertThat(second.err).contains("writing mock-server's start-up cache");
        assertThat(second.mapped).anyMatch(m -> m.endsWith("target/kit/mock-server.aot"));
        assertThat(configurations()).isEmpty();

        Start third = start();
        assertThat(third.err).doesNotContain("writing");
        assertThat(third.mapped).anyMatch(m -> m.endsWith("target/kit/mock-server.aot"));

        // a cache older than the jar (a rebuild) is left alone, and that start records anew
        Files.setLastModifiedTime(cacheDir.resolve("mock-server.aot"), FileTime.from(Instant.now().minusSeconds(365L * 24 * 3600)));
        Start afterRebuild = start();
        assertThat(afterRebuild.mapped).noneMatch(m -> m.contains("mock-server.aot"));
        assertThat(configurations()).hasSize(1);
    }

    @Test
    void kitCdsZeroStartsWithoutAnyCache() throws Exception {
        Start plain = start("KIT_CDS", "0");

        assertThat(plain.mapped).noneMatch(m -> m.contains("target/kit/"));
        assertThat(configurations()).isEmpty();
        assertThat(cacheDir.resolve("mock-server.jsa")).doesNotExist();
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private List<Path> configurations() throws IOException {
        try (Stream<Path> files = Files.list(cacheDir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("mock-server.aotconf.")).toList();
        }
    }

    private record Start(String err, List<String> mapped) {
    }

    /** Starts {@code ./kit mock --api forms} until it is ready, reads what it mapped, stops it and waits for it. */
    private Start start(String... env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("./kit", "mock", "--api", "forms", "--port", "forms=" + freePort())
                .directory(checkout.toFile())
                .redirectError(dir.resolve("err").toFile());
        pb.environment().keySet().removeIf(Environment::foreign);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        for (int i = 0; i < env.length; i += 2) {
            pb.environment().put(env[i], env[i + 1]);
        }
        Process p = pb.start();
        List<String> mapped;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null && !line.startsWith("READY")) {
                // the launcher's and the mock's start-up lines
            }
            assertThat(line).as("the mock's READY line; stderr: %s", Files.readString(dir.resolve("err"))).isNotNull();
            // the launcher execs java: its process is the JVM, and a cache in use is mapped into it
            mapped = Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "maps")).stream()
                    .map(String::strip).filter(l -> l.contains("/")).map(l -> l.substring(l.indexOf('/'))).distinct().toList();
            p.destroy();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the mock stopped").isTrue();
        } finally {
            p.destroyForcibly();
        }
        return new Start(Files.readString(dir.resolve("err")), mapped);
    }
}
