package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.PagingStalledException;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.Pages;
import okhttp3.Headers;
import retrofit2.Call;
import retrofit2.Response;

import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Lazy paging over {@code page}/{@code per_page}. Where the list ends is what the server says, in the contract's
 * order of precedence: {@code X-Next-Page} (empty on the last page), else the {@code Link} header's {@code next}
 * relation, else {@code X-Page} against {@code X-Total-Pages} (the original omits the totals for very large lists);
 * a response with none of them is the only page, and an empty page ends the walk whatever the headers say.
 */
final class Paged {
    private Paged() {
    }

    static <T> Stream<T> all(IntFunction<Call<List<T>>> page) {
        return Pages.walk(new Supplier<>() {
            private Integer next = 1;
            private List<T> previous;

            @Override
            public List<T> get() {
                if (next == null) {
                    return null;
                }
                int asked = next;
                Response<List<T>> r = Http.executeForResponse(page.apply(asked));
                List<T> items = r.body() == null ? List.of() : r.body();
                if (!items.isEmpty() && items.equals(previous)) {
                    throw new PagingStalledException("auto-paging stalled: page " + asked
                            + " repeats the previous page's " + items.size() + " items: stopped instead of looping");
                }
                previous = items;
                next = items.isEmpty() ? null : nextPage(r.raw(), asked).filter(n -> n > asked).orElse(null);
                return items;
            }
        });
    }

    /**
     * @param response a list response
     * @param asked    the page it answered
     * @return the next page, or empty on the last
     */
    static Optional<Integer> nextPage(okhttp3.Response response, int asked) {
        Headers h = response.headers();
        String next = h.get("X-Next-Page");
        if (next != null) {
            return number(next);
        }
        Optional<String> linked = Pages.nextLink(response).map(url -> url.queryParameter("page"));
        if (linked.isPresent()) {
            return number(linked.get());
        }
        Optional<Integer> total = number(h.get("X-Total-Pages"));
        if (total.isPresent()) {
            int current = number(h.get("X-Page")).orElse(asked);
            return current < total.get() ? Optional.of(current + 1) : Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<Integer> number(String s) {
        if (s == null || !s.trim().matches("\\d{1,9}")) {
            return Optional.empty();
        }
        return Optional.of(Integer.valueOf(s.trim()));
    }
}
