package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class TimeOrderedIdsTest {
    @Test
    void anIdIsAVersion7UuidThatStartsWithItsMilliseconds() {
        long millis = 1_795_913_919_123L;
        UUID id = TimeOrderedIds.of(millis, new SecureRandom());
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(id.getMostSignificantBits() >>> 16).isEqualTo(millis);
        assertThat(UUID.fromString(id.toString())).isEqualTo(id);
    }

    @Test
    void idsOfLaterMillisecondsSortAfterEarlierOnesAsText() {
        SecureRandom random = new SecureRandom();
        List<String> made = new ArrayList<>();
        for (long ms = 1_795_913_919_000L; ms < 1_795_913_919_000L + 500; ms++) {
            made.add(TimeOrderedIds.of(ms, random).toString());
        }
        assertThat(made).isSorted();
        assertThat(TimeOrderedIds.next()).isNotEqualTo(TimeOrderedIds.next());
    }
}
