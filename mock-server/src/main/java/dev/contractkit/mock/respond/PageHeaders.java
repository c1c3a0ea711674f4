package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.contractkit.specs.check.ContractDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import dev.contractkit.mock.http.Incoming;
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
        for (Set<String> names : PageCutter.successHeaders(op)) {
            if (names.contains("x-page") && names.contains("x-per-page")) {
                JsonNode schema = doc.resolve(perPage.get().node().path("schema"));
                return Optional.of(new PageHeaders(Math.max(1, schema.path("default").asInt(20))));
            }
        }
        return Optional.empty();
    }

    Reply apply(Incoming request, Reply reply) {
        if (!(PageCutter.successBody(reply).orElse(null) instanceof ArrayNode all)) {
            return reply;
        }
        int page = PageCutter.number(request, "page", 1, 1);
        int perPage = PageCutter.number(request, "per_page", defaultPerPage, 1);
        int total = all.size();
        int pages = (total + perPage - 1) / perPage;
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
        Optional<Reply> sliced = PageCutter.withBody(reply, PageCutter.slice(all, (long) (page - 1) * perPage, perPage));
        return sliced.isEmpty() ? reply : sliced.get()
                .withHeader("X-Page", Integer.toString(page))
                .withHeader("X-Per-Page", Integer.toString(perPage))
                .withHeader("X-Total", Integer.toString(total))
                .withHeader("X-Total-Pages", Integer.toString(pages))
                .withHeader("X-Next-Page", page < pages ? Integer.toString(page + 1) : "")
                .withHeader("X-Prev-Page", prev ? Integer.toString(page - 1) : "")
                .withHeader("Link", String.join(", ", links));
    }

    private static String link(Incoming request, int page, int perPage, String rel) {
        return "<" + PageCutter.url(request, "page", page, "per_page", perPage) + ">; rel=\"" + rel + "\"";
    }
}
