package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.platform.Http;
import retrofit2.Call;
import retrofit2.Response;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** Lazy paging over {@code page}/{@code per_page}, following {@code X-Next-Page} until it is empty. */
final class Paged {
    private Paged() {
    }

    static <T> Stream<T> all(IntFunction<Call<List<T>>> page) {
        Iterator<T> it = new Iterator<>() {
            private Iterator<T> current = List.<T>of().iterator();
            private Integer next = 1;

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && next != null) {
                    Response<List<T>> r = Http.executeForResponse(page.apply(next));
                    current = r.body() == null ? List.<T>of().iterator() : r.body().iterator();
                    String n = r.headers().get("X-Next-Page");
                    next = n == null || n.isBlank() ? null : Integer.valueOf(n.trim());
                }
                return current.hasNext();
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED), false);
    }
}
