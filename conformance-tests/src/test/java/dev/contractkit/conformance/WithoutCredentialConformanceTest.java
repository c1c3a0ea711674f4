package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.forms.FormsModule;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite against the reference server with its default settings (the documented rate limits included), as an
 * integrator runs it: without a credential a correct server gets no violation, and what needs a credential is
 * reported as "not checked (needs --credential ...)"; with the credential, no violation either.
 */
class WithoutCredentialConformanceTest {
    static final String TOKEN = "test-kit-token";
    static final String ANSWERS_KEY = "conformance-key-1";
    static final String CODEHOST_TOKEN = "conformance-token-1";

    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestSettings.of(Map.of("data-dir", data.toString(), "token", TOKEN,
                        "answers.api-keys", ANSWERS_KEY, "codehost.tokens", CODEHOST_TOKEN))
                .with("forms.port", "0").with("coupons.port", "0").with("answers.port", "0").with("codehost.port", "0")
                .with("exec.port", "0").with("runtime.port", "0").with("agent.port", "0"),
                List.of(Api.FORMS, Api.COUPONS, Api.ANSWERS, Api.CODEHOST, Api.EXEC, Api.RUNTIME, Api.AGENT));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @MethodSource("kitApis")
    void withoutACredentialACorrectServerHasNoViolationAndWhatNeedsOneIsNotChecked(Api api) {
        Report report = Conformance.run(ConformanceTarget.builder(api).baseUrl(server.url(api)).build());

        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).as(report.toString()).isEmpty();
        assertThat(report.notes()).as(report.toString())
                .anySatisfy(n -> assertThat(n).contains("not checked (needs --credential"));
    }

    @ParameterizedTest
    @MethodSource("kitApis")
    void withTheCredentialACorrectServerHasNoViolation(Api api) {
        Report report = Conformance.run(withCredential(ConformanceTarget.builder(api).baseUrl(server.url(api)), api).build());

        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).as(report.toString()).isEmpty();
        assertThat(report.notes()).as(report.toString()).noneSatisfy(n -> assertThat(n).contains("needs --credential"));
    }

    @Test
    void withoutACredentialTheRemovedCodehostEndpointsAreCheckedAndTheRemovedValuesAreNotCheckedRatherThanFailed() {
        Report report = Conformance.run(ConformanceTarget.builder(Api.CODEHOST).baseUrl(server.url(Api.CODEHOST))
                .checks(List.of(Check.VERSION_REMOVALS)).build());

        assertThat(report.violations(Check.VERSION_REMOVALS)).isEmpty();
        // an endpoint gone in v5 answers 404 with or without a token, as GitLab's unknown routes do (the admission
        // of issue 38.2 admits only the contract's operations), so it is judged without one
        assertThat(report.result(Check.VERSION_REMOVALS).passed()).isPositive();
        // a value or a body property v4 took is refused only after the token is checked: that needs a credential
        assertThat(report.notes()).anySatisfy(n -> assertThat(n).startsWith("version_removals of ")
                .contains("a value openapi/codehost-v4.yaml took").contains("not checked (needs --credential"));
    }

    /** @return the kit's own APIs, the ones the reference server serves */
    static List<Api> kitApis() {
        return Api.values().stream().filter(a -> !a.mockOnly()).toList();
    }

    static ConformanceTarget.Builder withCredential(ConformanceTarget.Builder b, Api api) {
        return switch (api.id()) {
            case "forms" -> b.credential(FormsModule.DEMO_KEY);
            case "coupons" -> b.user("admin", "admin-password").user("alice", "alice-password");
            case "answers" -> b.credential(ANSWERS_KEY);
            case "codehost" -> b.credential(CODEHOST_TOKEN);
            default -> b.credential(TOKEN);
        };
    }
}
