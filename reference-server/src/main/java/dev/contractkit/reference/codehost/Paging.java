package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.PublicUrl;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code page}/{@code per_page} (already checked against the contract) and the original's paging headers:
 * {@code X-Page}, {@code X-Per-Page}, {@code X-Total}, {@code X-Total-Pages}, {@code X-Next-Page},
 * {@code X-Prev-Page} and {@code Link}.
 */
record Paging(int page, int perPage) {

    static Paging of(ServerRequest req) {
        return new Paging(req.query().first("page").asOptional().map(Integer::parseInt).orElse(1),
                req.query().first("per_page").asOptional().map(Integer::parseInt).orElse(20));
    }

    /** @return this page of the list, with the headers set on the response */
    <T> List<T> apply(List<T> all, ServerRequest req, ServerResponse res) {
        int total = all.size();
        int pages = (total + perPage - 1) / perPage;
        res.header("X-Page", String.valueOf(page));
        res.header("X-Per-Page", String.valueOf(perPage));
        res.header("X-Total", String.valueOf(total));
        res.header("X-Total-Pages", String.valueOf(pages));
        res.header("X-Next-Page", page < pages ? String.valueOf(page + 1) : "");
        res.header("X-Prev-Page", page > 1 && page <= pages + 1 ? String.valueOf(page - 1) : "");
        List<String> links = new ArrayList<>();
        if (page > 1 && page <= pages + 1) {
            links.add(link(req, page - 1, "prev"));
        }
        if (page < pages) {
            links.add(link(req, page + 1, "next"));
        }
        links.add(link(req, 1, "first"));
        links.add(link(req, Math.max(pages, 1), "last"));
        res.header("Link", String.join(", ", links));
        long from = (long) (page - 1) * perPage;
        return from >= total ? List.of() : all.subList((int) from, (int) Math.min(total, from + perPage));
    }

    /** The request's own path and other query parameters, under the listener's public origin ({@link PublicUrl}). */
    private String link(ServerRequest req, int p, String rel) {
        return "<" + PublicUrl.pageLink(req, PAGING, "page=" + p + "&per_page=" + perPage) + ">; rel=\"" + rel + "\"";
    }

    private static final Set<String> PAGING = Set.of("page", "per_page");
}
