package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.source.DocumentReader;
import dev.contractkit.specs.source.Trees;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 33.1: documents in the shapes real repositories have (Swagger 2.0, split over files, minified JSON) are
 * served like any other: every operation answers a success the document declares, and swagger-request-validator
 * finds nothing wrong with any answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DocumentShapesMockTest {
    static final Path SHAPES = OutsideContracts.root().resolve("../document-shapes").normalize();
    private final Http http = new Http();
    private Path minified;

    @BeforeAll
    void minify() throws IOException {
        // the petstore as springdoc's /v3/api-docs and APIs-guru write documents: one line of JSON
        Path dir = Files.createTempDirectory("kit-shapes");
        minified = Files.writeString(dir.resolve("petstore-minified.json"),
                Trees.parse(Files.readString(OutsideContracts.root().resolve("openapi/v3.0-petstore.yaml"))).toString());
    }

    @AfterAll
    void close() throws IOException {
        http.close();
        Files.deleteIfExists(minified);
        Files.deleteIfExists(minified.getParent());
    }

    List<Path> documents() {
        return List.of(SHAPES.resolve("swagger2-bookshop.yaml"), SHAPES.resolve("multi-file/library.yaml"), minified);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    void everyOperationOfTheDocumentAnswersAValidSuccess(Path file) throws Exception {
        Api api = Api.fromFiles(Api.idOf(file), List.of(file), List.of(), 0);
        ContractDocument doc = ContractDocument.parse(file.toString(), DocumentReader.read(file).text());
        OutsideContracts.Judge judge = new OutsideContracts.Judge(doc);
        List<String> problems = new ArrayList<>();
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build())) {
            String base = mocks.url(api);
            for (ContractDocument.Operation op : doc.operations()) {
                OutsideContracts.Call call = OutsideContracts.call(doc, op);
                Http.Answer answer = http.send(call.method(), call.url(base), call.contentType(), call.body(),
                        call.headers().toArray(String[]::new));
                if (answer.status() >= 300) {
                    problems.add(op.operationId() + " " + call.url("") + ": " + answer.status() + " " + answer.body());
                }
                judge.responseErrors(call, answer).forEach(e -> problems.add(op.operationId() + ": " + e));
            }
        }
        assertThat(problems).as(file.getFileName().toString()).isEmpty();
        assertThat(doc.operations()).hasSize(3);
    }

    @Test
    void theCommandLineSaysWhatTheReaderDidToTheDocument() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.Launch launch = Main.launch(List.of("--spec", SHAPES.resolve("swagger2-bookshop.yaml").toString(),
                "--spec", SHAPES.resolve("multi-file/library.yaml").toString(), "--port", "0"), Map.of(),
                new PrintStream(out, true), new PrintStream(err, true));
        assertThat(launch).as(err.toString()).isInstanceOf(Main.Launch.Running.class);
        ((Main.Launch.Running) launch).servers().close();

        assertThat(err.toString()).contains("READ " + SHAPES.resolve("swagger2-bookshop.yaml")
                + ": converted from Swagger 2.0 to OpenAPI 3.0");
        assertThat(err.toString()).contains("READ " + SHAPES.resolve("multi-file/library.yaml") + ": bundled");
        assertThat(out.toString()).contains("READY");
    }
}
