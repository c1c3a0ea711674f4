package dev.contractkit.specs.dialect;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every registered key is read: its reader is called by the main code of some module (the mock, the suite, the
 * reference server, the specs' own check) outside this package; and every key the kit's contracts use is registered.
 * A key registered without a caller of its reader, or one written in specs/ that nobody registered, fails here.
 */
class KeywordReadersTest {
    private static final Path REPO = Path.of("").toAbsolutePath().getParent();
    private static final Path DIALECT = Path.of("specs/src/main/java/dev/contractkit/specs/dialect");
    private static final Pattern KEY_IN_YAML = Pattern.compile("(?m)^\\s*(?:-\\s+)?(x-kit-[a-z0-9-]+)\\s*:");

    @Test
    void everyRegisteredKeyIsReadByCodeOutsideTheDialectPackage() {
        Map<Path, String> sources = mainSources();

        assertThat(sources.keySet()).anyMatch(p -> p.startsWith("mock-server")).anyMatch(p -> p.startsWith("conformance-tests"));
        assertThat(Keyword.values()).allSatisfy(k -> {
            Pattern call = Pattern.compile("[.:](" + k.members() + ")\\(");
            Pattern callByRef = Pattern.compile("::(" + k.members() + ")\\b");
            List<Path> callers = sources.entrySet().stream()
                    .filter(e -> e.getValue().contains(k.reader().getSimpleName()))
                    .filter(e -> call.matcher(e.getValue()).find() || callByRef.matcher(e.getValue()).find())
                    .map(Map.Entry::getKey).toList();
            assertThat(callers).as(k.key() + " is read through " + k.reader().getSimpleName() + "." + k.members()
                    + " by no module").isNotEmpty();
        });
    }

    @Test
    void everyKeyTheKitsContractsUseIsRegistered() throws IOException {
        Set<String> used = new TreeSet<>();
        for (String dir : List.of("specs/openapi", "specs/asyncapi")) {
            try (Stream<Path> files = Files.walk(REPO.resolve(dir))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                    Matcher m = KEY_IN_YAML.matcher(Files.readString(f, StandardCharsets.UTF_8));
                    while (m.find()) {
                        used.add(m.group(1));
                    }
                }
            }
        }
        Set<String> registered = Arrays.stream(Keyword.values()).map(Keyword::key).collect(Collectors.toSet());

        assertThat(used).contains("x-kit-state", "x-kit-rate-limits");
        assertThat(registered).containsAll(used);
        assertThat(used).as("registered keys no contract of the kit uses (document and test them, or drop them)")
                .containsAll(registered);
    }

    @Test
    void theRegistryNamesEachKeyOnce() {
        assertThat(Arrays.stream(Keyword.values()).map(Keyword::key)).doesNotHaveDuplicates()
                .allMatch(k -> k.startsWith(Keyword.PREFIX));
    }

    private static Map<Path, String> mainSources() {
        try (Stream<Path> modules = Files.list(REPO)) {
            return modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory)
                    .flatMap(KeywordReadersTest::javaFiles)
                    .filter(p -> !REPO.relativize(p).startsWith(DIALECT))
                    .collect(Collectors.toMap(REPO::relativize, KeywordReadersTest::read));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Path> javaFiles(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
