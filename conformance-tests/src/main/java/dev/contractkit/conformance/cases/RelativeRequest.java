package dev.contractkit.conformance.cases;

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
public record RelativeRequest(String method, String template, Map<String, String> pathValues, List<Map.Entry<String, String>> query,
                List<Map.Entry<String, String>> headers, Optional<Body> body) {

    public RelativeRequest {
        pathValues = Map.copyOf(pathValues);
        query = List.copyOf(query);
        headers = List.copyOf(headers);
    }

    /**
     * @param base the target's base URL (may carry a path prefix)
     * @return the full URL, path values percent-encoded
     */
    public HttpUrl url(HttpUrl base) {
        HttpUrl.Builder b = base.newBuilder().encodedPath("/");
        base.encodedPathSegments().stream().filter(s -> !s.isEmpty()).forEach(b::addEncodedPathSegment);
        String path = path(template);
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                b.addPathSegment(fill(segment));
            }
        }
        if (path.endsWith("/") && path.length() > 1) {
            b.addPathSegment("");
        }
        String wire = withoutFragment(template);
        String literal = wire.indexOf('?') < 0 ? "" : wire.substring(wire.indexOf('?') + 1);
        for (String pair : literal.split("&")) {
            if (!pair.isEmpty()) {
                int eq = pair.indexOf('=');
                b.addQueryParameter(fill(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? null : fill(pair.substring(eq + 1)));
            }
        }
        query.forEach(q -> b.addQueryParameter(q.getKey(), q.getValue()));
        return b.build();
    }

    /**
     * The path a template stands for on the wire. A template with a fragment ({@code /#X-Amz-Target=...}, {@code
     * /tags/{arn}#tagKeys}: operations a document tells apart by a header or a query) is sent without it, as any
     * HTTP client sends a URI reference; a query written into the template ({@code /{Bucket}?acl}) goes in the query.
     *
     * @param template a path template of the document
     * @return the path part, e.g. {@code /tags/{arn}}
     */
    static String path(String template) {
        String path = withoutFragment(template);
        int q = path.indexOf('?');
        return q < 0 ? path : path.substring(0, q);
    }

    private static String withoutFragment(String template) {
        int hash = template.indexOf('#');
        return hash < 0 ? template : template.substring(0, hash);
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
    public String display(HttpUrl base) {
        HttpUrl url = url(base);
        return method + " " + url.encodedPath() + (url.encodedQuery() == null ? "" : "?" + url.encodedQuery());
    }

    /**
     * A request body.
     *
     * @param mediaType its media type
     * @param text      its text
     */
    public record Body(String mediaType, String text) {
    }
}
