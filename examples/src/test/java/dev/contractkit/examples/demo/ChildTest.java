package dev.contractkit.examples.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ChildTest {
    @Test
    void aServerIsReadyWhenItPrintsReadyItsUrlsAreReadAndClosingStopsIt(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("server.log");
        Child child = Child.start(List.of("sh", "-c", "echo 'forms http://127.0.0.1:1001 (Payment forms)'; echo READY; exec sleep 60"),
                Map.of("PATH", System.getenv("PATH")), dir, log);
        try {
            assertThat(child.awaitReady(Duration.ofSeconds(30))).isTrue();
            assertThat(child.url("forms")).isEqualTo("http://127.0.0.1:1001");
            assertThat(child.url("coupons")).isEmpty();
            assertThat(Outputs.text(log)).contains("forms http://127.0.0.1:1001", "READY");
        } finally {
            child.close();
        }
        assertThat(child.alive()).isFalse();
    }

    @Test
    void aServerThatEndsBeforeReadyIsNotReady(@TempDir Path dir) throws IOException {
        try (Child child = Child.start(List.of("sh", "-c", "echo 'port in use' >&2; exit 1"),
                Map.of("PATH", System.getenv("PATH")), dir, dir.resolve("server.log"))) {
            assertThat(child.awaitReady(Duration.ofSeconds(30))).isFalse();
            assertThat(child.output()).containsExactly("port in use");
        }
    }
}
