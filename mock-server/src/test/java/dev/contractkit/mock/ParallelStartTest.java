package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test classes running in parallel start their mocks at the same moment, in one JVM (issue 26: about one run in
 * 14 failed with "cannot listen on 127.0.0.1:0 (Index 1 out of bounds ...)").
 */
class ParallelStartTest {
    private static final int ROUNDS = 2;
    private static final int AT_ONCE = 12;

    @Test
    void manyMocksStartedAtTheSameMomentAllListenOnTheirOwnFreePortAndAnswer() throws Exception {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        int started = 0;
        ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE);
        try (Http http = new Http()) {
            for (int round = 0; round < ROUNDS; round++) {
                CountDownLatch go = new CountDownLatch(1);
                List<CompletableFuture<MockServers>> starts = new ArrayList<>();
                for (int i = 0; i < AT_ONCE; i++) {
                    Api api = i % 2 == 0 ? Api.FORMS : Api.COUPONS;
                    starts.add(CompletableFuture.supplyAsync(() -> {
                        try {
                            go.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IllegalStateException(e);
                        }
                        return MockServers.start(MockOptions.builder().apis(api).port(api, 0).build());
                    }, pool));
                }
                go.countDown();
                List<MockServers> running = new ArrayList<>();
                for (CompletableFuture<MockServers> start : starts) {
                    try {
                        running.add(start.join());
                    } catch (RuntimeException e) {
                        failures.add(e.getCause() == null ? e : e.getCause());
                    }
                }
                try {
                    assertThat(running.stream().map(m -> m.port(m.apis().get(0))).distinct()).hasSameSizeAs(running);
                    for (MockServers m : running) {
                        String path = m.apis().get(0) == Api.FORMS ? "/forms/1" : "/api/health";
                        assertThat(http.get(m.url(m.apis().get(0)) + path, "Authorization", Http.CREDENTIAL).status())
                                .isEqualTo(200);
                    }
                    started += running.size();
                } finally {
                    running.forEach(MockServers::close);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(failures).as("start failures").isEmpty();
        assertThat(started).isEqualTo(ROUNDS * AT_ONCE);
    }
}
