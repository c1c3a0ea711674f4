package dev.contractkit.mock.http;

import org.mockserver.model.HttpRequest;
import org.mockserver.model.KeyToMultiValue;
import org.mockserver.model.NottableString;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@link Incoming} over a request MockServer mapped (its callbacks, the handshake rules). */
public final class MockServerIncoming implements Incoming {
    private final HttpRequest request;

    private MockServerIncoming(HttpRequest request) {
        this.request = request;
    }

    /** @return the view of a request MockServer mapped */
    public static Incoming of(HttpRequest request) {
        return new MockServerIncoming(request);
    }

    @Override
    public String method() {
        return request.getMethod() == null ? "" : request.getMethod().getValue();
    }

    @Override
    public String path() {
        return request.getPath() == null ? "" : request.getPath().getValue();
    }

    @Override
    public List<String> headers(String name) {
        return values(request.getHeaderList(), name, true);
    }

    @Override
    public List<String> query(String name) {
        return values(request.getQueryStringParameterList(), name, false);
    }

    @Override
    public Map<String, List<String>> queryParameters() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (KeyToMultiValue e : request.getQueryStringParameterList()) {
            List<String> values = out.computeIfAbsent(e.getName().getValue(), k -> new ArrayList<>());
            e.getValues().forEach(v -> values.add(v.getValue()));
        }
        return out;
    }

    @Override
    public List<String> cookie(String name) {
        return request.getCookieList().stream()
                .filter(c -> c.getName().getValue().equals(name))
                .map(c -> c.getValue().getValue())
                .toList();
    }

    @Override
    public byte[] body() {
        byte[] body = request.getBodyAsRawBytes();
        return body == null ? new byte[0] : body;
    }

    private static List<String> values(List<? extends KeyToMultiValue> entries, String name, boolean ignoreCase) {
        List<String> out = null; // a loop, not a stream: requests MockServer answers come through here
        for (KeyToMultiValue e : entries) {
            String key = e.getName().getValue();
            if (ignoreCase ? key.equalsIgnoreCase(name) : key.equals(name)) {
                if (out == null) {
                    out = new ArrayList<>(1);
                }
                for (NottableString v : e.getValues()) {
                    out.add(v.getValue());
                }
            }
        }
        return out == null ? List.of() : out;
    }
}
