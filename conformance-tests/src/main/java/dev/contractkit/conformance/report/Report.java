package dev.contractkit.conformance.report;

import dev.contractkit.conformance.cases.DocumentProblem;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Severity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The result of one run against one target: per check how many exchanges passed and failed, every
 * violation, transport errors, and notes on what could not be done as asked.
 *
 * <pre>{@code
 * Report report = Conformance.run(target);
 * report.results().forEach(r -> System.out.println(r.check().key() + " " + r.passed() + "/" + r.total()));
 * report.assertPassed();   // in a test: fails listing every violation
 * }</pre>
 */
public final class Report {
    private final String target;
    private final String baseUrl;
    private final long seed;
    private final Duration duration;
    private final int requests;
    private final Set<Check> checks;
    private final List<Execution> executions;
    private final List<Violation> violations;
    private final List<String> errors;
    private final List<String> notes;
    private final Map<Check, String> notChecked;
    private final List<DocumentProblem> documentProblems;

    /**
     * The engine makes one at the end of a run.
     *
     * @param target  the target's name, e.g. {@code forms}
     * @param baseUrl where it was checked
     * @param seed    the seed of the generated values
     * @param checks  the checks the run was asked for
     */
    public Report(String target, String baseUrl, long seed, Set<Check> checks, Duration duration, int requests,
                  List<Execution> executions, List<Violation> violations, List<String> errors, List<String> notes,
                  Map<Check, String> notChecked, List<DocumentProblem> documentProblems) {
        this.target = target;
        this.baseUrl = baseUrl;
        this.seed = seed;
        this.checks = checks;
        this.duration = duration;
        this.requests = requests;
        this.executions = List.copyOf(executions);
        this.violations = List.copyOf(violations);
        this.errors = List.copyOf(errors);
        this.notes = List.copyOf(notes);
        this.documentProblems = List.copyOf(documentProblems);
        this.notChecked = notChecked.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(notChecked));
    }

    /** @return the target's name, e.g. {@code forms} */
    public String target() {
        return target;
    }

    /** @return the base URL the requests went to */
    public String baseUrl() {
        return baseUrl;
    }

    /** @return the seed the requests were built with (the same seed sends the same requests) */
    public long seed() {
        return seed;
    }

    /** @return how long the run took */
    public Duration duration() {
        return duration;
    }

    /** @return how many requests were sent */
    public int requests() {
        return requests;
    }

    /** @return one result per check that ran, in catalogue order */
    public List<CheckResult> results() {
        return checks.stream().sorted().map(this::result).toList();
    }

    /**
     * @param check a check
     * @return how it fared (zero counts when it did not run)
     */
    public CheckResult result(Check check) {
        int passed = 0;
        int failed = 0;
        for (Execution e : executions) {
            if (e.check() == check) {
                passed += e.passed() ? 1 : 0;
                failed += e.passed() ? 0 : 1;
            }
        }
        return new CheckResult(check, passed, failed);
    }

    /** @return every violation, in the order found */
    public List<Violation> violations() {
        return violations;
    }

    /**
     * @param check a check
     * @return the violations of that check
     */
    public List<Violation> violations(Check check) {
        return violations.stream().filter(v -> v.check() == check).toList();
    }

    /**
     * @return what kept the suite from checking, as messages: no response (connection refused, time-out),
     *         a request that could not be sent, a credential the server refused on every request
     */
    public List<String> errors() {
        return errors;
    }

    /** @return what could not be done as asked (a value not buildable, no credential given ...) */
    public List<String> notes() {
        return notes;
    }

    /**
     * @return the checks that were asked for but judged nothing in this run, each with the reason (the documents
     * lack what it needs, e.g. the kit's {@code x-kit-*} dialect, or no exchange was of its kind): "not checked",
     * neither passed nor failed
     */
    public Map<Check, String> notChecked() {
        return notChecked;
    }

    /**
     * @return what is wrong with the documents themselves (an example that breaks its schema, a schema nothing
     *         satisfies, a {@code $ref} to nowhere ...), each once, with the request whose verdict it explains
     *         when a run met it: reported apart from the violations, and never a reason for the run to fail
     */
    public List<DocumentProblem> documentProblems() {
        return documentProblems;
    }

    /**
     * @return true when every request got a response and no check of severity ERROR failed; the documents' own
     *         problems ({@link #documentProblems()}) do not count
     */
    public boolean passed() {
        return errors.isEmpty() && violations.stream().noneMatch(v -> v.severity() == Severity.ERROR);
    }

    /**
     * For tests: fails unless {@link #passed()}.
     *
     * @throws AssertionError listing every error and violation
     */
    public void assertPassed() {
        if (!passed()) {
            List<String> lines = new ArrayList<>(errors);
            violations.forEach(v -> lines.add(v.toString()));
            throw new AssertionError(target + " at " + baseUrl + " breaks its contract (" + violations.size()
                    + " violations, " + errors.size() + " errors):\n  " + String.join("\n  ", lines));
        }
    }

    public List<Execution> executions() {
        return executions;
    }

    @Override
    public String toString() {
        return target + " at " + baseUrl + ": " + (passed() ? "passed" : "FAILED") + ", " + requests + " requests, "
                + violations.size() + " violations, " + errors.size() + " errors, " + documentProblems.size()
                + " document problems; "
                + results().stream().map(r -> r.check().key() + " " + r.passed() + "/" + r.total())
                .collect(Collectors.joining(", "));
    }
}
