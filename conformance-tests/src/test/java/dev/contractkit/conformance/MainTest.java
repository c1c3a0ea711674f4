package dev.contractkit.conformance;

import dev.contractkit.conformance.FakeFormsServer.Defect;
import dev.contractkit.conformance.checks.Check;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line: exit codes 0, 1 and 2, what it prints, the reports it writes. */
class MainTest {
    @TempDir
    Path reports;

    record Result(int exit, String out, String err) {
    }

    static Result conform(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    Result conformAgainst(FakeFormsServer server, String... more) {
        List<String> args = new ArrayList<>(List.of("--api", "forms", "--base-url", server.url(),
                "--credential", FakeFormsServer.KEY, "--report-dir", reports.toString()));
        args.addAll(List.of(more));
        return conform(args.toArray(String[]::new));
    }

    static Element suite(Path file) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        return doc.getDocumentElement();
    }

    @Test
    void conformingServerExitsZeroPrintsTheTableAndWritesBothReports() throws Exception {
        Result r;
        try (FakeFormsServer server = FakeFormsServer.start()) {
            r = conformAgainst(server);
        }

        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("GET /forms/{id} (getForm)", "status_code_conformance", "forms: passed",
                "conformance: every check passed");
        assertThat(r.err()).isEmpty();
        Element suite = suite(reports.resolve("TEST-conformance.forms.xml"));
        assertThat(suite.getAttribute("name")).isEqualTo("conformance.forms");
        assertThat(Integer.parseInt(suite.getAttribute("tests"))).isGreaterThan(Check.values().length);
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(suite.getElementsByTagName("failure").getLength()).isZero();
        assertThat(Files.readString(reports.resolve("conformance.html"))).contains("forms", "passed", "ignored_auth");
    }

    @Test
    void violationExitsOneAndIsPrintedAndReportedWithPointerAndValue() throws Exception {
        Result r;
        try (FakeFormsServer server = FakeFormsServer.start(Defect.ID_AS_STRING)) {
            r = conformAgainst(server);
        }

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("response_schema_conformance  GET /forms/{id} (getForm)",
                "request  GET /forms/1 -> 200", "at       /response/body/form/id", "value    \"1\"",
                "forms: FAILED", "conformance: FAILED (forms)");
        Element suite = suite(reports.resolve("TEST-conformance.forms.xml"));
        assertThat(suite.getAttribute("failures")).isEqualTo("2");
        Element failure = (Element) suite.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("type")).isEqualTo("response_schema_conformance");
        assertThat(failure.getTextContent()).contains("/response/body/");
        assertThat(Files.readString(reports.resolve("conformance.html"))).contains("FAILED", "/response/body/form/id");
    }

    @Test
    void baseUrlAndCredentialCanBeGivenPerApiWithTheChosenChecksOnly() throws Exception {
        Result r;
        try (FakeFormsServer server = FakeFormsServer.start(Defect.ID_AS_STRING)) {
            r = conform("--api", "forms", "--base-url", "forms=" + server.url(), "--credential=forms=" + FakeFormsServer.KEY,
                    "--exclude-checks", "response_schema_conformance", "--seed", "42", "--report-dir", reports.toString());
        }

        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("seed 42; " + (Check.values().length - 1) + " checks").doesNotContain("response_schema_conformance");
    }

    @Test
    void unreachableServerExitsOneNamingTheUrl() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }

        Result r = conform("--api", "forms", "--base-url", "http://127.0.0.1:" + port, "--report-dir", reports.toString());

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("cannot reach http://127.0.0.1:" + port, "is the server running?");
        assertThat(reports.resolve("TEST-conformance.forms.xml")).content().contains("<error type=\"transport\"");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--api nope --base-url http://127.0.0.1:1           | unknown API 'nope'; known: forms",
            "--base-url http://127.0.0.1:1                      | --spec FILE or --api is required",
            "--api forms                                        | --base-url is required for forms",
            "--api forms --base-url not-a-url                   | --base-url: not an http(s) URL: 'not-a-url'",
            "--api forms --base-url http://127.0.0.1:1 --checks x | unknown check 'x'",
            "--api forms --base-url http://127.0.0.1:1 --seed abc | --seed wants a whole number, got 'abc'",
            "--api forms --base-url http://127.0.0.1:1 --header nocolon | --header wants 'Name: value'",
            "--api forms --base-url http://127.0.0.1:1 --timeout 0 | --timeout must be positive",
            "--api forms --base-url http://127.0.0.1:1 --header X-Name:é | --header: not a valid HTTP header",
            "--api forms --base-url http://127.0.0.1:1 --checks ignored_auth --exclude-checks ignored_auth | no checks left",
            "--api forms --base-url http://127.0.0.1:1 --verbose | unknown option --verbose",
            "--api forms --base-url                             | --base-url needs a value",
            "--api forms --base-url --credential k              | --base-url needs a value",
            "forms                                              | unexpected argument 'forms'",
    })
    void usageErrorsExitTwoWithAMessageAndSendNothing(String args, String message) {
        Result r = conform(args.trim().split("\\s+"));

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("conform: " + message.trim()).contains("--help");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void helpAndCheckListExitZero() {
        Result help = conform("--help");
        Result list = conform("--list-checks");

        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("--api <id>|all", "--base-url", "--credential", "--exclude-checks", "Exit status");
        assertThat(list.exit()).isZero();
        assertThat(list.out().lines()).hasSize(Check.values().length).anyMatch(l -> l.startsWith("ignored_auth"));
    }
}
