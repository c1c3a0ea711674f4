package dev.contractkit.conformance;

import java.util.List;

/** What one check says about one exchange: it passed, it failed (with problems), or it does not apply. */
sealed interface Verdict {
    Verdict PASS = new Pass();
    Verdict SKIP = new Skip();

    static Verdict fail(String pointer, String value, String message) {
        return new Fail(List.of(new Problem(pointer, value, message)));
    }

    static Verdict of(List<Problem> problems) {
        return problems.isEmpty() ? PASS : new Fail(List.copyOf(problems));
    }

    /** The check held. */
    record Pass() implements Verdict {
    }

    /**
     * The check does not apply to this exchange (not counted); a non-empty reason is a note of the run ("not
     * checked" and why, where the document does not say enough to decide).
     */
    record Skip(String reason) implements Verdict {
        Skip() {
            this("");
        }
    }

    static Verdict notChecked(String reason) {
        return new Skip(reason);
    }

    /** The check failed; at least one problem. */
    record Fail(List<Problem> problems) implements Verdict {
    }

    /**
     * One problem.
     *
     * @param pointer JSON pointer into the exchange ({@code /request/query/count}, {@code /response/body/form/id})
     * @param value   the offending value as JSON text, empty when absent
     * @param message what is wrong
     */
    record Problem(String pointer, String value, String message) {
    }
}
