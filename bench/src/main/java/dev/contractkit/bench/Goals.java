package dev.contractkit.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The mock's goals against its peers (issue 24.4) as rows of their own: the figure, its value, the bound. A row is
 * a {@link Measured} whose {@code ratio} is the value, {@code p50Ms} the bound and {@code errors} the direction
 * (1: at least the bound, -1: at most, 0: no goal, the row informs); {@link ResultsWriter} prints them as a table with
 * "met" or "not met".
 */
final class Goals {
    private Goals() {
    }

    /**
     * @param measured the mock's table (every target sharing the cores with wrk)
     * @param apart    the kit's mock and MockServer's plain expectation again, wrk on a core of its own
     * @param floor    the target in both tables that only answers ({@link NginxFloor}), or null when it was not run
     */
    static List<Measured> mock(List<Measured> measured, List<Measured> apart, String kit, String mockServer, String prism,
                               String floor) {
        Measured k = find(measured, kit);
        Measured ms = find(measured, mockServer);
        Measured p = find(measured, prism);
        List<Measured> rows = new ArrayList<>();
        rows.add(row("kit mock req/s over MockServer plain expectation's, wrk on a core of its own",
                find(apart, kit).requestsPerSecond() / find(apart, mockServer).requestsPerSecond(), 3, 1));
        rows.add(row("the same, wrk sharing every core with the server", k.requestsPerSecond() / ms.requestsPerSecond(), 3, 1));
        if (floor != null) {
            // what the 3x rows can reach on this machine: a server that only answers, over MockServer's plain expectation
            rows.add(row(floor + " req/s over MockServer plain expectation's, wrk on a core of its own",
                    find(apart, floor).requestsPerSecond() / find(apart, mockServer).requestsPerSecond(), Double.NaN, 0));
            rows.add(row("the same, wrk sharing every core with the server",
                    find(measured, floor).requestsPerSecond() / ms.requestsPerSecond(), Double.NaN, 0));
            rows.add(row("kit mock req/s over the floor's, wrk on a core of its own",
                    find(apart, kit).requestsPerSecond() / find(apart, floor).requestsPerSecond(), Double.NaN, 0));
            rows.add(row("the same, wrk sharing every core with the server",
                    k.requestsPerSecond() / find(measured, floor).requestsPerSecond(), Double.NaN, 0));
        }
        rows.add(row("kit mock req/s over " + prism + "'s", k.requestsPerSecond() / p.requestsPerSecond(), 10, 1));
        rows.add(row("kit mock peak RSS over MockServer plain expectation's (same -Xmx)", k.peakRssMb() / ms.peakRssMb(), 0.5, -1));
        return rows;
    }

    /**
     * @param startup the mock-startup rows: the kit's first, MockServer's (start plus every file) second
     * @param oneApi  the mock-start rows ({@link StartupScenario})
     */
    static List<Measured> startup(List<Measured> startup, List<Measured> oneApi) {
        List<Measured> rows = new ArrayList<>();
        if (startup.size() >= 2) {
            rows.add(row("kit mock ready for every API over MockServer's start plus load of every file",
                    (double) startup.get(0).readyMs() / startup.get(1).readyMs(), 0.5, -1));
        }
        oneApi.stream().filter(m -> m.target().startsWith("./kit mock")).findFirst().ifPresent(m ->
                rows.add(row("./kit mock --api forms ready, seconds (median)", m.p50Ms() / 1000, 1, -1)));
        return rows;
    }

    /** @return whether the row has a goal (the floor's rows only inform) */
    static boolean hasGoal(Measured row) {
        return row.errors() != 0;
    }

    static boolean met(Measured row) {
        return row.errors() > 0 ? row.ratio() >= row.p50Ms() : row.ratio() <= row.p50Ms();
    }

    private static Measured row(String figure, double value, double bound, int direction) {
        return new Measured(figure, Double.NaN, bound, Double.NaN, direction, -1, -1, List.of(), value);
    }

    private static Measured find(List<Measured> measured, String name) {
        return measured.stream().filter(m -> m.target().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no figures for " + name));
    }
}
