package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One request sent and the response received: what every check looks at.
 *
 * @param contract the contract the case came from
 * @param testCase the case
 * @param request  the request as people read it, e.g. {@code GET /forms?count=101}
 * @param status   the response status
 * @param headers  response headers, names in lower case
 * @param body     the response body text
 * @param took     how long the exchange took
 */
public record Exchange(Contract contract, TestCase testCase, String request, int status, Map<String, List<String>> headers,
                String body, Duration took) {
    /** Where a finding about the status points: the exchange seen as one JSON document. */
    public static final String STATUS = "/response/status";
    /** Where a finding about the Content-Type points. */
    public static final String CONTENT_TYPE = "/response/headers/content-type";
    /** Where a finding about the response body points (a JSON pointer into the body follows). */
    public static final String BODY = "/response/body";
    private static final ObjectMapper JSON = new ObjectMapper();

    public Exchange {
        headers = Map.copyOf(headers);
    }

    /**
     * @param name a header name, any case
     * @return its first value
     */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** @return the response's media type without parameters, lower case; empty when there is no Content-Type */
    public String mediaType() {
        return header("Content-Type").map(v -> v.split(";")[0].trim().toLowerCase(Locale.ROOT)).orElse("");
    }

    /** @return the pointer of the response the operation declares for this status, if any */
    public Optional<String> declaredResponse() {
        return testCase.operation().flatMap(op -> contract.response(op, status));
    }

    /**
     * @return the body as JSON
     * @throws IOException when it is not JSON
     */
    public JsonNode json() throws IOException {
        JsonNode node = JSON.readTree(body);
        if (node == null || node.isMissingNode()) {
            throw new IOException("the body is empty");
        }
        return node;
    }
}
