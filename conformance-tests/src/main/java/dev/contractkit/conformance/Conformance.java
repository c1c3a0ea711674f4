package dev.contractkit.conformance;

import dev.contractkit.conformance.report.Report;

/**
 * The conformance suite's entry point: calls every operation of the target's contracts (positive, negative,
 * unauthenticated and undeclared-method requests) and runs the {@code Check} catalogue on every exchange.
 * The same target and seed always send the same requests.
 *
 * <pre>{@code
 * @Test
 * void myImplementationConformsToTheFormsContract() {
 *     Report report = Conformance.run(ConformanceTarget.builder(Api.FORMS)
 *             .baseUrl("http://127.0.0.1:8081").credential("my-key").build());
 *     report.assertPassed();
 * }
 * }</pre>
 */
public final class Conformance {
    private Conformance() {
    }

    /**
     * Runs the suite. Violations are data in the report; nothing is thrown for them.
     *
     * @param target what to check
     * @return the report
     */
    public static Report run(ConformanceTarget target) {
        return Engine.run(target, Progress.NONE);
    }
}
