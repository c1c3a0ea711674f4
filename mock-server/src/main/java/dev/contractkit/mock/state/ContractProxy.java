package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import dev.contractkit.mock.http.Json;

/**
 * The validating proxy of one API ({@code --proxy <api>=<url>}): the shared HTTP client, the record of the last
 * exchanges with the contract violations found in each, and the report line printed for every violation.
 */
public final class ContractProxy {
    /** Headers not forwarded: hop-by-hop ones, and those the client recomputes. */
    public static final Set<String> NOT_FORWARDED = Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding",
            "upgrade", "te", "trailer", "host", "content-length", "expect", "http2-settings");
    private static final int KEPT = 1000;

    private final String api;
    private final URI target;
    private final HttpClient client;
    private final PrintStream report;
    private final Deque<ObjectNode> exchanges = new ArrayDeque<>();
    private long violations;
    private long total;

    public ContractProxy(String api, URI target, PrintStream report) {
        this.api = api;
        this.target = target;
        this.report = report;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    public URI target() {
        return target;
    }

    public HttpClient client() {
        return client;
    }

    /** Records one exchange and prints a line per violation. */
    public synchronized void record(String operation, String method, String path, int status, List<String> found) {
        total++;
        violations += found.isEmpty() ? 0 : 1;
        ObjectNode e = Json.MAPPER.createObjectNode();
        e.put("time", Instant.now().toString()).put("operation", operation).put("method", method).put("path", path)
                .put("status", status);
        ArrayNode list = e.putArray("violations");
        found.forEach(list::add);
        exchanges.addLast(e);
        if (exchanges.size() > KEPT) {
            exchanges.removeFirst();
        }
        for (String v : found) {
            report.println("CONTRACT VIOLATION " + api + " " + method + " " + path + " -> " + status + " (" + operation + "): " + v);
        }
    }

    /** @return {@code {target, exchanges, withViolations, recent: [...]}}, only those with violations when asked */
    public synchronized JsonNode describe(boolean onlyViolations) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("target", target.toString()).put("exchanges", total).put("withViolations", violations);
        ArrayNode recent = out.putArray("recent");
        exchanges.stream().filter(e -> !onlyViolations || !e.path("violations").isEmpty()).forEach(recent::add);
        return out;
    }

    synchronized void reset() {
        exchanges.clear();
        total = 0;
        violations = 0;
    }
}
