package dev.contractkit.mock;

import org.mockserver.model.HttpRequest;
import org.mockserver.model.KeyToMultiValue;
import org.mockserver.model.NottableString;

import java.util.List;

/** Reads headers, query parameters and cookies of a MockServer request by name. */
final class Requests {
    private Requests() {
    }

    /** @return every value of the header, any case of its name */
    static List<String> headers(HttpRequest request, String name) {
        return values(request.getHeaderList(), name, true);
    }

    /** @return the first value of the header, or empty text */
    static String header(HttpRequest request, String name) {
        List<String> values = headers(request, name);
        return values.isEmpty() ? "" : values.get(0);
    }

    /** @return every value of the query parameter (decoded) */
    static List<String> query(HttpRequest request, String name) {
        return values(request.getQueryStringParameterList(), name, false);
    }

    /** @return the cookie's value, if the request carries it */
    static List<String> cookie(HttpRequest request, String name) {
        return request.getCookieList().stream()
                .filter(c -> c.getName().getValue().equals(name))
                .map(c -> c.getValue().getValue())
                .toList();
    }

    /** @return the request path */
    static String path(HttpRequest request) {
        return request.getPath().getValue();
    }

    private static List<String> values(List<? extends KeyToMultiValue> entries, String name, boolean ignoreCase) {
        List<String> out = null; // a loop, not a stream: every request of the mock comes through here (profile)
        for (KeyToMultiValue e : entries) {
            String key = e.getName().getValue();
            if (ignoreCase ? key.equalsIgnoreCase(name) : key.equals(name)) {
                if (out == null) {
                    out = new java.util.ArrayList<>(1);
                }
                for (NottableString v : e.getValues()) {
                    out.add(v.getValue());
                }
            }
        }
        return out == null ? List.of() : out;
    }
}
