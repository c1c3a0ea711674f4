package dev.contractkit.examples.demo;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DemoExampleTest {
    private static final Secrets SECRETS = new Secrets("kit-demo-answers", "the-kit-token");

    @Test
    void everyRowRunsAgainstOneOfTheKitsOwnApisOnce() {
        List<String> apis = DemoExample.ALL.stream().map(DemoExample::api).toList();

        assertThat(apis).doesNotHaveDuplicates()
                .containsExactly("forms", "coupons", "exec", "codehost", "answers", "agent");
        assertThat(apis).allSatisfy(api -> assertThat(Api.byId(api)).get().matches(a -> !a.mockOnly(), "own API"));
        assertThat(Catalogue.ownApis()).containsAll(apis).doesNotContain("claude");
    }

    @Test
    void theArgumentsAreTheBaseUrlThenTheRowsArgumentWithThisRunsSecretsFilledIn() {
        DemoExample answers = row("answers");
        DemoExample coupons = row("coupons");

        assertThat(answers.args("http://127.0.0.1:4711", SECRETS)).containsExactly("http://127.0.0.1:4711", "kit-demo-answers");
        assertThat(coupons.args("http://127.0.0.1:4712", SECRETS)).containsExactly("http://127.0.0.1:4712");
    }

    @Test
    void theSummaryIsTheLastLineThePatternFindsSomethingIn() {
        List<String> output = List.of("> a question", "quota: 2 of 600 used", "(2 reference(s))", "");

        assertThat(row("answers").summary(output)).isEqualTo("quota: 2 of 600 used");
        assertThat(row("forms").summary(output)).as("default: the last line that is not empty")
                .isEqualTo("(2 reference(s))");
        assertThat(row("answers").summary(List.of("no quota line"))).isEmpty();
    }

    @Test
    void theClientRunAfterTheExecExampleIsExeccliHealthWithTheKitToken() {
        DemoExample exec = row("exec");

        assertThat(exec.cliModule()).isEqualTo("cli/execcli");
        assertThat(exec.cliArgs()).containsExactly("health");
        assertThat(DemoExample.credential("exec", SECRETS)).isEqualTo("the-kit-token");
        assertThat(DemoExample.credential("coupons", SECRETS)).as("coupons logs users in instead").isEmpty();
        assertThat(DemoExample.ALL).filteredOn(e -> !e.api().equals("exec")).allMatch(e -> e.cli().isEmpty());
    }

    @Test
    void anExampleRunAsAFunctionReportsAMissingCredentialAsItsCommandLineDoes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        int status = row("exec").program().run(new String[]{"http://127.0.0.1:9"},
                Map.of("KIT_DATA_DIR", "/nonexistent-kit-demo-dir"), stream, stream);

        assertThat(status).isEqualTo(2);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("exec example: No kit token");
    }

    private static DemoExample row(String api) {
        return DemoExample.ALL.stream().filter(e -> e.api().equals(api)).findFirst().orElseThrow();
    }
}
