package dev.contractkit.conformance;

import dev.contractkit.conformance.FakeFormsServer.Defect;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The JUnit entry point an integrator puts in a @TestFactory: one dynamic test per check and operation. */
class ConformanceTestsTest {

    static List<DynamicNode> testsAgainst(Defect... defects) throws IOException {
        try (FakeFormsServer server = FakeFormsServer.start(defects)) {
            return ConformanceTests.of(ConformanceTarget.builder(Api.FORMS).baseUrl(server.url()).credential(FakeFormsServer.KEY)
                    .build()).toList();
        }
    }

    static Stream<DynamicTest> tests(DynamicNode node) {
        return node instanceof DynamicContainer c ? c.getChildren().flatMap(ConformanceTestsTest::tests)
                : Stream.of((DynamicTest) node);
    }

    @Test
    void aConformingServerGivesOnePassingTestPerCheckAndOperation() throws IOException {
        List<DynamicNode> nodes = testsAgainst();
        Map<String, List<DynamicTest>> byCheck = new LinkedHashMap<>();
        nodes.forEach(n -> byCheck.put(n.getDisplayName(), tests(n).toList()));

        assertThat(byCheck).containsKeys("status_code_conformance", "ignored_auth",
                "errors (unreachable server, refused credential)");
        assertThat(byCheck.get("response_schema_conformance")).extracting(DynamicNode::getDisplayName)
                .contains("GET /forms", "GET /forms/{id}");
        byCheck.values().stream().flatMap(List::stream).forEach(t -> {
            try {
                t.getExecutable().execute();
            } catch (Throwable e) {
                throw new AssertionError(t.getDisplayName() + " failed: " + e.getMessage(), e);
            }
        });
    }

    @Test
    void aDefectFailsExactlyTheTestOfItsCheckAndOperationWithTheViolation() throws IOException {
        List<DynamicNode> nodes = testsAgainst(Defect.MISSING_TITLE);
        DynamicTest getForm = nodes.stream().filter(n -> n.getDisplayName().equals("response_schema_conformance"))
                .flatMap(ConformanceTestsTest::tests).filter(t -> t.getDisplayName().equals("GET /forms/{id}"))
                .findFirst().orElseThrow();

        assertThatThrownBy(() -> getForm.getExecutable().execute()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("/response/body/form/title");
    }
}
