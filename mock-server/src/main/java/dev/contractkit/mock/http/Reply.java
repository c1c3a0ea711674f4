package dev.contractkit.mock.http;

import org.mockserver.model.HttpResponse;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One answer of the mock: status, media type and body bytes (both empty for a response without content),
 * extra headers.
 */
public record Reply(int status, String mediaType, byte[] body, Map<String, String> headers) {

    public Reply {
        headers = Map.copyOf(headers);
    }

    public static Reply of(int status, String mediaType, byte[] body) {
        return new Reply(status, mediaType, body, Map.of());
    }

    public Reply withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Reply(status, mediaType, body, more);
    }

    public HttpResponse toResponse() {
        HttpResponse response = HttpResponse.response().withStatusCode(status);
        headers.forEach(response::withHeader);
        if (!mediaType.isEmpty()) {
            response.withHeader("Content-Type", mediaType);
        }
        return body.length == 0 ? response : response.withBody(body);
    }
}
