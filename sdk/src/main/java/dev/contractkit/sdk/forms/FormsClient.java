package dev.contractkit.sdk.forms;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.forms.api.FormsApi;
import dev.contractkit.sdk.forms.model.Form;
import dev.contractkit.sdk.platform.Http;
import dev.contractkit.sdk.platform.Pages;
import okhttp3.Interceptor;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * Client of the payment forms API (contract {@code specs/openapi/forms.yaml}).
 *
 * <pre>{@code
 * FormsClient forms = FormsClient.builder()
 *         .baseUrl("http://127.0.0.1:8081")
 *         .apiKey("kit-demo-forms-key")
 *         .build();
 * Form first = forms.get(1);
 * List<Form> page = forms.list(10, 0);
 * forms.all().forEach(f -> System.out.println(f.getTitle()));   // every form, page by page
 * }</pre>
 *
 * Every call throws an {@link ApiException} subclass on a non-2xx answer and a
 * {@link dev.contractkit.sdk.TransportException} when no answer arrives.
 */
public final class FormsClient {
    /** The contract's page size limit. */
    public static final int MAX_PAGE_SIZE = 100;

    private final FormsApi api;

    private FormsClient(FormsApi api) {
        this.api = api;
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
    public Form get(long id) {
        return Http.execute(api.getForm(id)).getForm();
    }

    /**
     * @param id the form's id
     * @return the form, asynchronously
     */
    public CompletableFuture<Form> getAsync(long id) {
        return Http.executeAsync(api.getForm(id)).thenApply(e -> e.getForm());
    }

    /**
     * Reads one page.
     *
     * @param count  page size, 1 to 100
     * @param offset forms to skip
     * @return the page (shorter than {@code count} when it is the last)
     */
    public List<Form> list(int count, int offset) {
        return Http.execute(api.listForms(count, offset)).getForms();
    }

    /**
     * @param count  page size, 1 to 100
     * @param offset forms to skip
     * @return the page, asynchronously
     */
    public CompletableFuture<List<Form>> listAsync(int count, int offset) {
        return Http.executeAsync(api.listForms(count, offset)).thenApply(l -> l.getForms());
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
        return Pages.byOffset(pageSize, offset -> list(pageSize, offset));
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
            return new FormsClient(Http.retrofit(configBuilder().build(), List.of(auth)).create(FormsApi.class));
        }
    }
}
