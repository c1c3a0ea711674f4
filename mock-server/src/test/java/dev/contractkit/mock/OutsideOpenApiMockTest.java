package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every OpenAPI document nobody here wrote is served by the mock as given (no x-kit keys): every operation answers
 * a success the document declares, and swagger-request-validator finds nothing wrong with any answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutsideOpenApiMockTest {
    private final Http http = new Http();

    @AfterAll
    void close() {
        http.close();
    }

    static List<Path> documents() {
        return OutsideContracts.openapi();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    void everyOperationAnswersAResponseThatValidatesAgainstTheDocument(Path file) throws Exception {
        Api api = Api.fromFiles(Api.idOf(file), List.of(file), List.of(), 0);
        ContractDocument doc = ContractDocument.parse(file.toString(), Files.readString(file));
        OutsideContracts.Judge judge = new OutsideContracts.Judge(doc);
        List<String> problems = new ArrayList<>();
        int answered = 0;
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build())) {
            String base = mocks.url(api);
            for (ContractDocument.Operation op : doc.operations()) {
                OutsideContracts.Call call = OutsideContracts.call(doc, op);
                Http.Answer answer = http.send(call.method(), call.url(base), call.contentType(), call.body(),
                        call.headers().toArray(String[]::new));
                answered++;
                if (answer.status() >= 300 && op.responses().keySet().stream().anyMatch(s -> s.startsWith("2"))) {
                    problems.add(op.operationId() + " " + call.url("") + ": " + answer.status() + " " + answer.body());
                }
                judge.responseErrors(call, answer).forEach(e -> problems.add(op.operationId() + ": " + e + " (answered " + answer.status() + " " + answer.body() + ")"));
            }
        }
        assertThat(problems).as(file.getFileName().toString()).isEmpty();
        assertThat(answered).isEqualTo(doc.operations().size());
        assertThat(answered + doc.root().path("webhooks").size()).as("operations and webhooks").isPositive();
    }
}
