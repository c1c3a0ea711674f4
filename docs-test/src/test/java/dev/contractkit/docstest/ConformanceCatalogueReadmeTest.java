package dev.contractkit.docstest;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The check catalogue of {@code conformance-tests/README.md} is the code's: its table names exactly the checks
 * {@code --list-checks} prints (the suite's {@code Check} enum), in that order, and says how many there are.
 */
class ConformanceCatalogueReadmeTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern TABLE_ROW = Pattern.compile("(?m)^\\| `([a-z_]+)` \\|");

    @Test
    void theReadmesCheckTableListsEveryCheckOfTheSuite() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                ROOT.resolve("conformance-tests/target/conformance-tests-0.1.0-SNAPSHOT.jar").toString(), "--list-checks")
                .redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        List<String> checks = printed.lines().map(l -> l.split("\\s+")[0]).filter(k -> k.matches("[a-z_]+")).toList();

        String readme = Files.readString(ROOT.resolve("conformance-tests/README.md"));
        String catalogue = readme.substring(readme.indexOf("## The check catalogue"));
        catalogue = catalogue.substring(0, catalogue.indexOf("\n## ", 3));
        Matcher m = TABLE_ROW.matcher(catalogue);
        List<String> documented = m.results().map(r -> r.group(1)).toList();

        assertThat(checks).hasSizeGreaterThanOrEqualTo(21);
        assertThat(documented).as("the check table of conformance-tests/README.md").containsExactlyElementsOf(checks);
        assertThat(catalogue).as("the count the catalogue states").contains(checks.size() + " checks");
    }
}
