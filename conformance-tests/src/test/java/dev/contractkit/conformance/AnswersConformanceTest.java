package dev.contractkit.conformance;

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

/** The suite against the answer service: the reference server and the mock server must both pass it. */
class AnswersConformanceTest {
    /** Checks with nothing to look at in the answers contract (no roles, pages, state or channel). */
    static final Set<Check> NOT_FOR_ANSWERS = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS,
            Check.STATE_TRANSITIONS, Check.WEBSOCKET_MESSAGE_SCHEMA, Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER,
            Check.ENSURE_RESOURCE_AVAILABILITY, Check.MISSING_REQUIRED_HEADER, Check.USE_AFTER_FREE, Check.VERSION_REMOVALS);
    static final String KEY = "conformance-key-1";

    @TempDir
    static Path data;
    static BothImplementations both;

    @BeforeAll
    static void runTheSuiteAgainstBoth() {
        // the documented 5 answer requests per minute would turn most cases into 429s: tests use a big limit
        both = BothImplementations.run(List.of(Api.ANSWERS), KEY,
                Map.of("answers.api-keys", KEY, "answers.rate-limit", "10000"), data, Map.of());
    }

    @AfterAll
    static void stop() {
        if (both != null) {
            both.close();
        }
    }

    @Test
    void referenceServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(both.reference(Api.ANSWERS), NOT_FOR_ANSWERS);
    }

    @Test
    void mockServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(both.mock(Api.ANSWERS), NOT_FOR_ANSWERS);
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheReferenceServerValid() {
        both.assertEveryReferenceResponseValid();
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheMockValid() {
        both.assertEveryMockResponseValid();
    }
}
