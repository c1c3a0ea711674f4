package dev.contractkit.reference.codehost;

import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.ArrayList;
import java.util.List;

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
        String base = "http://" + req.authority() + req.path().absolute().path() + "?";
        String others = req.query().names().stream().filter(n -> !n.equals("page") && !n.equals("per_page"))
                .map(n -> n + "=" + req.query().get(n)).reduce("", (a, b) -> a + b + "&");
        List<String> links = new ArrayList<>();
        if (page > 1 && page <= pages + 1) {
            links.add(link(base, others, page - 1, "prev"));
        }
        if (page < pages) {
            links.add(link(base, others, page + 1, "next"));
        }
        links.add(link(base, others, 1, "first"));
        links.add(link(base, others, Math.max(pages, 1), "last"));
        res.header("Link", String.join(", ", links));
        long from = (long) (page - 1) * perPage;
        return from >= total ? List.of() : all.subList((int) from, (int) Math.min(total, from + perPage));
    }

    private String link(String base, String others, int p, String rel) {
        return "<" + base + others + "page=" + p + "&per_page=" + perPage + ">; rel=\"" + rel + "\"";
    }
}
