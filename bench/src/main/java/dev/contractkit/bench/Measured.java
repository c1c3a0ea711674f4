package dev.contractkit.bench;

import java.util.List;

/** One target's figures over the rounds. */
record Measured(String target, double requestsPerSecond, double p50Ms, double p99Ms, long errors, double peakRssMb,
                long readyMs, List<Wrk> runs, double ratio) {
}
