package dev.contractkit.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WrkTest {
    private static final String OUTPUT = """
            Running 10s test @ http://127.0.0.1:8081/forms/1
              2 threads and 32 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency     1.52ms    2.01ms  45.10ms   91.20%
                Req/Sec    12.10k     1.20k   14.00k    70.00%
              Latency Distribution
                 50%  850.00us
                 75%    1.40ms
                 90%    3.10ms
                 99%   10.20ms
              241234 requests in 10.00s, 120.10MB read
              Non-2xx or 3xx responses: 12
              Socket errors: connect 0, read 3, write 0, timeout 1
            Requests/sec:  24123.40
            Transfer/sec:     12.01MB
            """;

    @Test
    void readsThroughputPercentilesInMillisecondsAndEveryKindOfError() {
        Wrk w = Wrk.parse(OUTPUT);

        assertThat(w.requestsPerSecond()).isEqualTo(24123.40);
        assertThat(w.p50Ms()).isCloseTo(0.85, within(1e-9));
        assertThat(w.p99Ms()).isCloseTo(10.2, within(1e-9));
        assertThat(w.requests()).isEqualTo(241234);
        assertThat(w.errors()).isEqualTo(16);
    }

    @Test
    void outputWithoutThroughputIsAFailureShowingWhatWrkSaid() {
        assertThatThrownBy(() -> Wrk.parse("unable to connect to 127.0.0.1:1 Connection refused"))
                .hasMessageContaining("Connection refused");
    }
}
