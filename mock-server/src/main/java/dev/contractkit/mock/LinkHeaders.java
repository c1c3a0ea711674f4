package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * {@code Link} paging headers (RFC 8288) for an operation whose success response declares a {@code Link} header:
 * from the body's {@code total}, {@code limit} and {@code offset}, {@code rel="next"} when more items follow and
 * {@code rel="last"} when there is at least one, as URLs that keep the request's other query parameters.
 */
final class LinkHeaders {
    private LinkHeaders() {
    }

    /** @return the headers' builder, when the operation's success response declares {@code Link} */
    static Optional<LinkHeaders> of(ContractDocument.Operation op) {
        ContractDocument doc = op.document();
        for (String status : op.responses().keySet()) {
            if (!status.startsWith("2")) {
                continue;
            }
            for (Iterator<String> names = doc.resolve(doc.at(op.responses().get(status))).path("headers").fieldNames(); names.hasNext(); ) {
                if (names.next().equalsIgnoreCase("Link")) {
                    return Optional.of(new LinkHeaders());
                }
            }
        }
        return Optional.empty();
    }

    Reply apply(Incoming request, Reply reply) {
        if (reply.status() / 100 != 2 || !Json.isJson(reply.mediaType())) {
            return reply;
        }
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(reply.body());
        } catch (Exception e) {
            return reply;
        }
        if (!body.path("total").canConvertToLong() || !body.path("limit").canConvertToInt() || !body.path("offset").canConvertToLong()) {
            return reply;
        }
        long total = body.path("total").asLong();
        int limit = Math.max(1, body.path("limit").asInt());
        long offset = body.path("offset").asLong();
        List<String> links = new ArrayList<>();
        if (offset + limit < total) {
            links.add("<" + url(request, limit, offset + limit) + ">; rel=\"next\"");
        }
        if (total > 0) {
            links.add("<" + url(request, limit, (total - 1) / limit * limit) + ">; rel=\"last\"");
        }
        return links.isEmpty() ? reply : reply.withHeader("Link", String.join(", ", links));
    }

    private static String url(Incoming request, int limit, long offset) {
        StringBuilder query = new StringBuilder();
        request.queryParameters().forEach((name, values) -> {
            if (!name.equals("limit") && !name.equals("offset")) {
                values.forEach(v -> query.append(enc(name)).append('=').append(enc(v)).append('&'));
            }
        });
        query.append("limit=").append(limit).append("&offset=").append(offset);
        String host = request.header("Host");
        return (host.isEmpty() ? "" : "http://" + host) + request.path() + "?" + query;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
