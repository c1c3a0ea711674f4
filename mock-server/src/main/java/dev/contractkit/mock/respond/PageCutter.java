package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.contractkit.specs.check.ContractDocument;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.Reply;

/**
 * What the paging header writers ({@link LinkHeaders}, {@link PageHeaders}) share: the headers an operation's success
 * responses declare, the body of a list answer, the page numbers asked for, and the URL of another page.
 */
final class PageCutter {
    private PageCutter() {
    }

    /** @return the header names (lower case) of each success response the operation declares, in its order */
    static List<Set<String>> successHeaders(ContractDocument.Operation op) {
        ContractDocument doc = op.document();
        List<Set<String>> out = new ArrayList<>();
        op.responses().forEach((status, pointer) -> {
            if (status.startsWith("2")) {
                Set<String> names = new HashSet<>();
                doc.resolve(doc.at(pointer)).path("headers").fieldNames()
                        .forEachRemaining(n -> names.add(n.toLowerCase(Locale.ROOT)));
                out.add(names);
            }
        });
        return out;
    }

    /** @return the body of a 2xx JSON reply; empty for any other reply, which paging leaves as it is */
    static Optional<JsonNode> successBody(Reply reply) {
        if (reply.status() / 100 != 2 || !Json.isJson(reply.mediaType())) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readTree(reply.body()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** @return the reply with this body instead (status, media type and headers kept), empty if it cannot be written */
    static Optional<Reply> withBody(Reply reply, JsonNode body) {
        try {
            return Optional.of(new Reply(reply.status(), reply.mediaType(), Json.MAPPER.writeValueAsBytes(body), reply.headers()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** @return the items from {@code from} on, at most {@code size} of them */
    static ArrayNode slice(ArrayNode all, long from, int size) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (long i = from; i < Math.min(all.size(), from + size); i++) {
            out.add(all.get((int) i));
        }
        return out;
    }

    /** The query value, at least {@code least} (the parameter rules already refused one out of range), else the default. */
    static int number(Incoming request, String name, int fallback, int least) {
        List<String> values = request.query(name);
        try {
            return values.isEmpty() ? fallback : Math.max(least, Integer.parseInt(values.get(0)));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** The request's URL with the two paging parameters set (in this order, last) and its other query parameters kept. */
    static String url(Incoming request, String first, long firstValue, String second, long secondValue) {
        StringBuilder query = new StringBuilder();
        request.queryParameters().forEach((name, values) -> {
            if (!name.equals(first) && !name.equals(second)) {
                values.forEach(v -> query.append(enc(name)).append('=').append(enc(v)).append('&'));
            }
        });
        query.append(first).append('=').append(firstValue).append('&').append(second).append('=').append(secondValue);
        String host = request.header("Host");
        return (host.isEmpty() ? "" : "http://" + host) + request.path() + "?" + query;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
