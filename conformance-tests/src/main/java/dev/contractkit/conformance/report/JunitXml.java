package dev.contractkit.conformance.report;

import dev.contractkit.conformance.checks.Check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a report as a JUnit XML file ({@code TEST-conformance.<target>.xml}, the name CI tools look for):
 * one test case per operation and check (a stable identity across runs), failing with its violations;
 * requests that got no response are errors.
 */
public final class JunitXml {
    private JunitXml() {
    }

    public static Path write(Report report, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("TEST-conformance." + report.target() + ".xml");
        Files.writeString(file, render(report), StandardCharsets.UTF_8);
        return file;
    }

    /** One test case: an operation and a check. */
    private record Key(String operation, String operationId, Check check) {
        String classname(String target) {
            return "conformance." + target + "." + (operationId.isEmpty() ? "undeclared" : operationId);
        }

        String name() {
            return check.key() + (operationId.isEmpty() ? " " + operation : "");
        }
    }

    public static String render(Report report) {
        Map<Key, Duration> cases = new LinkedHashMap<>();
        for (Execution e : report.executions()) {
            cases.merge(new Key(e.operation(), e.operationId(), e.check()), e.took(), Duration::plus);
        }
        Map<Key, List<Violation>> failures = new LinkedHashMap<>();
        for (Violation v : report.violations()) {
            failures.computeIfAbsent(new Key(v.operation(), v.operationId(), v.check()), k -> new ArrayList<>()).add(v);
        }
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuite name=\"conformance.").append(Xml.escape(report.target()))
                .append("\" tests=\"").append(cases.size() + report.errors().size() + report.notChecked().size()
                        + report.documentProblems().size())
                .append("\" failures=\"").append(failures.size())
                .append("\" errors=\"").append(report.errors().size())
                .append("\" skipped=\"").append(report.notChecked().size() + report.documentProblems().size()).append("\" time=\"").append(seconds(report.duration()))
                .append("\" timestamp=\"").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append("\">\n");
        x.append("  <properties>\n");
        property(x, "base-url", report.baseUrl());
        property(x, "seed", Long.toString(report.seed()));
        property(x, "requests", Integer.toString(report.requests()));
        x.append("  </properties>\n");
        cases.forEach((key, took) -> {
            x.append("  <testcase classname=\"").append(Xml.escape(key.classname(report.target())))
                    .append("\" name=\"").append(Xml.escape(key.name()))
                    .append("\" time=\"").append(seconds(took)).append('"');
            List<Violation> vs = failures.get(key);
            if (vs == null) {
                x.append("/>\n");
                return;
            }
            x.append(">\n    <failure type=\"").append(key.check().key()).append("\" message=\"")
                    .append(Xml.escape(vs.size() + (vs.size() == 1 ? " violation: " : " violations, first: ")
                            + vs.get(0).pointer() + ": " + vs.get(0).message()))
                    .append("\">");
            vs.forEach(v -> x.append(Xml.escape(v.toString())).append('\n'));
            x.append("</failure>\n  </testcase>\n");
        });
        for (String error : report.errors()) {
            x.append("  <testcase classname=\"conformance.").append(Xml.escape(report.target()))
                    .append("\" name=\"transport\" time=\"0\">\n    <error type=\"transport\" message=\"")
                    .append(Xml.escape(error)).append("\"/>\n  </testcase>\n");
        }
        report.notChecked().forEach((check, reason) -> x.append("  <testcase classname=\"conformance.")
                .append(Xml.escape(report.target())).append("\" name=\"").append(check.key())
                .append("\" time=\"0\">\n    <skipped message=\"").append(Xml.escape("not checked: " + reason))
                .append("\"/>\n  </testcase>\n"));
        // the document's own faults: skipped (the implementation was not judged there), never failures
        report.documentProblems().forEach(p -> x.append("  <testcase classname=\"conformance.")
                .append(Xml.escape(report.target())).append(".document\" name=\"")
                .append(Xml.escape("document_problem " + p.pointer())).append("\" time=\"0\">\n    <skipped type=\"document_problem\" message=\"")
                .append(Xml.escape("document problem: " + p.message() + (p.seen().isEmpty() ? "" : " (explains " + p.seen() + ")")))
                .append("\">").append(Xml.escape(p.toString())).append("</skipped>\n  </testcase>\n"));
        if (!report.notes().isEmpty()) {
            x.append("  <system-out>").append(Xml.escape(String.join("\n", report.notes()))).append("</system-out>\n");
        }
        return x.append("</testsuite>\n").toString();
    }

    private static void property(StringBuilder x, String name, String value) {
        x.append("    <property name=\"").append(name).append("\" value=\"").append(Xml.escape(value)).append("\"/>\n");
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e9);
    }
}
