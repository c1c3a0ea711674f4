package dev.contractkit.conformance.report;

import dev.contractkit.conformance.cases.DocumentProblem;
import dev.contractkit.conformance.cases.Excerpts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Writes one self-contained HTML page for a run: per target the check table and every violation. */
public final class HtmlReport {
    static final String FILE = "conformance.html";

    private HtmlReport() {
    }

    public static Path write(List<Report> reports, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        Files.writeString(file, render(reports), StandardCharsets.UTF_8);
        return file;
    }

    static String render(List<Report> reports) {
        StringBuilder h = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>Contract Kit conformance</title>
                <style>
                body{font-family:system-ui,sans-serif;margin:2em;color:#222}
                table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}
                .ok{color:#1a7f37}.bad{color:#c62828;font-weight:bold}code{font-size:.95em}
                </style></head><body>
                <h1>Contract Kit conformance</h1>
                """);
        for (Report r : reports) {
            h.append("<h2>").append(Xml.escape(r.target())).append(" — <span class=\"")
                    .append(r.passed() ? "ok\">passed" : "bad\">FAILED").append("</span></h2>\n<p>")
                    .append(Xml.escape(r.baseUrl())).append(" · seed ").append(r.seed()).append(" · ")
                    .append(r.requests()).append(" requests · ")
                    .append(String.format(Locale.ROOT, "%.1f s", r.duration().toMillis() / 1000.0)).append("</p>\n");
            h.append("<table><tr><th>check</th><th>description</th><th>passed</th><th>failed</th></tr>\n");
            for (CheckResult c : r.results()) {
                if (r.notChecked().containsKey(c.check())) {
                    h.append("<tr><td><code>").append(c.check().key()).append("</code></td><td>")
                            .append(Xml.escape(c.check().description())).append("</td><td colspan=\"2\">not checked: ")
                            .append(Xml.escape(r.notChecked().get(c.check()))).append("</td></tr>\n");
                    continue;
                }
                h.append("<tr><td><code>").append(c.check().key()).append("</code></td><td>")
                        .append(Xml.escape(c.check().description())).append("</td><td>").append(c.passed())
                        .append("</td><td class=\"").append(c.failed() > 0 ? "bad" : "ok").append("\">")
                        .append(c.failed()).append("</td></tr>\n");
            }
            h.append("</table>\n");
            if (!r.violations().isEmpty()) {
                h.append("<table><tr><th>check</th><th>operation</th><th>request</th><th>pointer</th>")
                        .append("<th>value</th><th>problem</th></tr>\n");
                for (Violation v : r.violations()) {
                    h.append("<tr><td><code>").append(v.check().key()).append("</code></td><td>")
                            .append(Xml.escape(v.operation() + (v.operationId().isEmpty() ? "" : " (" + v.operationId() + ")")))
                            .append("</td><td><code>").append(Xml.escape(v.request() + " → " + v.status()))
                            .append("</code></td><td><code>").append(Xml.escape(v.pointer()))
                            .append("</code></td><td><code>").append(Xml.escape(Excerpts.abbreviate(v.value())))
                            .append("</code></td><td>").append(Xml.escape(v.message())).append("</td></tr>\n");
                }
                h.append("</table>\n");
            }
            documentProblems(h, r.documentProblems());
            list(h, "errors", r.errors());
            list(h, "notes", r.notes());
        }
        return h.append("</body></html>\n").toString();
    }

    private static void documentProblems(StringBuilder h, List<DocumentProblem> problems) {
        if (problems.isEmpty()) {
            return;
        }
        h.append("<h3>document problems (").append(problems.size()).append(")</h3>\n<p>The document's own faults,")
                .append(" not the implementation's: they do not fail the run.</p>\n")
                .append("<table><tr><th>pointer</th><th>value</th><th>problem</th><th>explains</th></tr>\n");
        for (DocumentProblem p : problems) {
            h.append("<tr><td><code>").append(Xml.escape(p.pointer())).append("</code></td><td><code>")
                    .append(Xml.escape(Excerpts.abbreviate(p.value()))).append("</code></td><td>")
                    .append(Xml.escape(p.message())).append("</td><td>").append(Xml.escape(p.seen()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static void list(StringBuilder h, String title, List<String> items) {
        if (!items.isEmpty()) {
            h.append("<h3>").append(title).append("</h3><ul>");
            items.forEach(i -> h.append("<li>").append(Xml.escape(i)).append("</li>"));
            h.append("</ul>\n");
        }
    }
}
