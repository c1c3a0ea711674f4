package dev.contractkit.sdk.forms;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.forms.api.FormsApi;
import dev.contractkit.sdk.forms.model.Form;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.internal.Pages;
import okhttp3.Interceptor;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Client of the payment forms API (contract {@code specs/openapi/forms.yaml}).
 *
 * <pre>{@code
 * FormsClient forms = FormsClient.builder()
 *         .baseUrl("http://127.0.0.1:8081")
 *         .apiKey("kit-demo-forms-key")
 *         .build();
 * Form first = forms.get(1).execute();
 * List<Form> page = forms.list(10, 0).executeAsync().join();
 * forms.all().forEach(f -> System.out.println(f.getTitle()));   // every form, page by page
 * forms.close();                                                // or try-with-resources
 * }</pre>
 *
 * Each operation returns a {@link Call} (run it with {@code execute()}, {@code executeAsync()} or
 * {@code executeRaw()}). Every call throws an {@link ApiException} subclass on a non-2xx answer and a
 * {@link dev.contractkit.sdk.TransportException} when no answer arrives.
 */
public final class FormsClient implements AutoCloseable {
    /** The contract's page size limit. */
    public static final int MAX_PAGE_SIZE = 100;

    private final FormsApi api;
    private final ClientConfig config;

    private FormsClient(FormsApi api, ClientConfig config) {
        this.api = api;
        this.config = config;
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads one form.
     *
     * @param id the form's id
     * @return the form
     * @throws dev.contractkit.sdk.NotFoundException when there is no such form
     */
    public Call<Form> get(long id) {
        return HttpCall.of(api.getForm(id)).map(r -> r.getForm());
    }

    /**
     * Reads one page.
     *
     * @param count  page size, 1 to 100
     * @param offset forms to skip
     * @return the page (shorter than {@code count} when it is the last); a full page may be the last too: the
     * answer's {@code X-Total-Count} and {@code Link rel="next"} headers ({@code list(...).executeRaw()}) say whether
     * more follow, and {@link #all()} walks every page
     */
    public Call<List<Form>> list(int count, int offset) {
        return HttpCall.of(api.listForms(count, offset)).map(r -> r.getForms());
    }

    /**
     * Releases the connection pool and threads this client made (not those of a shared {@link ClientConfig} or of the
     * caller's OkHttp client).
     */
    @Override
    public void close() {
        config.close();
    }

    /** @return every form, fetched lazily 100 at a time */
    public Stream<Form> all() {
        return all(MAX_PAGE_SIZE);
    }

    /**
     * @param pageSize forms per request, 1 to 100
     * @return every form, fetched lazily page by page
     */
    public Stream<Form> all(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be 1.." + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        return Pages.byOffset(pageSize, offset -> list(pageSize, offset).execute());
    }

    /**
     * Builds a {@link FormsClient}; base URL and API key are required.
     *
     * <pre>{@code
     * FormsClient forms = FormsClient.builder().baseUrl("http://127.0.0.1:8081").apiKey("kit-demo-forms-key").build();
     * }</pre>
     */
    public static final class Builder extends ClientBuilder<Builder> {
        private String apiKey;

        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @param apiKey the account's API key, sent as {@code Authorization: Token token=<key>}
         * @return this builder
         */
        public Builder apiKey(String apiKey) {
            this.apiKey = Objects.requireNonNull(apiKey, "apiKey == null");
            return this;
        }

        /**
         * @return the client
         * @throws IllegalStateException when the base URL or the API key is missing
         */
        public FormsClient build() {
            if (apiKey == null) {
                throw new IllegalStateException("API key required.");
            }
            String header = "Token token=" + apiKey;
            Interceptor auth = chain -> chain.proceed(chain.request().newBuilder().header("Authorization", header).build());
            ClientConfig config = configBuilder().build();
            return new FormsClient(Http.retrofit(config, List.of(auth)).create(FormsApi.class), config);
        }
    }
}
