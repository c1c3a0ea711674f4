package dev.contractkit.mock.http;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What the contract's rules read of a request, by name: the same view of a Netty request (the kit's own
 * {@link ContractFastPath}) and of a MockServer request (MockServer's callbacks, handshakes). The path is as
 * sent (as MockServer takes it), query values are percent-decoded, header names match in any case.
 * A MockServer request's view: {@link MockServerIncoming#of}.
 */
public interface Incoming {
    /** @return the method, e.g. {@code GET} */
    String method();

    /** @return the path as sent, without the query */
    String path();

    /** @return every value of the header, any case of its name */
    List<String> headers(String name);

    /** @return every value of the query parameter (decoded) */
    List<String> query(String name);

    /** @return the query parameters in the order sent */
    Map<String, List<String>> queryParameters();

    /** @return the cookie's values, if the request carries it */
    List<String> cookie(String name);

    /** @return the body's bytes, empty when there is none */
    byte[] body();

    /** @return the first value of the header, or empty text */
    default String header(String name) {
        List<String> values = headers(name);
        return values.isEmpty() ? "" : values.get(0);
    }

    /** @return the body as UTF-8 text */
    default String bodyText() {
        return new String(body(), StandardCharsets.UTF_8);
    }
}
