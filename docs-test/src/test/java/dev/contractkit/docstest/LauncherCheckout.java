package dev.contractkit.docstest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A checkout for testing the launcher ({@code ./kit}) itself: links to every top-level entry of this one except
 * {@code target/}, {@code data/}, {@code .git}, {@code mvnw} and this module (so the launcher, the modules' sources
 * and their built jars resolve, while what it writes lands in a {@code target/} of its own), and a {@code mvnw} of the
 * test's own instead of Maven.
 */
final class LauncherCheckout {
    private static final Set<String> NOT_LINKED = Set.of("target", "data", ".git", "mvnw", "docs-test");

    private LauncherCheckout() {
    }

    /**
     * @param root the real checkout
     * @param dir  an empty directory; the checkout is made in {@code dir/checkout}
     * @param mvnw the body of the checkout's {@code mvnw} script (after its {@code #!} line)
     * @return the checkout
     */
    static Path create(Path root, Path dir, String mvnw) throws IOException {
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        try (Stream<Path> entries = Files.list(root)) {
            for (Path e : entries.toList()) {
                if (!NOT_LINKED.contains(e.getFileName().toString())) {
                    Files.createSymbolicLink(checkout.resolve(e.getFileName()), e);
                }
            }
        }
        // this module's own jar is made after its tests: the checkout gets one, else ./kit would always see it missing
        Path self = Files.createDirectories(checkout.resolve("docs-test/target"));
        Files.createSymbolicLink(checkout.resolve("docs-test/pom.xml"), root.resolve("docs-test/pom.xml"));
        Files.writeString(self.resolve("docs-test-0.1.0-SNAPSHOT.jar"), "");
        Path script = checkout.resolve("mvnw");
        Files.writeString(script, "#!/usr/bin/env bash\n" + mvnw);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return checkout;
    }
}
