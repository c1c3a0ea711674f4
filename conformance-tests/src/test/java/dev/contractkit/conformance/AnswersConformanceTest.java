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

/** The suite against the answer service: the reference server and the mock server must both pass it. */
class AnswersConformanceTest {
    /** Checks with nothing to look at in the answers contract (no roles, pages, state or channel). */
    static final Set<Check> NOT_FOR_ANSWERS = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS,
            Check.STATE_TRANSITIONS, Check.WEBSOCKET_MESSAGE_SCHEMA, Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER,
            Check.ENSURE_RESOURCE_AVAILABILITY, Check.MISSING_REQUIRED_HEADER, Check.USE_AFTER_FREE, Check.VERSION_REMOVALS);
    static final String KEY = "conformance-key-1";

    @TempDir
    static Path data;
    static KitServer server;
    static MockServers mock;
    static Report reference;
    static Report mocked;
    static final IndependentValidator REFERENCE_VALIDATOR = IndependentValidator.of(Api.ANSWERS, "reference");
    static final IndependentValidator MOCK_VALIDATOR = IndependentValidator.of(Api.ANSWERS, "mock");

    @BeforeAll
    static void runTheSuiteAgainstBoth() {
        // the documented 5 answer requests per minute would turn most cases into 429s: tests use a big limit
        server = KitServer.start(Settings.of(Map.of("answers.port", "0", "data-dir", data.toString(),
                "answers.api-keys", KEY, "answers.rate-limit", "10000")), List.of(Api.ANSWERS));
        reference = Conformance.run(REFERENCE_VALIDATOR.watch(Target.builder(Api.ANSWERS)).baseUrl(server.url(Api.ANSWERS)).credential(KEY).build());
        mock = MockServers.start(MockOptions.builder().apis(Api.ANSWERS).port(Api.ANSWERS, 0)
                .credential(Api.ANSWERS, KEY).build());
        mocked = Conformance.run(MOCK_VALIDATOR.watch(Target.builder(Api.ANSWERS)).baseUrl(mock.url(Api.ANSWERS)).credential(KEY).build());
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
        ReportAssertions.passesEveryApplicableCheck(reference, NOT_FOR_ANSWERS);
    }

    @Test
    void mockServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(mocked, NOT_FOR_ANSWERS);
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
