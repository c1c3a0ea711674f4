package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.ParameterValues;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
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
public final class HeaderChecks {
    static final List<String> RATE_LIMIT = List.of("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");
    public static final String LINK = "/response/headers/link";
    static final String TOTAL_COUNT = "X-Total-Count";
    private static final Pattern INTEGER = Pattern.compile("^[0-9]{1,18}$");
    private static final Pattern LINK_VALUE = Pattern.compile("<([^>]*)>\\s*((?:;\\s*[^;,]+)*)");
    private static final Pattern REL = Pattern.compile("rel\\s*=\\s*\"?([^\";,]+)\"?", Pattern.CASE_INSENSITIVE);
    /** Clocks of client and server may differ a little. */
    private static final long SKEW_SECONDS = 300;

    private HeaderChecks() {
    }

    /**
     * {@code rate_limit_headers}: every response of an operation with {@code x-kit-rate-limit-category}, errors
     * included, carries {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset} as whole numbers;
     * Remaining is at most Limit; Reset is a Unix time (seconds) no earlier than now and no later than the end of
     * the category's window ({@code x-kit-rate-limits.<category>.window_seconds}, else {@link RateLimits#DEFAULT_WINDOW_SECONDS}).
     */
    static Verdict rateLimit(Exchange e) {
        Optional<Operation> op = e.testCase().operation();
        Optional<String> category = op.flatMap(o -> RateLimits.categoryOf(o.node()));
        if (category.isEmpty()) {
            return Verdict.SKIP;
        }
        List<Verdict.Problem> problems = new ArrayList<>();
        Map<String, Long> values = new LinkedHashMap<>();
        for (String name : RATE_LIMIT) {
            String pointer = "/response/headers/" + name.toLowerCase(Locale.ROOT);
            Optional<String> v = e.header(name);
            if (v.isEmpty()) {
                problems.add(new Verdict.Problem(pointer, "", name + " is missing; every response of an operation"
                        + " in rate-limit category '" + category.get() + "' carries it"));
            } else if (!INTEGER.matcher(v.get().trim()).matches()) {
                problems.add(new Verdict.Problem(pointer, Excerpts.quote(v.get()),
                        name + " is not a non-negative whole number"));
            } else {
                values.put(name, Long.parseLong(v.get().trim()));
            }
        }
        Long limit = values.get(RATE_LIMIT.get(0));
        Long remaining = values.get(RATE_LIMIT.get(1));
        Long reset = values.get(RATE_LIMIT.get(2));
        if (limit != null && remaining != null && remaining > limit) {
            problems.add(new Verdict.Problem("/response/headers/x-ratelimit-remaining", remaining.toString(),
                    "X-RateLimit-Remaining " + remaining + " is above X-RateLimit-Limit " + limit));
        }
        if (reset != null) {
            long now = Instant.now().getEpochSecond();
            long window = RateLimits.of(e.contract().document().root()).forOperation(op.get().node())
                    .map(RateLimits.Category::windowSeconds).orElse(RateLimits.DEFAULT_WINDOW_SECONDS);
            long latest = now + window + SKEW_SECONDS;
            if (reset < now - SKEW_SECONDS || reset > latest) {
                problems.add(new Verdict.Problem("/response/headers/x-ratelimit-reset", reset.toString(),
                        "X-RateLimit-Reset " + reset + " is not a plausible end of the window as Unix time in seconds"
                                + " (now " + now + ", window ends by " + latest + ")"));
            }
        }
        return Verdict.of(problems);
    }

    /**
     * {@code pagination_links} on one response: a successful page of an operation that declares a {@code Link}
     * header, whose body holds {@code total}, {@code offset} and one array, carries {@code rel="next"} exactly
     * when more items follow and {@code rel="last"} when there is at least one item. Following the links is
     * {@code Scenarios}' part.
     */
    static Verdict pagination(Exchange e) {
        Optional<Page> page = Page.of(e);
        if (page.isEmpty()) {
            return Verdict.SKIP;
        }
        Page p = page.get();
        Map<String, String> links = links(e.header("Link").orElse(""));
        List<Verdict.Problem> problems = new ArrayList<>();
        boolean more = p.offset() + p.count() < p.total();
        String value = Excerpts.quote(e.header("Link").orElse(""));
        if (more && !links.containsKey("next")) {
            problems.add(new Verdict.Problem(LINK, value, "no Link rel=\"next\" although more items follow (offset "
                    + p.offset() + ", " + p.count() + " on this page, total " + p.total() + ")"));
        } else if (!more && links.containsKey("next")) {
            problems.add(new Verdict.Problem(LINK, value, "Link rel=\"next\" although no more items follow (offset "
                    + p.offset() + ", " + p.count() + " on this page, total " + p.total() + ")"));
        }
        if (p.total() > 0 && !links.containsKey("last")) {
            problems.add(new Verdict.Problem(LINK, value, "no Link rel=\"last\" although there are " + p.total()
                    + " items"));
        }
        return Verdict.of(problems);
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

    /**
     * {@code response_headers_conformance}: every header the declared response marks {@code required} is present,
     * and every declared header that is present matches its schema (the text is read as the schema's type: a
     * whole number, a number, a boolean, a comma-separated array or a string). {@code Content-Type} is left to
     * {@code content_type_conformance}, as OpenAPI says.
     */
    static Verdict declared(Exchange e) {
        Optional<String> response = e.declaredResponse();
        if (response.isEmpty()) {
            return Verdict.SKIP;
        }
        var doc = e.contract().document();
        JsonNode headers = doc.at(response.get()).path("headers");
        if (!headers.isObject() || headers.isEmpty()) {
            return Verdict.SKIP;
        }
        List<Verdict.Problem> problems = new ArrayList<>();
        for (Iterator<String> it = headers.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (name.equalsIgnoreCase("Content-Type")) {
                continue;
            }
            String headerPointer = doc.resolvePointer(Pointers.append(
                    response.get() + "/headers", name));
            JsonNode header = doc.at(headerPointer);
            String pointer = "/response/headers/" + name.toLowerCase(Locale.ROOT);
            Optional<String> value = e.header(name);
            if (value.isEmpty()) {
                if (header.path("required").asBoolean(false)) {
                    problems.add(new Verdict.Problem(pointer, "", name + " is missing; the contract requires it on "
                            + e.status() + " responses of " + e.testCase().label()));
                }
                continue;
            }
            if (header.path("schema").isMissingNode()) {
                continue;
            }
            JsonNode typed = typed(value.get(), doc.resolve(header.path("schema")));
            e.contract().validator().validate(headerPointer + "/schema", typed, e.testCase().label())
                    .forEach(f -> problems.add(new Verdict.Problem(pointer, Excerpts.quote(value.get()),
                            name + ": " + (f.message().startsWith(f.pointer() + ": ")
                                    ? f.message().substring(f.pointer().length() + 2) : f.message()))));
        }
        return Verdict.of(problems);
    }

    /** The header's text as the JSON value its schema reads it as (OpenAPI's "simple" style; {@link ParameterValues}). */
    static JsonNode typed(String text, JsonNode schema) {
        return ParameterValues.header(schema, text);
    }
}
