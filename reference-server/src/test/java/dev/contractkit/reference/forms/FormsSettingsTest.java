package dev.contractkit.reference.forms;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FormsSettingsTest {
    @Test
    void unsetTheDemoKeyOfTheDemoAccountIsAcceptedAndReadsAreCachedForASecond() {
        FormsSettings s = FormsSettings.from(Settings.of(Map.of()));
        assertThat(s.apiKeys()).singleElement().satisfies(k -> {
            assertThat(k.text()).isEqualTo(FormsModule.DEMO_KEY);
            assertThat(k.account()).isEqualTo("demo");
        });
        assertThat(s.readCache()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void keysAreAccountKeyPairsAndTheCacheADuration() {
        FormsSettings s = FormsSettings.from(Settings.of(Map.of("forms.api-keys", "acme:k1, k2", "read-cache-ms", "0")));
        assertThat(s.apiKeys()).extracting(FormsEndpoint.ApiKey::account).containsExactly("acme", "default");
        assertThat(s.readCache()).isZero();
        assertThatThrownBy(() -> FormsSettings.from(Settings.of(Map.of("read-cache-ms", "1 second"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("setting KIT_READ_CACHE_MS must be");
    }
}
