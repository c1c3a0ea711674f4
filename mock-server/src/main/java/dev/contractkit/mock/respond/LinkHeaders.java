package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Reply;

/**
 * {@code Link} paging headers (RFC 8288) for an operation whose success response declares a {@code Link} header:
 * from the body's {@code total}, {@code limit} and {@code offset}, {@code rel="next"} when more items follow and
 * {@code rel="last"} when there is at least one, as URLs that keep the request's other query parameters.
 * A list that says its total in an {@code X-Total-Count} header instead (forms: {@code {forms: [...]}}, paged by
 * the {@code offset} query parameter and a size parameter, {@code count} or {@code limit}) has the body's one array
 * (its example: the whole list) cut to the page asked for, with {@code X-Total-Count} and the same links.
 */
final class LinkHeaders {
    private static final String TOTAL_COUNT = "X-Total-Count";

    /** The size parameter and its default, for a list with its total in {@code X-Total-Count}; else null. */
    private final String sizeParameter;
    private final int defaultSize;

    private LinkHeaders(String sizeParameter, int defaultSize) {
        this.sizeParameter = sizeParameter;
        this.defaultSize = defaultSize;
    }

    /** @return true when the operation's list says its total in {@code X-Total-Count} and the mock cuts its example */
    static boolean cutsExamples(ContractDocument.Operation op) {
        return of(op).map(l -> l.sizeParameter != null).orElse(false);
    }

    /** @return the headers' builder, when the operation's success response declares {@code Link} */
    static Optional<LinkHeaders> of(ContractDocument.Operation op) {
        ContractDocument doc = op.document();
        for (Set<String> names : PageCutter.successHeaders(op)) {
            if (names.contains("link")) {
                Optional<ContractDocument.Parameter> size = op.parameters().stream()
                        .filter(p -> p.in().equals("query") && (p.name().equals("count") || p.name().equals("limit")))
                        .findFirst();
                boolean offset = op.parameters().stream().anyMatch(p -> p.in().equals("query") && p.name().equals("offset"));
                return Optional.of(names.contains(TOTAL_COUNT.toLowerCase(Locale.ROOT)) && offset && size.isPresent()
                        ? new LinkHeaders(size.get().name(), Math.max(1,
                                doc.resolve(size.get().node().path("schema")).path("default").asInt(10)))
                        : new LinkHeaders(null, 0));
            }
        }
        return Optional.empty();
    }

    Reply apply(Incoming request, Reply reply) {
        Optional<JsonNode> json = PageCutter.successBody(reply);
        if (json.isEmpty()) {
            return reply;
        }
        JsonNode body = json.get();
        if (sizeParameter != null && !body.has("total")) {
            return headerPaged(request, reply, body);
        }
        if (!body.path("total").canConvertToLong() || !body.path("limit").canConvertToInt() || !body.path("offset").canConvertToLong()) {
            return reply;
        }
        return withLinks(request, reply, "limit", body.path("total").asLong(), Math.max(1, body.path("limit").asInt()),
                body.path("offset").asLong());
    }

    /** The body's one array cut to {@code offset} and the size asked for; its full length is the total. */
    private Reply headerPaged(Incoming request, Reply reply, JsonNode body) {
        String field = null;
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (body.get(name).isArray()) {
                if (field != null) {
                    return reply;
                }
                field = name;
            }
        }
        if (field == null) {
            return reply;
        }
        ArrayNode all = (ArrayNode) body.get(field);
        int size = PageCutter.number(request, sizeParameter, defaultSize, 1);
        long offset = PageCutter.number(request, "offset", 0, 0);
        ObjectNode out = ((ObjectNode) body).deepCopy();
        out.set(field, PageCutter.slice(all, offset, size));
        Optional<Reply> cut = PageCutter.withBody(reply, out);
        return cut.isEmpty() ? reply : withLinks(request, cut.get().withHeader(TOTAL_COUNT, Integer.toString(all.size())),
                sizeParameter, all.size(), size, offset);
    }

    private static Reply withLinks(Incoming request, Reply reply, String sizeName, long total, int size, long offset) {
        List<String> links = new ArrayList<>();
        if (offset + size < total) {
            links.add("<" + PageCutter.url(request, sizeName, size, "offset", offset + size) + ">; rel=\"next\"");
        }
        if (total > 0) {
            links.add("<" + PageCutter.url(request, sizeName, size, "offset", (total - 1) / size * size) + ">; rel=\"last\"");
        }
        return links.isEmpty() ? reply : reply.withHeader("Link", String.join(", ", links));
    }
}
