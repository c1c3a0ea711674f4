package dev.contractkit.conformance;

import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22.6: for each public OpenAPI document under specs' contracts-outside, the suite ({@code --spec}) passes the
 * kit's mock of it, and the independent validator finds every response of the mock valid.
 */
class OutsideDocumentsMockConformanceTest {
    static final String KEY = "outside-ci-key";

    static List<Path> documents() throws IOException {
        try (Stream<Path> files = Files.list(PetstoreServer.OUTSIDE)) {
            List<Path> out = files.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".json"))
                    .sorted().toList();
            assertThat(out).as("the outside documents at " + PetstoreServer.OUTSIDE).hasSizeGreaterThanOrEqualTo(9);
            return out;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    void theSuitePassesTheKitsMockOfTheDocument(Path document) throws IOException {
        Api api = Api.fromFiles(Api.idOf(document), List.of(document), List.of(), 0);
        List<String> refused = new ArrayList<>();
        Optional<IndependentValidator> validator = IndependentValidator.ofDocument(api.id() + " (mock)",
                Files.readString(document), refused);
        // the one document swagger-parser (under the second validator) refuses: an operation without responses (3.1)
        assertThat(validator.isPresent()).as(String.join("\n", refused))
                .isEqualTo(!document.getFileName().toString().equals("v3.1-non-oauth-scopes.yaml"));
        try (MockServers mock = MockServers.start(MockOptions.builder().apis(api).port(api, 0)
                .credential(api, KEY).build())) {
            ConformanceTarget.Builder target = ConformanceTarget.builder(api.id(), List.of(document));
            validator.ifPresent(v -> v.watch(target));
            Report report = Conformance.run(target.baseUrl(mock.url(api)).credential(KEY).build());

            assertThat(report.errors()).as(report.toString()).isEmpty();
            assertThat(report.violations()).as(report + "\n" + String.join("\n",
                    report.violations().stream().map(Violation::toString).distinct().toList())).isEmpty();
            if (report.requests() == 0) { // a document of webhooks only: nothing to call, and the run says so
                assertThat(report.notes()).anyMatch(n -> n.contains("webhooks at /webhooks are not checked"));
            }
            if (report.requests() > 0) {
                validator.ifPresent(v -> v.assertEveryResponseValid(report));
            }
        }
    }
}
