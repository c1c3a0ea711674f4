package dev.contractkit.conformance;

import okhttp3.HttpUrl;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One request, before it has a base URL.
 *
 * @param method     upper-case method
 * @param template   path template, e.g. {@code /forms/{id}}
 * @param pathValues raw values of the path parameters
 * @param query      raw query parameters, in order (a name may repeat)
 * @param headers    headers, in order
 * @param body       request body bytes and their media type, if any
 */
record RelativeRequest(String method, String template, Map<String, String> pathValues, List<Map.Entry<String, String>> query,
                List<Map.Entry<String, String>> headers, Optional<Body> body) {

    RelativeRequest {
        pathValues = Map.copyOf(pathValues);
        query = List.copyOf(query);
        headers = List.copyOf(headers);
    }

    /**
     * @param base the target's base URL (may carry a path prefix)
     * @return the full URL, path values percent-encoded
     */
    HttpUrl url(HttpUrl base) {
        HttpUrl.Builder b = base.newBuilder().encodedPath("/");
        base.encodedPathSegments().stream().filter(s -> !s.isEmpty()).forEach(b::addEncodedPathSegment);
        for (String segment : template.split("/")) {
            if (!segment.isEmpty()) {
                b.addPathSegment(fill(segment));
            }
        }
        if (template.endsWith("/") && template.length() > 1) {
            b.addPathSegment("");
        }
        query.forEach(q -> b.addQueryParameter(q.getKey(), q.getValue()));
        return b.build();
    }

    private String fill(String segment) {
        String out = segment;
        for (Map.Entry<String, String> v : pathValues.entrySet()) {
            out = out.replace("{" + v.getKey() + "}", v.getValue());
        }
        return out;
    }

    /**
     * @param base the base URL
     * @return e.g. {@code GET /forms?count=101}, for people
     */
    String display(HttpUrl base) {
        HttpUrl url = url(base);
        return method + " " + url.encodedPath() + (url.encodedQuery() == null ? "" : "?" + url.encodedQuery());
    }

    /**
     * A request body.
     *
     * @param mediaType its media type
     * @param text      its text
     */
    record Body(String mediaType, String text) {
    }
}
