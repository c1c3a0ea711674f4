package dev.contractkit.reference;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The AI providers are mock only: the reference server refuses them by name and "all" leaves them out. */
class MockOnlyApisTest {
    @TempDir
    Path data;

    @Test
    void aMockOnlyApiIsRefusedNamingTheMock() {
        assertThatThrownBy(() -> KitServer.start(Settings.of(Map.of("data-dir", data.toString(), "claude.port", "0")),
                List.of(Api.CLAUDE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("claude is served by the mock server only (./kit mock --api claude)");
    }

    @Test
    void theProvidersGroupHoldsTheElevenMockOnlyApis() {
        assertThat(Api.parseList("providers")).hasSize(11).allSatisfy(a -> assertThat(a.mockOnly()).isTrue());
        assertThat(Api.parseList("forms,claude")).containsExactly(Api.FORMS, Api.CLAUDE);
        assertThat(Api.FORMS.mockOnly()).isFalse();
    }
}
