package dev.contractkit.sdk.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.contractkit.sdk.AddOnSettings;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.ConfiguringBuilderAddOn;
import dev.contractkit.sdk.ErrorFormat;
import dev.contractkit.sdk.EventStream;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.ResponseBody;
import retrofit2.Invocation;
import retrofit2.Response;
import retrofit2.Retrofit;
import retrofit2.http.GET;
import retrofit2.http.Url;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What the clients generated from any OpenAPI document ({@code ./kit sdk}) call: Retrofit with the credentials
 * placed as the document's security schemes say, event streams, and link-following auto-paging. Not part of the
 * public API (the generated code is the only caller).
 */
public final class Generated {
    private Generated() {
    }

    /** Where each credential of a generated client goes: header, query parameter or cookie, by name. */
    public static final class Credentials {
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final Map<String, String> query = new LinkedHashMap<>();
        private final Map<String, String> cookies = new LinkedHashMap<>();
        private final Set<String> open = new HashSet<>();

        /** No credential yet: nothing is sent until one is put. */
        public Credentials() {
        }

        /**
         * @param in    {@code header}, {@code query} or {@code cookie} (the scheme's {@code in})
         * @param name  the header, parameter or cookie name
         * @param value the value (null: not sent)
         * @return this
         */
        public Credentials put(String in, String name, String value) {
            Map<String, String> target = switch (in) {
                case "query" -> query;
                case "cookie" -> cookies;
                default -> headers;
            };
            if (value == null) {
                target.remove(name);
            } else {
                target.put(name, value);
            }
            return this;
        }

        /**
         * @param operation an operation the contract leaves open ({@code security: []}), as
         *                  {@code <generated interface>.<method>}: its requests are sent without the credentials
         * @return this
         */
        public Credentials open(String operation) {
            open.add(operation);
            return this;
        }

        /** @return {@code interceptor}, skipped for the requests of the operations the contract leaves open */
        Interceptor unlessOpen(Interceptor interceptor) {
            Set<String> o = Set.copyOf(open);
            return o.isEmpty() ? interceptor : chain -> isOpen(chain.request(), o) ? chain.proceed(chain.request()) : interceptor.intercept(chain);
        }

        private static boolean isOpen(Request request, Set<String> open) {
            Invocation invocation = request.tag(Invocation.class);
            return invocation != null
                    && open.contains(invocation.method().getDeclaringClass().getSimpleName() + "." + invocation.method().getName());
        }

        Interceptor interceptor() {
            return unlessOpen(placing());
        }

        private Interceptor placing() {
            Map<String, String> h = Map.copyOf(headers);
            Map<String, String> q = Map.copyOf(query);
            String cookie = cookies.isEmpty() ? null : String.join("; ",
                    cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
            return chain -> {
                Request request = chain.request();
                Request.Builder b = request.newBuilder();
                h.forEach((name, value) -> {
                    if (request.header(name) == null) {
                        b.header(name, value);
                    }
                });
                if (!q.isEmpty()) {
                    HttpUrl.Builder url = request.url().newBuilder();
                    q.forEach(url::setQueryParameter);
                    b.url(url.build());
                }
                if (cookie != null) {
                    String before = request.header("Cookie");
                    b.header("Cookie", before == null ? cookie : before + "; " + cookie);
                }
                return chain.proceed(b.build());
            };
        }
    }

    /**
     * @param config      the client's configuration
     * @param credentials its credentials
     * @return Retrofit on the SDK's OkHttp (retries, time-outs, logging, per-call options)
     */
    public static Retrofit retrofit(ClientConfig config, Credentials credentials) {
        return retrofit(config, credentials, ErrorFormat.UNKNOWN);
    }

    /**
     * @param config      the client's configuration
     * @param credentials its credentials
     * @param errors      where its contract's error bodies hold code, message and request id
     * @return Retrofit on the SDK's OkHttp (retries, time-outs, logging, per-call options)
     */
    public static Retrofit retrofit(ClientConfig config, Credentials credentials, ErrorFormat errors) {
        return Http.retrofit(config, List.of(credentials.interceptor()), errors);
    }

