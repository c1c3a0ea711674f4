package dev.contractkit.docstest;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./kit build} and {@code ./kit build --all} (issue 37.1): which Maven build each runs, and which stamps count
 * as up to date. A checkout of links to the real one (as {@link BlockRunner} makes) with its own {@code mvnw} that
 * writes down its arguments and {@code MAVEN_OPTS} instead of building: the launcher is what is under test.
 */
class KitBuildTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;
    private Path checkout;
    private Path calls;

    @BeforeEach
    void aCheckoutWhoseMavenOnlyWritesDownItsArguments() throws IOException {
        calls = dir.resolve("maven-calls");
        checkout = LauncherCheckout.create(ROOT, dir, "echo \"MAVEN_OPTS=$MAVEN_OPTS ARGS=$*\" >> '" + calls + "'\n");
    }

    @Test
    void theDefaultBuildInstallsTheJarsWithoutTestsDocsJarsOrTheNpmChecks() throws Exception {
        Result r = kit("build");

        assertThat(r.exit).as(r.err).isZero();
        List<String> maven = Files.readAllLines(calls);
        assertThat(maven).hasSize(1);
        assertThat(maven.get(0)).contains(" install ", "-Dmaven.test.skip=true", "-Dkit.asyncapi.skip=true", "-T 2")
                .doesNotContain("-Pdocs-jars")
                .startsWith("MAVEN_OPTS=-XX:TieredStopAtLevel=1");
    }

    @Test
    void theAllBuildAddsTheDocsJarsAndCompilesTheTests() throws Exception {
        Result r = kit("build", "--all");

        assertThat(r.exit).as(r.err).isZero();
        List<String> maven = Files.readAllLines(calls);
        assertThat(maven).hasSize(1);
        assertThat(maven.get(0)).contains(" install ", "-DskipTests", "-Pdocs-jars")
                .doesNotContain("maven.test.skip", "kit.asyncapi.skip");
    }

    @Test
    void anAllBuildCountsForTheDefaultOne() throws Exception {
        assertThat(kit("build", "--all").exit).isZero();

        assertThat(kit("build").err).contains("build is up to date");
        assertThat(kit("build", "--all").err).contains("build is up to date");
        assertThat(Files.readAllLines(calls)).hasSize(1);
    }

    @Test
    void aDefaultBuildDoesNotCountForAnAllOne() throws Exception {
        assertThat(kit("build").exit).isZero();
        assertThat(kit("build").err).contains("build is up to date");

        assertThat(kit("build", "--all").err).doesNotContain("up to date");
        assertThat(Files.readAllLines(calls)).hasSize(2);
        assertThat(Files.readAllLines(calls).get(1)).contains("-Pdocs-jars");
        assertThat(kit("build", "--all", "--force").exit).isZero();
        assertThat(Files.readAllLines(calls)).hasSize(3);
    }

    @Test
    void aWholeTestRunThatPassesCountsAsAnAllBuild() throws Exception {
        Result r = kit("test");

        assertThat(r.exit).as(r.err).isZero();
        assertThat(Files.readAllLines(calls)).singleElement().asString().contains(" install ", "-Pdocs-jars")
                .doesNotContain("skipTests");
        assertThat(kit("build", "--all").err).contains("build is up to date");
        assertThat(kit("build").err).contains("build is up to date");
        assertThat(Files.readAllLines(calls)).hasSize(1);
    }

    @Test
    void aTestRunGivenMavenArgumentsCountsForNoBuild() throws Exception {
        assertThat(kit("test", "-pl", "specs").exit).isZero();

        assertThat(kit("build").err).doesNotContain("up to date");
        assertThat(Files.readAllLines(calls)).hasSize(2);
    }

    @Test
    void aFailedTestRunFailsAndCountsForNoBuild() throws Exception {
        checkout = LauncherCheckout.create(ROOT, Files.createDirectories(dir.resolve("failing")),
                "echo \"ARGS=$*\" >> '" + calls + "'\n[[ \" $* \" == *\" -Pdocs-jars \"* ]] && exit 3\nexit 0\n");

        assertThat(kit("test").exit).isEqualTo(3);

        assertThat(kit("build", "--all").err).doesNotContain("up to date");
        assertThat(Files.readAllLines(calls)).hasSize(2);
    }

    @Test
    void anUnknownOptionIsRefusedWithTheUsage() throws Exception {
        Result r = kit("build", "--everything");

        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err).contains("unknown build option '--everything'", "./kit build [--all] [--force]");
        assertThat(calls).doesNotExist();
    }

    @Test
    void theHelpNamesTheAllOption() throws Exception {
        Result r = kit("help");

        assertThat(r.exit).isZero();
        assertThat(r.err + r.out).contains("./kit build [--all]", "sources and Javadoc jars");
    }

    private record Result(int exit, String out, String err) {
    }

    private Result kit(String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Stream.concat(Stream.of("./kit"), Stream.of(args)).toList())
                .directory(checkout.toFile())
                .redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile());
        pb.environment().keySet().removeIf(Environment::foreign);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("./kit returned").isTrue();
        return new Result(p.exitValue(), Files.readString(dir.resolve("out")), Files.readString(dir.resolve("err")));
    }
}
