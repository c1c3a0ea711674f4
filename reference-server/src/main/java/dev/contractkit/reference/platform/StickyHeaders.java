package dev.contractkit.reference.platform;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Headers that every response of a request carries, error responses included (Helidon resets headers when a handler
 * throws), e.g. the {@code X-RateLimit-*} an {@link Admission} counted; {@link ApiServer} puts them on its error
 * answers.
 */
final class StickyHeaders {
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final Exchange.Slot<Map<String, String>> SLOT = (Exchange.Slot) Exchange.slot(Map.class);
    /** Header names made once ({@code HeaderNames.create} per response is a measurable part of a coupons list, docs/performance.md). */
    private static final ConcurrentHashMap<String, HeaderName> NAMES = new ConcurrentHashMap<>();

    private StickyHeaders() {
    }

    /**
     * Sets the headers on the response now and keeps them for an error answer.
     *
     * @param req     the request
     * @param res     its response
     * @param headers the headers
     */
    static void set(ServerRequest req, ServerResponse res, Map<String, String> headers) {
        Exchange.of(req).set(SLOT, Map.copyOf(headers));
        headers.forEach((name, value) -> res.header(headerName(name), value));
    }

    /**
     * @param req a request
     * @param res its (error) response: gets the request's sticky headers again
     */
    static void apply(ServerRequest req, ServerResponse res) {
        Map<String, String> kept = Exchange.get(req, SLOT);
        if (kept != null) {
            kept.forEach(res::header);
        }
    }

    private static HeaderName headerName(String name) {
        HeaderName n = NAMES.get(name);
        return n != null ? n : NAMES.computeIfAbsent(name, HeaderNames::create);
    }
}
