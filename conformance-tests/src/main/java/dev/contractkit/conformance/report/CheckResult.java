package dev.contractkit.conformance.report;

import dev.contractkit.conformance.checks.Check;

/**
 * How one check fared over a run: each exchange it applied to either passed or failed.
 *
 * <pre>{@code
 * CheckResult r = report.result(Check.IGNORED_AUTH);
 * System.out.println(r.check().key() + ": " + r.passed() + " passed, " + r.failed() + " failed");
 * }</pre>
 *
 * @param check  the check
 * @param passed exchanges it passed
 * @param failed exchanges it failed
 */
public record CheckResult(Check check, int passed, int failed) {
    /** @return the exchanges the check applied to */
    public int total() {
        return passed + failed;
    }
}
