package dev.contractkit.mock;

import java.util.List;
import java.util.Map;

/**
 * A request the mock received, for verification in tests.
 *
 * @param method   the HTTP method
 * @param path     the path, without the query
 * @param query    query parameters
 * @param headers  headers (names as sent)
 * @param body     the body as text, empty when there was none
 * @param document the contract document of the operation it reached: its file name without the extension
 *                 ({@code codehost-v4}), as a document-qualified operation id ({@code codehost-v4#getRunner}) names it
 */
public record RecordedRequest(String method, String path, Map<String, List<String>> query,
                              Map<String, List<String>> headers, String body, String document) {
    /**
     * @param name a header name, any case
     * @return its first value, or null
     */
    public String header(String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty())
                .map(e -> e.getValue().get(0)).findFirst().orElse(null);
    }
}
