package dev.contractkit.conformance.checks;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The registry: every check of the catalogue is one class of its own, found by the check's name. */
class ChecksTest {

    @Test
    void everyCheckHasAClassOfItsOwnNamedAfterItsKey() {
        assertThat(Check.values()).allSatisfy(c -> assertThat(Checks.of(c).getClass().getSimpleName())
                .isEqualToIgnoringCase(camelCase(c.key()) + "Check"));
        assertThat(Arrays.stream(Check.values()).map(c -> Checks.of(c).getClass()).distinct())
                .hasSize(Check.values().length);
    }

    @Test
    void onlyTheScenarioChecksLeaveSingleExchangesAlone() {
        assertThat(Arrays.stream(Check.values()).filter(c -> !Checks.of(c).judgesSingleExchanges()))
                .containsExactly(Check.AGUI_EVENT_ORDER, Check.ENSURE_RESOURCE_AVAILABILITY,
                        Check.HEAD_WITHOUT_CONTENT, Check.SSE_EVENT_SCHEMA, Check.STATE_TRANSITIONS,
                        Check.USE_AFTER_FREE, Check.WEBSOCKET_MESSAGE_SCHEMA)
                .allSatisfy(c -> assertThat(Checks.of(c)).isInstanceOf(ScenarioCheck.class));
    }

    private static String camelCase(String key) {
        return Arrays.stream(key.split("_"))
                .map(w -> w.substring(0, 1).toUpperCase(Locale.ROOT) + w.substring(1))
                .collect(Collectors.joining());
    }
}
