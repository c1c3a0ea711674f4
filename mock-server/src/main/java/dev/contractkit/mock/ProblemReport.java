package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.Finding;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The problems of a document given with {@code --spec}, which the mock serves all the same: one file per document,
 * {@code <java.io.tmpdir>/contract-kit-mock/<id>-problems.txt} (rewritten at each start), one problem a line, each
 * with the document's file and the JSON pointer of the place.
 */
final class ProblemReport {
    private ProblemReport() {
    }

    /** @return the directory of the reports: {@code contract-kit-mock} under the system's temporary directory */
    static Path directory() {
        return Path.of(System.getProperty("java.io.tmpdir"), "contract-kit-mock");
    }

    /**
     * @param api      the API the document is served as
     * @param problems its problems, each once
     * @return the file written
     * @throws IOException when it cannot be written
     */
    static Path write(Api api, List<Finding> problems) throws IOException {
        Path file = directory().resolve(api.id().toLowerCase(Locale.ROOT) + "-problems.txt");
        Files.createDirectories(file.getParent());
        List<String> lines = new ArrayList<>();
        lines.add("# Contract Kit mock: " + problems.size() + " problem(s) of " + String.join(", ", api.openapi())
                + (api.asyncapi().isEmpty() ? "" : ", " + String.join(", ", api.asyncapi())) + " ("
                + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ")");
        lines.add("# The mock serves the document all the same: where an example breaks its schema, it answers a value");
        lines.add("# built from the schema instead (header X-Kit-Example-Replaced). --strict refuses to start instead.");
        problems.forEach(p -> lines.add(p.toString().replace('\n', ' ')));
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }
}
