package dev.contractkit.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TargetTest {
    @Test
    void peakMemoryCountsTheProcessesATargetStartedAsNginxStartsItsWorkers(@TempDir Path dir) throws Exception {
        // the target's own process is a small shell; the memory is in its child, as in nginx's workers
        // (perl: Debian's perl-base is on every machine; the string's 64 MiB are written, so resident)
        String child = "perl -e '$| = 1; my $x = \"a\" x (64 * 1024 * 1024); print \"READY\\n\"; sleep 60'";
        try (Target t = Target.start("parent and child", List.of("bash", "-c", child + " & wait"), Map.of(),
                dir.resolve("t.log"), l -> l.equals("READY"), Duration.ofSeconds(20))) {
            assertThat(t.pids()).hasSizeGreaterThanOrEqualTo(2);
            assertThat(t.peakRssMb()).isGreaterThan(64);
        }
    }
}
