package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Execution;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The suite as JUnit 5 dynamic tests, for an integrator's own build: one container per check, one test per
 * operation the check judged, failing with that operation's violations; plus one test for the run's errors.
 * The suite runs once, when JUnit asks for the tests.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicNode> myFormsServiceKeepsTheContract() {
 *     return ConformanceTests.of(ConformanceTarget.builder(Api.FORMS)
 *             .baseUrl("http://127.0.0.1:8081").credential(System.getenv("FORMS_KEY")).build());
 * }
 * }</pre>
 */
public final class ConformanceTests {
    private ConformanceTests() {
    }

    /**
     * @param target what to check
     * @return the tests: {@code <check> / <operation>}, and {@code errors}
     */
    public static Stream<DynamicNode> of(ConformanceTarget target) {
        Report report = Conformance.run(target);
        Map<Check, Map<String, List<Violation>>> judged = new LinkedHashMap<>();
        for (Execution e : report.executions()) {
            judged.computeIfAbsent(e.check(), c -> new LinkedHashMap<>()).putIfAbsent(e.operation(), new ArrayList<>());
        }
        for (Violation v : report.violations()) {
            judged.computeIfAbsent(v.check(), c -> new LinkedHashMap<>())
                    .computeIfAbsent(v.operation(), o -> new ArrayList<>()).add(v);
        }
        List<DynamicNode> nodes = new ArrayList<>();
        judged.forEach((check, operations) -> nodes.add(DynamicContainer.dynamicContainer(check.key(),
                operations.entrySet().stream().map(op -> DynamicTest.dynamicTest(op.getKey(), () -> {
                    if (!op.getValue().isEmpty()) {
                        throw new AssertionError(check.key() + " failed for " + op.getKey() + ":\n  "
                                + String.join("\n  ", op.getValue().stream().map(Violation::toString).toList()));
                    }
                })))));
        nodes.add(DynamicTest.dynamicTest("errors (unreachable server, refused credential)", () -> {
            if (!report.errors().isEmpty()) {
                throw new AssertionError(String.join("\n", report.errors()));
            }
        }));
        return nodes.stream();
    }
}
