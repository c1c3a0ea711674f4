package dev.contractkit.reference.forms;

import dev.contractkit.reference.forms.model.FormEnvelope;
import dev.contractkit.reference.forms.model.FormList;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.PublicUrl;
import dev.contractkit.reference.platform.ReadCache;
import dev.contractkit.reference.platform.Secrets;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The payment forms service: extends the stub generated from {@code specs/openapi/forms.yaml}.
 *
 * <pre>
 * curl -H 'Authorization: Token token=kit-demo-forms-key' 'http://127.0.0.1:8081/forms?count=2&amp;offset=0'
 * curl -H 'Authorization: Token token=kit-demo-forms-key' http://127.0.0.1:8081/forms/1
 * </pre>
 */
final class FormsEndpoint extends FormsService {
    private final FormStore store;
    /** The documented demo key ({@link FormsModule#DEMO_KEY}). */
    static final String DEMO_KEY = "kit-demo-forms-key";
    /** The account of a key configured without one. */
    static final String DEFAULT_ACCOUNT = "default";
    private static final Pattern ACCOUNT = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    /** An accepted API key and the account whose forms it reads. */
    record ApiKey(String account, byte[] key) {
        /**
         * @param entry one {@code KIT_FORMS_API_KEYS} entry: {@code <account>:<key>}, or a bare key (the demo key's
         *              account is {@value FormStore#DEMO_ACCOUNT}, any other's {@value #DEFAULT_ACCOUNT})
         * @throws IllegalArgumentException for an account name outside {@code [A-Za-z0-9._-]{1,100}} or an empty key
         */
        static ApiKey parse(String entry) {
            int colon = entry.indexOf(':');
            String account = colon < 0 ? (entry.equals(DEMO_KEY) ? FormStore.DEMO_ACCOUNT : DEFAULT_ACCOUNT)
                    : entry.substring(0, colon);
            String key = colon < 0 ? entry : entry.substring(colon + 1);
            if (!ACCOUNT.matcher(account).matches() || key.isEmpty()) {
                throw new IllegalArgumentException("KIT_FORMS_API_KEYS: an entry is <account>:<key> or <key>, the "
                        + "account made of letters, digits, '.', '_' or '-' (at most 100), the key not empty");
            }
            return new ApiKey(account, key.getBytes(StandardCharsets.UTF_8));
        }

        String text() {
            return new String(key, StandardCharsets.UTF_8);
        }
    }

    private final List<ApiKey> apiKeys;

    /** Serialized single forms by account and id. */
    private final ReadCache<List<Object>, byte[]> forms;
    /** The envelope's writer, built once (skips the mapper's per-call look-up of the type's serializer). */
    private final ObjectWriter formWriter;

    FormsEndpoint(FormStore store, List<ApiKey> apiKeys, ReadCache<List<Object>, byte[]> forms, ObjectMapper mapper) {
        this.store = store;
        this.forms = forms;
        this.formWriter = mapper.writerFor(FormEnvelope.class);
        this.apiKeys = List.copyOf(apiKeys);
    }

    /**
     * The contract's {@code TokenAuth} credential ({@code Authorization: Token token=<key>}, read by the operation's
     * {@link Admission}): the key's account, every key compared in constant time.
     *
     * @return the scheme's credentials
     */
    Admission.Credentials credentials() {
        return Admission.Credentials.named("API key", key -> Secrets.find(apiKeys, ApiKey::key, key)
                .map(k -> Admission.Caller.of(k.account(), k.account()))
                .map(c -> key.equals(DEMO_KEY) ? c.demo("forms API key", "KIT_FORMS_API_KEYS") : c));
    }

    /** @return the account of the request's key (admitted before any handler runs) */
    private static String account(ServerRequest req) {
        return Admission.admitted(req).principal(String.class);
    }

    @Override
    protected void handleGetForm(ServerRequest request, ServerResponse response, Long id) {
        // forms are never written through the API: the cache's time bound covers changes made outside it
        String account = account(request);
        Json.send(response, forms.get(List.of(account, id), () -> {
            FormEnvelope body = new FormEnvelope();
            // another account's form answers as a form that does not exist (its existence is not told)
            body.setForm(store.find(account, id).orElseThrow(() -> ApiError.notFound("form " + id + " not found")));
            return Json.bytes(formWriter, body);
        }));
    }

    @Override
    protected void handleListForms(ServerRequest request, ServerResponse response,
                                   Optional<Integer> count, Optional<Integer> offset) {
        int c = count.orElse(10);
        int o = offset.orElse(0);
        String account = account(request);
        FormList body = new FormList();
        body.setForms(store.list(account, c, o));
        long total = store.count(account);
        ListFormsOp.Response200.builder(total).link(links(request, c, o, total)).response(body).send(response);
    }

    /**
     * {@code Link} with {@code rel="next"} (while forms follow) and {@code rel="last"} (when there is one), under the
     * listener's public origin, keeping the request's other query parameters; null when neither applies.
     */
    static String links(ServerRequest req, int count, int offset, long total) {
        List<String> out = new ArrayList<>();
        if (offset + (long) count < total) {
            out.add("<" + PublicUrl.pageLink(req, PAGING, "count=" + count + "&offset=" + (offset + count))
                    + ">; rel=\"next\"");
        }
        if (total > 0) {
            out.add("<" + PublicUrl.pageLink(req, PAGING, "count=" + count + "&offset=" + (total - 1) / count * count)
                    + ">; rel=\"last\"");
        }
        return out.isEmpty() ? null : String.join(", ", out);
    }

    private static final Set<String> PAGING = Set.of("count", "offset");
}
