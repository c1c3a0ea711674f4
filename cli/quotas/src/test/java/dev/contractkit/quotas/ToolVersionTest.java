package dev.contractkit.quotas;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** ToolVersion comparison and reading Maven metadata for the update check. */
class ToolVersionTest {
    @Test
    void aSnapshotIsOlderThanItsReleaseAndNumbersCompareNumerically() {
        assertThat(ToolVersion.compare("0.1.0-SNAPSHOT", "0.1.0")).isNegative();
        assertThat(ToolVersion.compare("0.10.0", "0.9.9")).isPositive();
        assertThat(ToolVersion.compare("1.0", "1.0.0")).isZero();
        assertThat(ToolVersion.compare("2.0.0", "10.0.0")).isNegative();
    }

    @Test
    void theReleaseElementWinsElseTheHighestNonSnapshotVersion() {
        assertThat(UpdateCheck.latest("<metadata><versioning><release>1.2.0</release>"
                + "<versions><version>1.3.0-SNAPSHOT</version></versions></versioning></metadata>")).contains("1.2.0");
        assertThat(UpdateCheck.latest("<versions><version>0.9.0</version><version>0.10.0</version>"
                + "<version>0.11.0-SNAPSHOT</version></versions>")).contains("0.10.0");
        assertThat(UpdateCheck.latest("<metadata/>")).isEmpty();
    }
}
