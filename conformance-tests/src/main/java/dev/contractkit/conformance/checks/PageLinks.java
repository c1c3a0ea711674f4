package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.check.ParameterValues;
import dev.contractkit.specs.check.Pointers;
import dev.contractkit.specs.dialect.RateLimits;
import okhttp3.HttpUrl;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The checks that judge headers the contract's conventions ask for: rate limits and paging links. */
public final class PageLinks {
    public static final String LINK = "/response/headers/link";
    static final String TOTAL_COUNT = "X-Total-Count";
    static final Pattern INTEGER = Pattern.compile("^[0-9]{1,18}$");
    private static final Pattern LINK_VALUE = Pattern.compile("<([^>]*)>\\s*((?:;\\s*[^;,]+)*)");
    private static final Pattern REL = Pattern.compile("rel\\s*=\\s*\"?([^\";,]+)\"?", Pattern.CASE_INSENSITIVE);

    private PageLinks() {
    }



    /** @return RFC 8288 links by relation type (lower case), e.g. {@code next -> http://...?offset=10} */
    public static Map<String, String> links(String header) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = LINK_VALUE.matcher(header);
        while (m.find()) {
            Matcher rel = REL.matcher(m.group(2));
            if (rel.find()) {
                for (String r : rel.group(1).trim().split("\\s+")) {
                    out.putIfAbsent(r.toLowerCase(Locale.ROOT), m.group(1).trim());
                }
            }
        }
        return out;
    }

    /** @return true when the operation's successful response declares a {@code Link} header */
    static boolean declaresLink(Exchange e) {
        return e.declaredResponse().map(r -> {
            for (Iterator<String> it = e.contract().document().at(r).path("headers").fieldNames(); it.hasNext(); ) {
                if (it.next().equalsIgnoreCase("Link")) {
                    return true;
                }
            }
            return false;
        }).orElse(false);
    }

    /**
     * One page of a paged list: the body's one array (or the body, when it is an array); the total from the
     * body's {@code total}, else the {@code X-Total-Count} header; the offset from the body's {@code offset}, else
     * the request's {@code offset} query parameter (its declared default, else 0, when the request has none).
     * The kit's coupons list says both in the body; forms says them in the header and the query
     * ({@code {forms: [...]}} with {@code X-Total-Count}).
     *
     * @param total  items in all
     * @param offset the first item's position
     * @param items  the page's items
     */
    public record Page(long total, long offset, JsonNode items) {
        public int count() {
            return items.size();
        }

        public static Optional<Page> of(Exchange e) {
            if (e.status() < 200 || e.status() >= 300 || !declaresLink(e)) {
                return Optional.empty();
            }
            try {
                JsonNode body = e.json();
                JsonNode array = body.isArray() ? body : null;
                for (JsonNode v : body.isObject() ? body : MissingNode.getInstance()) {
                    if (v.isArray()) {
                        if (array != null) {
                            return Optional.empty();
                        }
                        array = v;
                    }
                }
                Optional<Long> total = number(body.path("total"))
                        .or(() -> e.header(TOTAL_COUNT).flatMap(h -> number(TextNode.valueOf(h.trim()))));
                Optional<Long> offset = number(body.path("offset")).or(() -> requestOffset(e));
                if (array == null || total.isEmpty() || offset.isEmpty()) {
                    return Optional.empty();
                }
                return Optional.of(new Page(total.get(), offset.get(), array));
            } catch (IOException ex) {
                return Optional.empty();
            }
        }

        private static Optional<Long> number(JsonNode n) {
            return n.isNumber() && n.canConvertToLong() || n.isTextual() && INTEGER.matcher(n.asText()).matches()
                    ? Optional.of(n.asLong()) : Optional.empty();
        }

        /** The {@code offset} the request asked for: its query parameter, else the parameter's default, else 0. */
        private static Optional<Long> requestOffset(Exchange e) {
            Optional<Parameter> declared = e.testCase().operation().flatMap(op -> op.parameters().stream()
                    .filter(p -> p.in().equals("query") && p.name().equals("offset")).findFirst());
            if (declared.isEmpty()) {
                return Optional.empty();
            }
            int query = e.request().indexOf('?');
            HttpUrl url = HttpUrl.parse("http://request.invalid/" + (query < 0 ? "" : e.request().substring(query)));
            String asked = url == null ? null : url.queryParameter("offset");
            if (asked != null) {
                return number(TextNode.valueOf(asked));
            }
            JsonNode fallback = e.contract().document().resolve(declared.get().node().path("schema")).path("default");
            return Optional.of(number(fallback).orElse(0L));
        }
    }
}
