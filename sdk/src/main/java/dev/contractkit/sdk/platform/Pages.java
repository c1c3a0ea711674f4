package dev.contractkit.sdk.platform;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Lazy auto-paging over offset-based lists: fetches the next page only when the caller reaches it,
 * and stops at a page shorter than the page size (or empty). Not part of the public API.
 */
public final class Pages {
    private Pages() {
    }

    /**
     * @param pageSize  items per page
     * @param fetchPage offset to one page of items
     * @param <T>       item type
     * @return every item, lazily
     */
    public static <T> Stream<T> byOffset(int pageSize, IntFunction<List<T>> fetchPage) {
        Iterator<T> it = new Iterator<>() {
            private List<T> page = List.of();
            private int index;
            private int offset;
            private boolean last;

            @Override
            public boolean hasNext() {
                while (index >= page.size()) {
                    if (last) {
                        return false;
                    }
                    page = fetchPage.apply(offset);
                    index = 0;
                    offset += page.size();
                    last = page.size() < pageSize;
                    if (page.isEmpty()) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.get(index++);
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL), false);
    }
}
