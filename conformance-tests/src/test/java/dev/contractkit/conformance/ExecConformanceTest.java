package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite against the control plane and the runtime service: the reference server and the mock server must
 * both pass it, the kit token (contract scheme {@code KitToken}) enforced on every operation but the probes
 * ({@code ignored_auth}); the reference server also runs the cancel state machine ({@code state_transitions}).
 */
class ExecConformanceTest {
    /** The kit token the reference server is started with, and the only credential the mock accepts. */
    static final String TOKEN = "test-kit-token";
    /** Nothing to look at in these contracts: no roles, pages, rate limits or channels. */
    static final Set<Check> NOT_FOR_EXEC = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS,
            Check.RATE_LIMIT_HEADERS, Check.WEBSOCKET_MESSAGE_SCHEMA, Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER,
            Check.MISSING_REQUIRED_HEADER, Check.RESPONSE_HEADERS_CONFORMANCE, Check.VERSION_REMOVALS);

    @TempDir
    static Path data;
    static BothImplementations both;
    static Report referenceExec;
    static Report referenceRuntime;
    static Report mockExec;
    static Report mockRuntime;

    @BeforeAll
    static void runTheSuiteAgainstBoth() {
        // runtime command tasks are off by default; enabled here so the suite's commands get the success answers too;
        // a mock has no state: the cancel state machine is the reference server's to pass
        both = BothImplementations.run(List.of(Api.EXEC, Api.RUNTIME), TOKEN,
                Map.of("exec.poll-ms", "20", "token", TOKEN, "runtime.allow-commands", "true"), data,
                Map.of(Api.EXEC, Set.of(Check.STATE_TRANSITIONS, Check.USE_AFTER_FREE)));
        referenceExec = both.reference(Api.EXEC);
        referenceRuntime = both.reference(Api.RUNTIME);
        mockExec = both.mock(Api.EXEC);
        mockRuntime = both.mock(Api.RUNTIME);
    }

    @AfterAll
    static void stop() {
        if (both != null) {
            both.close();
        }
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfBothServersValid() {
        both.assertEveryReferenceResponseValid();
        both.assertEveryMockResponseValid();
    }

    @Test
    void referenceControlPlanePassesEveryApplicableCheckIncludingTheCancelStateMachine() {
        ReportAssertions.passesEveryApplicableCheck(referenceExec, NOT_FOR_EXEC);
        assertThat(referenceExec.results()).filteredOn(r -> r.check() == Check.STATE_TRANSITIONS)
                .allSatisfy(r -> assertThat(r.passed()).as("cancel state machine steps").isGreaterThanOrEqualTo(6));
    }

    @Test
    void aControlPlaneThatStillAnswersForADeletedTaskFailsUseAfterFree() {
        // the mock without --stateful forgets nothing: a real defect for use_after_free to find
        Report report = Conformance.run(ConformanceTarget.builder(Api.EXEC).baseUrl(both.mockUrl(Api.EXEC)).credential(TOKEN)
                .checks(Set.of(Check.USE_AFTER_FREE)).build());

        assertThat(report.violations(Check.USE_AFTER_FREE)).singleElement().satisfies(v -> {
            assertThat(v.operationId()).isEqualTo("getTask");
            assertThat(v.status()).isEqualTo(200);
            assertThat(v.message()).contains("after deleteTask");
        });
        assertThat(referenceExec.result(Check.USE_AFTER_FREE).passed()).as("the reference server forgets it").isEqualTo(1);
    }

    @Test
    void referenceRuntimePassesEveryApplicableCheck() {
        Set<Check> na = EnumSet.copyOf(NOT_FOR_EXEC);
        na.addAll(Set.of(Check.STATE_TRANSITIONS, Check.ENSURE_RESOURCE_AVAILABILITY, Check.USE_AFTER_FREE));
        ReportAssertions.passesEveryApplicableCheck(referenceRuntime, na);
    }

    @Test
    void mockControlPlanePassesEveryApplicableCheck() {
        Set<Check> na = EnumSet.copyOf(NOT_FOR_EXEC);
        na.addAll(Set.of(Check.STATE_TRANSITIONS, Check.USE_AFTER_FREE));
        ReportAssertions.passesEveryApplicableCheck(mockExec, na);
    }

    @Test
    void mockRuntimePassesEveryApplicableCheck() {
        Set<Check> na = EnumSet.copyOf(NOT_FOR_EXEC);
        na.addAll(Set.of(Check.STATE_TRANSITIONS, Check.ENSURE_RESOURCE_AVAILABILITY, Check.USE_AFTER_FREE));
        ReportAssertions.passesEveryApplicableCheck(mockRuntime, na);
    }

    @Test
    void everySecuredOperationOfBothReferenceServicesWasCalledWithoutTheTokenAndAnswered401() {
        assertThat(referenceExec.result(Check.IGNORED_AUTH).passed()).isEqualTo(2 * secured("openapi/exec.yaml").size());
        assertThat(referenceRuntime.result(Check.IGNORED_AUTH).passed()).isEqualTo(2 * secured("openapi/runtime.yaml").size());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"exec", "runtime"})
    void aServiceThatIgnoresTheKitTokenFailsIgnoredAuthOnEverySecuredOperation(String id) throws IOException {
        Api api = Api.byId(id).orElseThrow();
        try (RewritingProxy proxy = RewritingProxy.ignoringTheCredential(both.referenceUrl(api), TOKEN)) {
            Report report = Conformance.run(ConformanceTarget.builder(api).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(Set.of(Check.IGNORED_AUTH)).build());

            assertThat(report.passed()).isFalse();
            assertThat(report.violations(Check.IGNORED_AUTH)).extracting(Violation::operationId)
                    .containsOnlyElementsOf(secured(api.openapi().get(0)))
                    .containsAll(secured(api.openapi().get(0)));
            assertThat(report.violations(Check.IGNORED_AUTH)).allSatisfy(v -> assertThat(v.pointer()).isEqualTo("/response/status"))
                    .anySatisfy(v -> assertThat(v.status()).as("answered with success").isBetween(200, 299));
        }
    }

    /** @return the operation ids of a contract that declare security (all but the probes) */
    static List<String> secured(String contract) {
        return ContractDocument.load(contract).operations().stream().filter(o -> !o.isPublic())
                .map(ContractDocument.Operation::operationId).toList();
    }
}
