package dev.contractkit.conformance;

import dev.contractkit.conformance.report.Report;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.source.DocumentReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 33.1: a Swagger 2.0 document and a document split over files are checked like any other: the suite
 * ({@code --spec}) reads them through the same reader as the mock, passes the kit's mock of them, and says what
 * the reader did; the independent validator finds every answer of the mock valid.
 */
class DocumentShapesConformanceTest {
    static final Path SHAPES = PetstoreServer.OUTSIDE.resolve("../../document-shapes").normalize();
    static final String KEY = "shapes-ci-key";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"swagger2-bookshop.yaml", "multi-file/library.yaml"})
    void theSuitePassesTheKitsMockOfTheDocument(String name) {
        Path document = SHAPES.resolve(name);
        Api api = Api.fromFiles(Api.idOf(document), List.of(document), List.of(), 0);
        List<String> refused = new ArrayList<>();
        Optional<IndependentValidator> validator = IndependentValidator.ofDocument(api.id() + " (mock)",
                DocumentReader.read(document).text(), refused);
        assertThat(validator).as(String.join("\n", refused)).isPresent();
        try (MockServers mock = MockServers.start(MockOptions.builder().apis(api).port(api, 0)
                .credential(api, KEY).build())) {
            ConformanceTarget.Builder target = ConformanceTarget.builder(api.id(), List.of(document));
            validator.get().watch(target);
            Report report = Conformance.run(target.baseUrl(mock.url(api)).credential(KEY).build());

            assertThat(report.errors()).as(report.toString()).isEmpty();
            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.requests()).isGreaterThanOrEqualTo(3);
            assertThat(report.notes()).as("what the reader did").anyMatch(n -> n.contains(name)
                    && (n.contains("converted from Swagger 2.0") || n.contains("bundled")));
            validator.get().assertEveryResponseValid(report);
        }
    }
}
