package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.PagingStalledException;
import okhttp3.HttpUrl;
import retrofit2.Response;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Lazy auto-paging: fetches the next page only when the caller reaches it. Offset-based lists stop at a
 * page shorter than the page size (or empty); linked lists follow {@code Link: <url>; rel="next"} (RFC 8288)
 * and stop when there is none. A page that does not advance (the previous page's items again, or a {@code next} link
 * to a page already read) ends the walk with a {@link PagingStalledException} instead of looping forever.
 * Not part of the public API.
 */
public final class Pages {
    /** One link-value: the URI reference and its parameters (up to the next link-value). */
    private static final Pattern LINK = Pattern.compile("<([^>]*)>([^<]*)");
    private static final Pattern REL = Pattern.compile("(?i)(?:^|;)\\s*rel\\s*=\\s*(?:\"([^\"]*)\"|([^\\s;,]+))");
    private Pages() {
    }

    /**
     * @param pageSize  items per page
     * @param fetchPage offset to one page of items
     * @param <T>       item type
     * @return every item, lazily
     */
    public static <T> Stream<T> byOffset(int pageSize, IntFunction<List<T>> fetchPage) {
        return new Walk<T>() {
            private int offset;
            private boolean last;
            private List<T> previous;
            private int previousOffset;

            @Override
            List<T> nextPage() {
                if (last) {
                    return null;
                }
                List<T> page = fetchPage.apply(offset);
                if (!page.isEmpty() && page.equals(previous)) {
                    throw new PagingStalledException("auto-paging stalled: the page at offset " + offset
                            + " repeats the page at offset " + previousOffset + " (" + page.size()
                            + " items): the server does not advance; stopped instead of looping");
                }
                previous = page;
                previousOffset = offset;
                offset += page.size();
                last = page.size() < pageSize;
                return page;
            }
        }.stream();
    }

    /**
     * @param first    fetches the first page
     * @param follow   fetches the page a {@code next} link points to
     * @param items    the items of a page body
     * @param <P>      page type
     * @param <T>      item type
     * @return every item, lazily; stops at a page without a {@code next} link, or at an empty page (even if a
     *         broken {@code next} link follows)
     */
    public static <P, T> Stream<T> byLink(Supplier<Response<P>> first, Function<HttpUrl, Response<P>> follow,
                                          Function<P, List<T>> items) {
        return new Walk<T>() {
            private HttpUrl next;
            private boolean started;
            private List<T> previous;
            private final Set<HttpUrl> visited = new HashSet<>();

            @Override
            List<T> nextPage() {
                if (started && next == null) {
                    return null;
                }
                Response<P> response = started ? follow.apply(next) : first.get();
                started = true;
                HttpUrl current = response.raw().request().url();
                visited.add(current);
                next = nextLink(response.raw()).orElse(null);
                List<T> page = response.body() == null ? List.of() : items.apply(response.body());
                if (!page.isEmpty() && next != null && visited.contains(next)) {
                    throw new PagingStalledException("auto-paging stalled: the next link of " + current
                            + " points to a page already read (" + next + "): stopped instead of looping");
                }
                if (!page.isEmpty() && page.equals(previous)) {
                    throw new PagingStalledException("auto-paging stalled: " + current
                            + " repeats the previous page's " + page.size() + " items: stopped instead of looping");
                }
                previous = page;
                return page;
            }
        }.stream();
    }

    /**
     * @param fetch  the page for a cursor (null for the first page)
     * @param items  the items of a page
     * @param cursor the cursor of the page after a page (null or empty: it is the last page)
     * @param <P>    page type
     * @param <T>    item type
     * @return every item, lazily; a cursor already followed ends the walk with a {@link PagingStalledException}
     */
    public static <P, T> Stream<T> byCursor(Function<String, P> fetch, Function<P, List<T>> items, Function<P, String> cursor) {
        return new Walk<T>() {
            private String next;
            private boolean started;
            private final Set<String> seen = new HashSet<>();

            @Override
            List<T> nextPage() {
                if (started && (next == null || next.isEmpty())) {
                    return null;
                }
                if (started && !seen.add(next)) {
                    throw new PagingStalledException("auto-paging stalled: the cursor '" + next
                            + "' was already followed: stopped instead of looping");
                }
                P body = fetch.apply(started ? next : null);
                started = true;
                next = body == null ? null : cursor.apply(body);
                return body == null ? null : items.apply(body);
            }
        }.stream();
    }

    /**
     * @param nextPage fetches the next page when the caller reaches it; null or an empty page ends the walk
     * @param <T>      item type
     * @return every item of the pages, lazily
     */
    public static <T> Stream<T> walk(Supplier<List<T>> nextPage) {
        return new Walk<T>() {
            @Override
            List<T> nextPage() {
                return nextPage.get();
            }
        }.stream();
    }

    /**
     * The walk every kind of paging shares: items of the current page, then the next page when the caller reaches
     * it; no page (null) or an empty one ends the walk.
     *
     * @param <T> item type
     */
    private abstract static class Walk<T> implements Iterator<T> {
        private List<T> page = List.of();
        private int index;
        private boolean ended;

        /** @return the next page, or null when there is none */
        abstract List<T> nextPage();

        @Override
        public boolean hasNext() {
            while (!ended && index >= page.size()) {
                List<T> next = nextPage();
                page = next == null ? List.of() : next;
                index = 0;
                ended = page.isEmpty();
            }
            return !ended;
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return page.get(index++);
        }

        Stream<T> stream() {
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL), false);
        }
    }

    /**
     * @param response a response
     * @return the target of its {@code rel="next"} link, resolved against the request URL
     */
    public static Optional<HttpUrl> nextLink(okhttp3.Response response) {
        for (String header : response.headers("Link")) {
            Matcher link = LINK.matcher(header);
            while (link.find()) {
                Matcher rel = REL.matcher(link.group(2));
                if (rel.find()) {
                    String rels = rel.group(1) != null ? rel.group(1) : rel.group(2);
                    for (String r : rels.trim().split("\\s+")) {
                        if (r.equalsIgnoreCase("next")) {
                            return Optional.ofNullable(response.request().url().resolve(link.group(1).trim()));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Moves a link onto the client's origin (scheme, host, port), keeping its path and query: a server behind
     * a proxy may announce its internal address, and credentials must not travel to another host.
     *
     * @param link the link
     * @param base the client's base URL
     * @return the link on the base URL's origin
     */
    public static HttpUrl onOrigin(HttpUrl link, HttpUrl base) {
        return link.newBuilder().scheme(base.scheme()).host(base.host()).port(base.port()).build();
    }
}
