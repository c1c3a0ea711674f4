package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReadCacheTest {
    private final AtomicInteger loads = new AtomicInteger();

    private String load() {
        return "answer " + loads.incrementAndGet();
    }

    @Test
    void aFreshAnswerIsServedWithoutLoadingAgain() {
        ReadCache<Long, String> cache = new ReadCache<>(3_600_000);
        assertThat(cache.get(1L, this::load)).isEqualTo("answer 1");
        assertThat(cache.get(1L, this::load)).isEqualTo("answer 1");
        assertThat(cache.get(2L, this::load)).isEqualTo("answer 2");
        assertThat(loads).hasValue(2);
    }

    @Test
    void aWriteDropsEveryCachedAnswer() {
        ReadCache<Long, String> cache = new ReadCache<>(3_600_000);
        cache.get(1L, this::load);
        cache.invalidate();
        assertThat(cache.get(1L, this::load)).isEqualTo("answer 2");
    }

    @Test
    void anAnswerLoadedWhileAWriteRanIsNotKept() {
        ReadCache<Long, String> cache = new ReadCache<>(3_600_000);
        assertThat(cache.get(1L, () -> {
            cache.invalidate(); // the write lands while the read is loading
            return load();
        })).isEqualTo("answer 1");
        assertThat(cache.get(1L, this::load)).isEqualTo("answer 2");
    }

    @Test
    void aFailedReadIsNotCached() {
        ReadCache<Long, String> cache = new ReadCache<>(3_600_000);
        assertThatThrownBy(() -> cache.get(9L, () -> {
            throw ApiError.notFound("form 9 not found");
        })).isInstanceOf(ApiError.class);
        assertThat(cache.get(9L, this::load)).isEqualTo("answer 1");
    }

    @Test
    void zeroTurnsCachingOff() {
        ReadCache<Long, String> cache = new ReadCache<>(0);
        cache.get(1L, this::load);
        assertThat(cache.get(1L, this::load)).isEqualTo("answer 2");
    }
}
