package dev.contractkit.reference.forms;

import dev.contractkit.reference.forms.model.FormEnvelope;
import dev.contractkit.reference.forms.model.FormList;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.DemoCredentials;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.PublicUrl;
import dev.contractkit.reference.platform.ReadCache;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The payment forms service: extends the stub generated from {@code specs/openapi/forms.yaml}.
 *
 * <pre>
 * curl -H 'Authorization: Token token=kit-demo-forms-key' 'http://127.0.0.1:8081/forms?count=2&amp;offset=0'
 * curl -H 'Authorization: Token token=kit-demo-forms-key' http://127.0.0.1:8081/forms/1
 * </pre>
 */
final class FormsEndpoint extends FormsService {
    private static final String PREFIX = "Token token=";

    private final FormStore store;
    /** The documented demo key ({@link FormsModule#DEMO_KEY}). */
    static final String DEMO_KEY = "kit-demo-forms-key";
    private final List<byte[]> apiKeys;

    private final ReadCache<Long, byte[]> forms;
    private final ObjectMapper mapper;

    FormsEndpoint(FormStore store, List<String> apiKeys, ReadCache<Long, byte[]> forms, ObjectMapper mapper) {
        this.store = store;
        this.forms = forms;
        this.mapper = mapper;
        this.apiKeys = apiKeys.stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
    }

    @Override
    public void routing(HttpRules rules) {
        rules.any(this::authenticate);
        super.routing(rules);
    }

    private void authenticate(ServerRequest req, ServerResponse res) {
        String header = req.headers().first(HeaderNames.AUTHORIZATION).orElse("");
        String key = header.startsWith(PREFIX) ? header.substring(PREFIX.length()).trim() : "";
        if (!header.startsWith(PREFIX) || !known(key)) {
            throw ApiError.unauthorized("missing or invalid API key: send 'Authorization: Token token=<API key>'");
        }
        DemoCredentials.refuseIndirect(req, key.equals(DEMO_KEY), "forms API key", "KIT_FORMS_API_KEYS");
        res.next();
    }

    private boolean known(String key) {
        byte[] given = key.getBytes(StandardCharsets.UTF_8);
        boolean match = false;
        for (byte[] k : apiKeys) {
            match |= MessageDigest.isEqual(k, given);
        }
        return match;
    }

    @Override
    protected void handleGetForm(ServerRequest request, ServerResponse response, Long id) {
        // forms are never written through the API: the cache's time bound covers changes made outside it
        Json.send(response, forms.get(id, () -> {
            FormEnvelope body = new FormEnvelope();
            body.setForm(store.find(id).orElseThrow(() -> ApiError.notFound("form " + id + " not found")));
            return Json.bytes(mapper, body);
        }));
    }

    @Override
    protected void handleListForms(ServerRequest request, ServerResponse response,
                                   Optional<Integer> count, Optional<Integer> offset) {
        int c = count.orElse(10);
        int o = offset.orElse(0);
        FormList body = new FormList();
        body.setForms(store.list(c, o));
        long total = store.count();
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
