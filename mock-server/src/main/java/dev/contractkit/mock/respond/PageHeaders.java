package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.contractkit.specs.check.ContractDocument;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.Reply;

/**
 * GitLab-style paging for an operation that takes {@code page} and {@code per_page} and whose success response
 * declares {@code X-Page} and {@code X-Per-Page}: the array the mock answers with (its example, or the stateful
 * store's list) is cut to the page asked for, and the response gets {@code X-Page}, {@code X-Per-Page},
 * {@code X-Total}, {@code X-Total-Pages}, {@code X-Next-Page}, {@code X-Prev-Page} (empty when there is none) and
 * {@code Link} ({@code prev}, {@code next}, {@code first}, {@code last}), as the original sends them. Clients that
 * page by these headers (gitlab4j's {@code Pager}) then walk the mock's list as they would a real one.
 */
final class PageHeaders {
    private final int defaultPerPage;

    private PageHeaders(int defaultPerPage) {
        this.defaultPerPage = defaultPerPage;
    }

    /** @return the pager, when the operation takes {@code page}/{@code per_page} and declares the headers */
    static Optional<PageHeaders> of(ContractDocument.Operation op) {
        ContractDocument doc = op.document();
        Optional<ContractDocument.Parameter> perPage = op.parameters().stream()
                .filter(p -> p.in().equals("query") && p.name().equals("per_page")).findFirst();
        boolean page = op.parameters().stream().anyMatch(p -> p.in().equals("query") && p.name().equals("page"));
        if (!page || perPage.isEmpty()) {
            return Optional.empty();
        }
        for (String status : op.responses().keySet()) {
            if (!status.startsWith("2")) {
                continue;
            }
            List<String> names = new ArrayList<>();
            for (Iterator<String> it = doc.resolve(doc.at(op.responses().get(status))).path("headers").fieldNames(); it.hasNext(); ) {
                names.add(it.next().toLowerCase(Locale.ROOT));
            }
            if (names.contains("x-page") && names.contains("x-per-page")) {
                JsonNode schema = doc.resolve(perPage.get().node().path("schema"));
                return Optional.of(new PageHeaders(Math.max(1, schema.path("default").asInt(20))));
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
        if (!(body instanceof ArrayNode all)) {
            return reply;
        }
        int page = number(request, "page", 1);
        int perPage = number(request, "per_page", defaultPerPage);
        int total = all.size();
        int pages = (total + perPage - 1) / perPage;
        ArrayNode slice = Json.MAPPER.createArrayNode();
        long from = (long) (page - 1) * perPage;
        for (long i = from; i < Math.min(total, from + perPage); i++) {
            slice.add(all.get((int) i));
        }
        List<String> links = new ArrayList<>();
        boolean prev = page > 1 && page <= pages + 1;
        if (prev) {
            links.add(link(request, page - 1, perPage, "prev"));
        }
        if (page < pages) {
            links.add(link(request, page + 1, perPage, "next"));
        }
        links.add(link(request, 1, perPage, "first"));
        links.add(link(request, Math.max(pages, 1), perPage, "last"));
        byte[] bytes;
        try {
            bytes = Json.MAPPER.writeValueAsBytes(slice);
        } catch (Exception e) {
            return reply;
        }
        return new Reply(reply.status(), reply.mediaType(), bytes, reply.headers())
                .withHeader("X-Page", Integer.toString(page))
                .withHeader("X-Per-Page", Integer.toString(perPage))
                .withHeader("X-Total", Integer.toString(total))
                .withHeader("X-Total-Pages", Integer.toString(pages))
                .withHeader("X-Next-Page", page < pages ? Integer.toString(page + 1) : "")
                .withHeader("X-Prev-Page", prev ? Integer.toString(page - 1) : "")
                .withHeader("Link", String.join(", ", links));
    }

    /** The query value (the parameter rules already refused one out of range), else the default. */
    private static int number(Incoming request, String name, int fallback) {
        List<String> values = request.query(name);
        try {
            return values.isEmpty() ? fallback : Math.max(1, Integer.parseInt(values.get(0)));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static String link(Incoming request, int page, int perPage, String rel) {
        StringBuilder query = new StringBuilder();
        request.queryParameters().forEach((name, values) -> {
            if (!name.equals("page") && !name.equals("per_page")) {
                values.forEach(v -> query.append(enc(name)).append('=').append(enc(v)).append('&'));
            }
        });
        query.append("page=").append(page).append("&per_page=").append(perPage);
        String host = request.header("Host");
        return "<" + (host.isEmpty() ? "" : "http://" + host) + request.path() + "?" + query + ">; rel=\"" + rel + "\"";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
