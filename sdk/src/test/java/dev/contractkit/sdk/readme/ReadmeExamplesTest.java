package dev.contractkit.sdk.readme;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requirement 7: every Java example of {@code sdk/README.md} is compiled. Each ```java block names, on the line
 * before it, the test source it is copied from ({@code <!-- compiled: src/test/java/...java -->}); the block must
 * equal that source's lines between {@code // README-BEGIN} and {@code // README-END} (indentation removed). The
 * sources are compiled with the tests, so an example that no longer compiles fails the build, and an edit on only
 * one side fails this test.
 */
class ReadmeExamplesTest {
    private static final Path README = Path.of("README.md");
    private static final Pattern BLOCK = Pattern.compile("(?m)^(?:<!-- compiled: (\\S+) -->\\n)?```java\\n(.*?)^```$", Pattern.DOTALL);

    @Test
    void everyJavaBlockOfTheReadmeIsACompiledSourceVerbatim() throws IOException {
        String readme = Files.readString(README);
        Matcher m = BLOCK.matcher(readme);
        List<String> problems = new ArrayList<>();
        int blocks = 0;
        while (m.find()) {
            blocks++;
            if (m.group(1) == null) {
                problems.add("a ```java block names no compiled source:\n" + m.group(2));
                continue;
            }
            Path source = Path.of(m.group(1));
            if (!Files.isRegularFile(source)) {
                problems.add("no such source: " + source);
                continue;
            }
            String expected = region(Files.readString(source));
            if (!m.group(2).equals(expected)) {
                problems.add("README block differs from " + source + "; it should read:\n" + expected);
            }
        }
        assertThat(problems).isEmpty();
        assertThat(blocks).as("examples in the README").isGreaterThanOrEqualTo(7);
    }

    @Test
    void everyApiHasAnExample() throws IOException {
        String readme = Files.readString(README);
        for (String client : List.of("FormsClient", "CouponsClient", "AnswersClient", "CodehostV4Client", "CodehostV5Client",
                "ExecClient", "RuntimeClient", "AgentClient", "ClientConfig")) {
            assertThat(readme).as(client).containsPattern("(?s)```java\\n[^`]*" + client + "\\.builder\\(\\)");
        }
    }

    /** @return the lines between the markers, with their common indentation removed, each ending in a newline */
    static String region(String source) {
        List<String> lines = source.lines().toList();
        int begin = -1;
        int end = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).trim().equals("// README-BEGIN")) {
                begin = i + 1;
            } else if (lines.get(i).trim().equals("// README-END")) {
                end = i;
            }
        }
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException("no // README-BEGIN ... // README-END region");
        }
        List<String> region = lines.subList(begin, end);
        int indent = region.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        StringBuilder out = new StringBuilder();
        region.forEach(l -> out.append(l.isBlank() ? "" : l.substring(indent)).append('\n'));
        return out.toString();
    }
}
