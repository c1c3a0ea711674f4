package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.HtmlReport;
import dev.contractkit.conformance.report.JunitXml;
import dev.contractkit.conformance.report.Report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line: runs the suite against one API or all of them, prints progress, a per-check table and
 * every violation, writes JUnit XML and HTML reports, and exits 0 (passed), 1 (violations) or 2 (usage).
 *
 * <pre>
 * ./kit conform --api forms --base-url http://127.0.0.1:8081 --credential kit-demo-forms-key
 * java -jar conformance-tests/target/conformance-tests-0.1.0-SNAPSHOT.jar --api all
 * </pre>
 */
public final class Main {
    private Main() {
    }

    /**
     * @param args the command line; {@code --help} lists the options
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * The command line in the caller's JVM ({@code ./kit demo} runs the suite so): what {@link #main} prints, on the
     * streams given, and its exit status returned.
     *
     * @param args the command line
     * @param out  where the progress, the tables and the verdict go
     * @param err  where a usage error goes
     * @return 0 passed, 1 violations, 2 usage
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (Options.UsageException e) {
            err.println("conform: " + e.getMessage());
            err.println("Run 'conform --help' for the options.");
            return 2;
        }
        if (options.help()) {
            out.print(Options.usage());
            return 0;
        }
        if (options.listChecks()) {
            for (Check c : Check.values()) {
                out.printf("%-28s %-8s %s%n", c.key(), c.defaultSeverity(), c.description());
            }
            return 0;
        }
        Console console = new Console(out);
        List<Report> reports = new ArrayList<>();
        for (ConformanceTarget target : options.targets()) {
            console.started(target);
            Report report = Engine.run(target, console);
            console.summary(report);
            reports.add(report);
        }
        try {
            List<Path> files = new ArrayList<>();
            for (Report r : reports) {
                files.add(JunitXml.write(r, options.reportDir()));
            }
            files.add(HtmlReport.write(reports, options.reportDir()));
            out.println("reports: " + String.join(", ", files.stream().map(Path::toString).toList()));
        } catch (IOException e) {
            err.println("conform: cannot write the reports to " + options.reportDir() + ": " + e.getMessage());
            return 2;
        }
        boolean passed = reports.stream().allMatch(Report::passed);
        out.println(passed ? "conformance: every check passed"
                : "conformance: FAILED (" + String.join(", ", reports.stream().filter(r -> !r.passed())
                .map(Report::target).toList()) + ")");
        return passed ? 0 : 1;
    }
}