    /**
     * A request interceptor a builder add-on contributes (credentials the contract's schemes cannot place, e.g. a
     * token that renews and is retried once when refused): it runs before the contract's credentials, so the header
     * it sets wins, and like them not for the operations the contract leaves open. None unless given.
     */
    public static final AddOnSettings.Key<Interceptor> INTERCEPTOR =
            AddOnSettings.Key.of("interceptor", Interceptor.class, chain -> chain.proceed(chain.request()));

    /**
     * What a generated client hands its add-ons in their settings: its Retrofit (OkHttp client with the SDK's
     * interceptors and the credentials, base URL), for what its operations cannot send (a WebSocket, a body with
     * explicit nulls).
     *
     * @param retrofit the client's Retrofit (null in settings not handed to a client)
     */
    public record Runtime(Retrofit retrofit) {
    }

    /** The generated client's {@link Runtime}, put into its add-ons' settings by {@link #attached}. */
    public static final AddOnSettings.Key<Runtime> RUNTIME = AddOnSettings.Key.of("runtime", Runtime.class, new Runtime(null));

    /**
     * @param config      the client's configuration
     * @param credentials its credentials
     * @param errors      where its contract's error bodies hold code, message and request id
     * @param addOns      the settings of its builder add-ons: their {@link #INTERCEPTOR}
     * @return Retrofit on the SDK's OkHttp, the add-ons' interceptor before the credentials
     */
    public static Retrofit retrofit(ClientConfig config, Credentials credentials, ErrorFormat errors, AddOnSettings addOns) {
        return Http.retrofit(config, List.of(credentials.unlessOpen(addOns.get(INTERCEPTOR)), credentials.interceptor()), errors);
    }

    /**
     * @param addOns   the settings given to a generated client's builder
     * @param retrofit the client's Retrofit
     * @return the settings with the client's {@link #RUNTIME}
     */
    public static AddOnSettings attached(AddOnSettings addOns, Retrofit retrofit) {
        return addOns.with(RUNTIME, new Runtime(retrofit));
    }

    /**
     * @param builder  a generated client's builder
     * @param config   the configuration given to it
     * @param settings its add-ons' settings
     * @return the configuration its {@link ConfiguringBuilderAddOn} answers, if it has one; else {@code config}
     */
    public static ClientConfig configured(Object builder, ClientConfig config, AddOnSettings settings) {
        return builder instanceof ConfiguringBuilderAddOn addOn ? addOn.configure(config, settings) : config;
    }

    /**
     * @param retrofit the client's Retrofit
     * @param template a call of a generated interface, never run itself (its request is sent with
     *                 {@code Accept: text/event-stream})
     * @return a call that answers the open event stream, or throws the family's exception for a non-2xx answer
     */
    public static Call<EventStream> events(Retrofit retrofit, retrofit2.Call<?> template) {
        // no read time-out between events: a stream may be quiet for a while; closing the stream ends it
        OkHttpClient streaming = Http.client(retrofit).newBuilder().readTimeout(Duration.ZERO).build();
        return new OkCall<>(streaming, () -> template.clone().request().newBuilder().header("Accept", "text/event-stream").build(),
                (call, response) -> {
                    if (!response.isSuccessful()) {
                        try (response) {
                            throw OkCall.failure(response, response.body() == null ? "" : response.body().string());
                        }
                    }
                    ResponseBody body = response.body();
                    if (body == null) {
                        response.close();
                        throw new IOException("the event stream has no body");
                    }
                    return new EventStream(body.source(), response);
                }, "open the event stream");
    }

    /** A GET of any URL on the client's Retrofit: the {@code next} links of paged lists. */
    interface Follow {
        @GET
        retrofit2.Call<ResponseBody> get(@Url HttpUrl url);
    }

