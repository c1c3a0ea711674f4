package dev.contractkit.conformance;

import dev.contractkit.conformance.cases.DocumentProblem;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.report.CheckResult;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What the CLI prints: progress per operation, then the per-check table and each violation. */
final class Console implements Progress {
    private static final int SHOWN = 25;
    private final PrintStream out;

    Console(PrintStream out) {
        this.out = out;
    }

    void started(ConformanceTarget target) {
        out.printf("conformance: %s against %s (contracts %s; seed %d; %d checks)%n", target.name(),
                target.baseUrl(), String.join(", ", target.contracts().stream().map(c -> c.file()).toList()),
                target.seed(), target.checks().size());
    }

    @Override
    public void operationDone(String label, int requests, int violations) {
        out.printf("  %-44s %4d requests  %s%n", label, requests,
                violations == 0 ? "ok" : violations + (violations == 1 ? " violation" : " violations"));
    }

    /** Identical findings from several requests print once, with the count; at most {@value #SHOWN} entries. */
    private void printViolations(List<Violation> violations) {
        Map<List<Object>, List<Violation>> groups = new LinkedHashMap<>();
        for (Violation v : violations) {
            groups.computeIfAbsent(List.of(v.check(), v.operation(), v.pointer(), v.value(), v.message()),
                    k -> new ArrayList<>()).add(v);
        }
        out.println();
        out.println("  violations (" + violations.size() + ")");
        int n = 0;
        for (List<Violation> group : groups.values()) {
            if (++n > SHOWN) {
                out.printf("  ... %d more kinds of violation: see the reports%n", groups.size() - SHOWN);
                break;
            }
            Violation v = group.get(0);
            out.printf("  %d. %s  %s%s%n", n, v.check().key(), v.operation(),
                    v.operationId().isEmpty() ? "" : " (" + v.operationId() + ")");
            out.printf("     request  %s -> %d%s%n", v.request(), v.status(),
                    group.size() == 1 ? "" : " (and " + (group.size() - 1) + " more requests)");
            out.printf("     at       %s%n", v.pointer());
            out.printf("     value    %s%n", v.value().isEmpty() ? "(absent)" : Excerpts.abbreviate(v.value()));
            out.printf("     problem  %s%n", v.message());
        }
    }

    /** The document's own faults, apart from the violations: at most {@value #SHOWN}, the rest in the reports. */
    private void printDocumentProblems(List<DocumentProblem> problems) {
        if (problems.isEmpty()) {
            return;
        }
        out.println();
        out.println("  document problems (" + problems.size() + "): the document's own faults, not the"
                + " implementation's; they do not fail the run");
        int n = 0;
        for (DocumentProblem p : problems) {
            if (++n > SHOWN) {
                out.printf("  ... %d more: see the reports%n", problems.size() - SHOWN);
                break;
            }
            out.printf("  %d. %s%n", n, p.pointer().isEmpty() ? "(the document)" : p.pointer());
            if (!p.value().isEmpty()) {
                out.printf("     value    %s%n", Excerpts.abbreviate(p.value()));
            }
            out.printf("     problem  %s%n", p.message());
            if (!p.seen().isEmpty()) {
                out.printf("     explains %s%n", p.seen());
            }
        }
    }

    void summary(Report report) {
        out.println();
        out.printf("  %-30s %7s %7s%n", "check", "passed", "failed");
        for (CheckResult r : report.results()) {
            if (report.notChecked().containsKey(r.check())) {
                out.printf("  %-30s   not checked: %s%n", r.check().key(), report.notChecked().get(r.check()));
                continue;
            }
            out.printf("  %-30s %7d %7d%s%n", r.check().key(), r.passed(), r.failed(),
                    r.failed() > 0 ? "  <-- " + r.check().defaultSeverity().name().toLowerCase(Locale.ROOT) : "");
        }
        List<Violation> violations = report.violations();
        if (!violations.isEmpty()) {
            printViolations(violations);
        }
        printDocumentProblems(report.documentProblems());
        report.errors().forEach(e -> out.println("  error: " + e));
        report.notes().forEach(n -> out.println("  note: " + n));
        out.println();
        out.printf("  %s: %s, %d violations, %d errors in %d requests (%.1f s)%s%n", report.target(),
                report.passed() ? "passed" : "FAILED", violations.size(), report.errors().size(), report.requests(),
                report.duration().toMillis() / 1000.0, report.documentProblems().isEmpty() ? ""
                        : "; " + report.documentProblems().size() + " document problems (not the implementation's)");
    }
}
