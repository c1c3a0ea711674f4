package dev.contractkit.reference.platform;

import io.helidon.common.context.Context;
import io.helidon.webserver.http.ServerRequest;

import java.util.Map;

/**
 * What the listener learns about one request, kept in one object of the request's context: its id, where its links
 * point, the listener's admissions, the admission that ran and what it admitted, its principal and its sticky
 * headers. One registration per request instead of one per fact: Helidon's context registers each value in a map
 * of lists, a measurable part of a cached read (docs/performance.md). A request handled on one thread at a time,
 * so plain fields.
 */
final class Exchange {
    private static final String KEY = "kit.exchange";

    String requestId;
    PublicUrl publicUrl;
    Admission.Table admissions;
    Admission admission;
    Admission.Admitted admitted;
    Principal principal;
    Map<String, String> stickyHeaders;

    private Exchange() {
    }

    /** @return the request's exchange, made and registered on first use */
    static Exchange of(ServerRequest req) {
        Context context = req.context();
        Exchange e = context.get(KEY, Exchange.class).orElse(null);
        if (e == null) {
            e = new Exchange();
            context.register(KEY, e);
        }
        return e;
    }

    /** @return the request's exchange, or null when nothing was learnt of it yet */
    static Exchange find(ServerRequest req) {
        return req.context().get(KEY, Exchange.class).orElse(null);
    }
}
