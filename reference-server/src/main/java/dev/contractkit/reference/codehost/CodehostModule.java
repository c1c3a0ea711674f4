package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.DemoCredentials;
import dev.contractkit.reference.platform.Secrets;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The code-hosting REST API, v4 under {@code /api/v4} and v5 under {@code /api/v5}, on one listener (default
 * port 8084) over one store: a runner paused through one version is paused in the other. Tokens come from
 * {@code KIT_CODEHOST_TOKENS} (comma-separated); the default is the documented demo token {@value #DEMO_TOKEN}
 * (loopback only: refused on any other {@code KIT_HOST}). Runner registration ({@code POST /runners}) takes a
 * registration token from {@code KIT_CODEHOST_REGISTRATION_TOKENS} instead (default {@value #DEMO_REGISTRATION_TOKEN},
 * loopback only too).
 * Each version is checked against its own contract ({@code codehost-v4.yaml}, {@code codehost-v5.yaml}).
 */
public final class CodehostModule implements ApiModule {
    /** The token a fresh server accepts unless {@code KIT_CODEHOST_TOKENS} says otherwise. */
    public static final String DEMO_TOKEN = "kit-demo-codehost-token";

    private final ObjectMapper mapper = new ObjectMapper();
    /** The registration token a fresh server accepts unless {@code KIT_CODEHOST_REGISTRATION_TOKENS} says otherwise. */
    public static final String DEMO_REGISTRATION_TOKEN = RunnerEndpoint.DEMO_REGISTRATION_TOKEN;

    private final List<byte[]> tokens;
    private final List<String> registrationTokens;
    private final Sql sql;

    /**
     * @param settings configuration
     * @param database the kit's database
     */
    public CodehostModule(Settings settings, Database database) {
        CodehostSettings codehost = CodehostSettings.from(settings);
        List<String> configured = codehost.tokens();
        DemoCredentials.refuseWhenExposed(settings, () -> configured.contains(DEMO_TOKEN) ? List.of(DEMO_TOKEN)
                : List.of(), "codehost token", "KIT_CODEHOST_TOKENS");
        this.tokens = configured.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
        this.registrationTokens = codehost.registrationTokens();
        DemoCredentials.refuseWhenExposed(settings, () -> registrationTokens.contains(DEMO_REGISTRATION_TOKEN)
                ? List.of(DEMO_REGISTRATION_TOKEN) : List.of(), "codehost registration token",
                "KIT_CODEHOST_REGISTRATION_TOKENS");
        this.sql = new Sql(database.dataSource());
    }

    @Override
    public Api api() {
        return Api.CODEHOST;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        for (Version v : Version.values()) {
            Endpoints endpoints = endpoints(v);
            routing.register(v.prefix(), gate(v, endpoints.runners()));
            v.services(endpoints::handler).forEach(routing::register);
        }
    }

    /** @return the handlers of one version's operations */
    Endpoints endpoints(Version v) {
        return new Endpoints(v, new RunnerEndpoint(v, new RunnerStore(sql), mapper, registrationTokens),
                new MergeRequestEndpoint(v, sql, mapper), new UserEndpoint(v, sql, mapper), new GeoEndpoint(v, sql, mapper),
                new LicenseEndpoint(sql, mapper));
    }

    /**
     * The contract's {@code PrivateToken} and {@code BearerToken} credentials (read by each operation's
     * {@link Admission}: {@code PRIVATE-TOKEN: <token>} or {@code Authorization: Bearer <token>}, as the original).
     */
    @Override
    public Admission.Setup admission() {
        Admission.Credentials token = Admission.Credentials.named("personal access token",
                t -> Secrets.find(tokens, b -> b, t).map(b -> Admission.Caller.of("token", "token"))
                        .map(c -> t.equals(DEMO_TOKEN) ? c.demo("codehost token", "KIT_CODEHOST_TOKENS") : c));
        return Admission.Setup.of(Map.of("PrivateToken", token, "BearerToken", token)).realm(api().id());
    }

    /** What comes before a version's operations: runner registration (its token in the body) and the 405 of a literal path. */
    private HttpService gate(Version v, RunnerEndpoint runners) {
        LiteralPaths literal = new LiteralPaths(v);
        return (HttpRules rules) -> {
            rules.post("/runners", runners.handler("registerRunner")); // the registration token in the body authenticates it
            rules.any(literal::check);
        };
    }

    /** The original's error shape: {@code {"message": "404 Runner Not Found"}}. */
    @Override
    public Object errorBody(ApiError error, String requestId) {
        String reason = error.fieldErrors().isEmpty() ? error.getMessage()
                : error.fieldErrors().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining("; "));
        String prefix = error.status().code() + " " + error.status().reasonPhrase();
        ObjectNode body = mapper.createObjectNode();
        body.put("message", error.status().code() == 404 && !reason.startsWith("no such path")
                ? error.status().code() + " " + reason : prefix + " - " + reason);
        return body;
    }
}