    /**
     * Auto-paging over {@code Link: <...>; rel="next"} headers (RFC 8288), with the SDK's {@link Pages}.
     *
     * @param retrofit the client's Retrofit
     * @param first    the first page's call
     * @param type     the page's Java type (a list of items)
     * @param <T>      the item type
     * @return every item, lazily; a page that repeats ends the walk with a {@code PagingStalledException}
     */
    public static <T> Stream<T> byLink(Retrofit retrofit, Supplier<retrofit2.Call<List<T>>> first, TypeReference<List<T>> type) {
        Follow follow = retrofit.create(Follow.class);
        HttpUrl base = retrofit.baseUrl();
        Function<HttpUrl, Response<List<T>>> next = url -> {
            Response<ResponseBody> raw = Http.executeForResponse(follow.get(Pages.onOrigin(url, base)));
            try (ResponseBody body = raw.body()) {
                List<T> page = body == null ? List.of() : Http.MAPPER.readValue(body.byteStream(), type);
                return Response.success(page == null ? List.of() : page, raw.raw());
            } catch (IOException e) {
                throw Http.transport(raw.raw().request(), e);
            }
        };
        return Pages.byLink(() -> Http.executeForResponse(first.get()), next, page -> page == null ? List.of() : new ArrayList<>(page));
    }

    /**
     * Auto-paging over {@code Link: <...>; rel="next"} headers where each page is an object holding the items.
     *
     * @param retrofit the client's Retrofit
     * @param first    the first page's call
     * @param type     the page's Java type
     * @param items    the items of a page
     * @param <P>      the page type
     * @param <T>      the item type
     * @return every item, lazily; a page that repeats ends the walk with a {@code PagingStalledException}
     */
    public static <P, T> Stream<T> byLinkPages(Retrofit retrofit, Supplier<retrofit2.Call<P>> first, Class<P> type,
                                              Function<P, List<T>> items) {
        Follow follow = retrofit.create(Follow.class);
        HttpUrl base = retrofit.baseUrl();
        Function<HttpUrl, Response<P>> next = url -> {
            Response<ResponseBody> raw = Http.executeForResponse(follow.get(Pages.onOrigin(url, base)));
            try (ResponseBody body = raw.body()) {
                return Response.success(body == null ? null : Http.MAPPER.readValue(body.byteStream(), type), raw.raw());
            } catch (IOException e) {
                throw Http.transport(raw.raw().request(), e);
            }
        };
        return Pages.byLink(() -> Http.executeForResponse(first.get()), next,
                page -> page == null || items.apply(page) == null ? List.of() : new ArrayList<>(items.apply(page)));
    }

    /**
     * Auto-paging by offset: pages of {@code pageSize} until a shorter one, or, where the contract declares a
     * {@code Link} header, until a page whose {@code Link} names no {@code rel="next"}.
     *
     * @param pageSize items per request
     * @param fetch    the page at an offset
     * @param items    the items of a page
     * @param linked   whether the contract declares the {@code Link} header on the answer
     * @param <P>      the page type
     * @param <T>      the item type
     * @return every item, lazily
     */
    public static <P, T> Stream<T> byOffset(int pageSize, java.util.function.IntFunction<retrofit2.Call<P>> fetch,
                                            Function<P, List<T>> items, boolean linked) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("pageSize must be at least 1, was " + pageSize);
        }
        boolean[] last = {false};
        return Pages.byOffset(pageSize, offset -> {
            if (last[0]) {
                return List.of();
            }
            Response<P> response = Http.executeForResponse(fetch.apply(offset));
            if (linked && Pages.nextLink(response.raw()).isEmpty()) {
                last[0] = true;
            }
            P page = response.body();
            List<T> list = page == null ? null : items.apply(page);
            return list == null ? List.of() : list;
        });
    }

    /**
     * Auto-paging over a cursor: each page names the next one (a {@code next} field), the request sends it back.
     *
     * @param fetch  the page for a cursor (null: the first page)
     * @param items  the items of a page
     * @param cursor the next page's cursor of a page (null or empty: the last page)
     * @param <P>    the page type
     * @param <T>    the item type
     * @return every item, lazily
     */
    public static <P, T> Stream<T> byCursor(Function<String, retrofit2.Call<P>> fetch, Function<P, List<T>> items,
                                            Function<P, String> cursor) {
        return Pages.byCursor(c -> Http.execute(fetch.apply(c)), items, cursor);
    }
}
