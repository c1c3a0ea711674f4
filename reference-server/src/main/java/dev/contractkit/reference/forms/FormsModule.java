package dev.contractkit.reference.forms;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.forms.model.Error;
import dev.contractkit.reference.forms.model.ErrorBody;
import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.DemoCredentials;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.ReadCache;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import io.helidon.webserver.http.HttpRouting;

import java.util.List;
import java.util.Map;

/**
 * The payment forms API on its own listener (default port 8081).
 * API keys come from {@code KIT_FORMS_API_KEYS} (comma-separated {@code <account>:<key>} entries; a bare key
 * belongs to the account {@code default}); the default is the documented demo key {@value #DEMO_KEY} (account
 * {@code demo}), for a server that binds to loopback (refused on any other {@code KIT_HOST}). A key reads its own
 * account's forms only. The demo forms exist only in the embedded default database (no {@code KIT_DB_URL}).
 */
public final class FormsModule implements ApiModule {
    /** The key a fresh server accepts unless {@code KIT_FORMS_API_KEYS} says otherwise. */
    public static final String DEMO_KEY = FormsEndpoint.DEMO_KEY;

    private final ObjectMapper mapper = Json.snakeCase();
    private final FormsEndpoint endpoint;

    /**
     * @param settings configuration
     * @param database the kit's database
     */
    public FormsModule(Settings settings, Database database) {
        FormsSettings forms = FormsSettings.from(settings);
        List<FormsEndpoint.ApiKey> keys = forms.apiKeys();
        DemoCredentials.refuseWhenExposed(settings, () -> keys.stream().anyMatch(k -> k.text().equals(DEMO_KEY))
                ? List.of(DEMO_KEY) : List.of(), "forms API key", "KIT_FORMS_API_KEYS");
        FormStore store = new FormStore(database.dataSource());
        if (database.embedded()) {
            store.seedDemo(); // demo data only in the embedded default database, never in a configured one
        }
        this.endpoint = new FormsEndpoint(store, keys, new ReadCache<>(forms.readCache().toMillis()), mapper);
    }

    @Override
    public Api api() {
        return Api.FORMS;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public Admission.Setup admission() {
        return Admission.Setup.of(Map.of("TokenAuth", endpoint.credentials()));
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        routing.register("/forms", endpoint);
    }

    @Override
    public Object errorBody(ApiError error, String requestId) {
        ErrorBody body = new ErrorBody();
        body.setCode(ErrorBody.CodeEnum.fromValue(error.code()));
        body.setMessage(error.getMessage());
        body.setRequestId(requestId);
        Error envelope = new Error();
        envelope.setError(body);
        return envelope;
    }
}
