package dev.contractkit.conformance;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The suite against both code-hosting versions (one target, both contracts): reference server and mock server. */
class CodehostConformanceTest {
    /** Checks with nothing to look at in the code-hosting contracts (no roles, rate limits, state machine or channel). */
    static final Set<Check> NOT_FOR_CODEHOST = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS, Check.RATE_LIMIT_HEADERS,
            Check.WEBSOCKET_MESSAGE_SCHEMA, Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER, Check.MISSING_REQUIRED_HEADER);
    /** Without --stateful the mock keeps nothing: reads after an update or a delete show the examples. */
    static final Set<Check> NEED_STATE = EnumSet.of(Check.STATE_TRANSITIONS, Check.USE_AFTER_FREE);
    static final String TOKEN = "conformance-token-1";

    @TempDir
    static Path data;
    static KitServer server;
    static MockServers mock;
    static Report reference;
    static Report mocked;
    static final IndependentValidator REFERENCE_VALIDATOR = IndependentValidator.of(Api.CODEHOST, "reference");
    static final IndependentValidator MOCK_VALIDATOR = IndependentValidator.of(Api.CODEHOST, "mock");

    @BeforeAll
    static void runTheSuiteAgainstBoth() {
        server = KitServer.start(Settings.of(Map.of("codehost.port", "0", "data-dir", data.toString(),
                "codehost.tokens", TOKEN)), List.of(Api.CODEHOST));
        reference = Conformance.run(REFERENCE_VALIDATOR.watch(Target.builder(Api.CODEHOST)).baseUrl(server.url(Api.CODEHOST)).credential(TOKEN).build());
        mock = MockServers.start(MockOptions.builder().apis(Api.CODEHOST).port(Api.CODEHOST, 0)
                .credential(Api.CODEHOST, TOKEN).build());
        mocked = Conformance.run(MOCK_VALIDATOR.watch(Target.builder(Api.CODEHOST)).baseUrl(mock.url(Api.CODEHOST)).credential(TOKEN)
                .excludeChecks(NEED_STATE).build());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    void referenceServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(reference, NOT_FOR_CODEHOST);
    }

    @Test
    void mockServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(mocked, NOT_FOR_CODEHOST);
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheReferenceServerValid() {
        REFERENCE_VALIDATOR.assertEveryResponseValid(reference);
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheMockValid() {
        MOCK_VALIDATOR.assertEveryResponseValid(mocked);
    }
}
