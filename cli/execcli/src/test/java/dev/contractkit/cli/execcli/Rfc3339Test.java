package dev.contractkit.cli.execcli;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.OffsetDateTime;

import static org.assertj.core.api.Assertions.assertThat;

/** The wait result's {@code deadline_rfc3339}: RFC 3339 always carries the seconds. */
class Rfc3339Test {
    @Test
    void aDeadlineAtAWholeMinuteKeepsItsSeconds() {
        assertThat(ExecCli.rfc3339(Instant.parse("2026-01-01T10:00:00Z"))).isEqualTo("2026-01-01T10:00:00Z");
        assertThat(ExecCli.rfc3339(Instant.parse("2026-01-01T10:00:00.250Z"))).isEqualTo("2026-01-01T10:00:00.250Z");
    }

    @Test
    void everyFormattedDeadlineMatchesTheRfc3339Grammar() {
        for (Instant t = Instant.parse("2026-01-01T10:00:00Z"); t.isBefore(Instant.parse("2026-01-01T10:02:00Z")); t = t.plusMillis(7_500)) {
            String s = ExecCli.rfc3339(t);
            assertThat(s).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");
            assertThat(OffsetDateTime.parse(s).toInstant()).isEqualTo(t);
        }
    }
}
