package dev.contractkit.examples.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The demo's summary: what ran against which URL and how it ended, one line each ({@code kit demo: summary}). */
final class Summary {
    private final Map<String, String> served;
    private final List<String> examples = new ArrayList<>();
    private String quotas = "";
    private int conformance;

    /** @param served the APIs the server announced and their base URLs, in catalogue order */
    Summary(Map<String, String> served) {
        this.served = new LinkedHashMap<>(served);
    }

    /**
     * @param api  the example's API
     * @param line its summary line
     */
    void example(String api, String line) {
        examples.add(String.format("  %-17s %s", api + " example:", line));
    }

    /** @param summary the quotas run's summary; empty when it failed */
    void quotas(String summary) {
        quotas = summary;
    }

    /** @param status the conformance run's exit status */
    void conformance(int status) {
        conformance = status;
    }

    /**
     * @param seconds how long the demo took
     * @return the lines, starting with {@code kit demo: summary}
     */
    List<String> lines(long seconds) {
        List<String> out = new ArrayList<>();
        out.add("kit demo: summary");
        out.add("  APIs served:      " + served.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")")
                .collect(Collectors.joining(" ")));
        out.addAll(examples);
        out.add("  quotas:           " + (quotas.isEmpty() ? "FAILED" : quotas));
        out.add("  conformance:      " + (conformance == 0 ? "all checks passed" : "FAILED (exit " + conformance + ")"));
        out.add("  reports:          target/demo/conformance (JUnit XML, HTML)");
        out.add("  server log:       target/demo/server.log");
        out.add("  took:             " + seconds + " s; the server is stopped now");
        return out;
    }

    /**
     * @param statuses the {@code status} of every provider account in the quotas report
     * @return how many of each, by status: {@code 2 error, 9 ok}
     */
    static String countStatuses(List<String> statuses) {
        return statuses.stream().collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()))
                .entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
    }
}
