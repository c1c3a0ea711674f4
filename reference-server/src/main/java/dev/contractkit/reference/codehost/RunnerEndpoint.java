package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.DemoCredentials;
import dev.contractkit.reference.platform.Secrets;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The runner operations of one version.
 *
 * <pre>
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' 'http://127.0.0.1:8084/api/v4/runners/all?paused=true'
 * curl -X PUT -H 'PRIVATE-TOKEN: kit-demo-codehost-token' -d active=false http://127.0.0.1:8084/api/v4/runners/6
 * curl -X PUT -H 'PRIVATE-TOKEN: kit-demo-codehost-token' -d paused=true http://127.0.0.1:8084/api/v5/runners/6
 * </pre>
 */
final class RunnerEndpoint {
    private final Version version;
    private final RunnerStore store;
    private final ObjectMapper mapper;
    /** The documented demo registration token ({@link CodehostModule#DEMO_REGISTRATION_TOKEN}). */
    static final String DEMO_REGISTRATION_TOKEN = "kit-demo-registration-token";
    private final List<byte[]> registrationTokens;

    RunnerEndpoint(Version version, RunnerStore store, ObjectMapper mapper, List<String> registrationTokens) {
        this.version = version;
        this.store = store;
        this.mapper = mapper;
        this.registrationTokens = registrationTokens.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /**
     * {@code POST /runners}: the runner client's registration, authenticated by the registration token in the body
     * (routed before the personal-access-token check). v4 takes {@code paused} and the deprecated {@code active}
     * (they must agree); v5 {@code paused} only.
     */
    void register(ServerRequest req, ServerResponse res) {
        if (version == Version.V5 && formHas(req, "active")) {
            throw ApiError.invalid("active is not accepted in v5: send paused (paused = !active)");
        }
        ObjectNode body = Requests.body(req, mapper, version.rules(), "RunnerRegistrationRequest");
        if (Secrets.find(registrationTokens, t -> t, body.path("token").asText()).isEmpty()) {
            throw ApiError.forbidden("invalid registration token");
        }
        if (body.path("token").asText().equals(DEMO_REGISTRATION_TOKEN)) {
            DemoCredentials.indirect(req).ifPresent(why -> {
                throw ApiError.forbidden(DemoCredentials.message("codehost registration token", why,
                        "KIT_CODEHOST_REGISTRATION_TOKENS"));
            });
        }
        boolean active = activeFrom(body, true);
        long id = store.register(text(body, "description", ""), active,
                body.has("tag_list") ? normalizeTags(body.get("tag_list").asText()) : "",
                body.path("locked").asBoolean(false),
                body.has("maximum_timeout") ? Integer.valueOf(body.get("maximum_timeout").asInt()) : null);
        ObjectNode out = mapper.createObjectNode();
        out.put("id", id);
        out.put("token", "glrt-" + HexFormat.of().formatHex(bytes(16))); // not kept: no runner-side endpoints
        out.putNull("token_expires_at");
        res.status(Status.CREATED_201).send(out);
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /** {@code active} and/or {@code paused} from a body (they must agree), else the fallback. */
    private static boolean activeFrom(JsonNode body, boolean fallback) {
        Boolean active = body.has("active") ? body.get("active").asBoolean() : null;
        if (body.has("paused")) {
            boolean fromPaused = !body.get("paused").asBoolean();
            if (active != null && active != fromPaused) {
                throw ApiError.invalid("active and paused contradict each other: paused must be !active");
            }
            active = fromPaused;
        }
        return active == null ? fallback : active;
    }

    /** @return the handler of one of the version's runner operations (its stub routes them), null for another operation */
    Handler handler(String operationId) {
        return switch (operationId) {
            case "registerRunner" -> this::register;
            case "listRunners" -> (req, res) -> list(req, res, operationId, store::owned);
            case "listAllRunners" -> (req, res) -> list(req, res, operationId, store::all);
            case "getRunner" -> this::get;
            case "updateRunner" -> this::update;
            case "listProjectRunners" -> this::listOfProject;
            case "assignProjectRunner" -> this::assign;
            case "listGroupRunners" -> this::listOfGroup;
            default -> null;
        };
    }

    private void listOfProject(ServerRequest req, ServerResponse res) {
        long project = Requests.id(req, "id");
        version.rules().query("listProjectRunners", req);
        if (!store.projectExists(project)) {
            throw ApiError.notFound("Project Not Found");
        }
        list(req, res, "listProjectRunners", () -> store.ofProject(project));
    }

    private void listOfGroup(ServerRequest req, ServerResponse res) {
        long group = Requests.id(req, "id");
        version.rules().query("listGroupRunners", req);
        if (!store.groupExists(group)) {
            throw ApiError.notFound("Group Not Found");
        }
        list(req, res, "listGroupRunners", () -> store.ofGroup(group));
    }

    private void list(ServerRequest req, ServerResponse res, String operationId, Supplier<List<Runner>> source) {
        version.rules().query(operationId, req);
        Optional<String> type = req.query().first("type").asOptional();
        Optional<String> status = req.query().first("status").asOptional();
        Optional<Boolean> paused = req.query().first("paused").asOptional().map(Boolean::parseBoolean);
        List<String> tags = req.query().first("tag_list").asOptional()
                .map(t -> List.of(t.split(","))).orElse(List.of());
        List<Runner> matching = source.get().stream()
                .filter(r -> type.map(r.runnerType()::equals).orElse(true))
                .filter(r -> status.map(s -> matchesStatus(r, s)).orElse(true))
                .filter(r -> paused.map(p -> r.paused() == p).orElse(true))
                .filter(r -> r.tags().containsAll(tags))
                .toList();
        ArrayNode body = mapper.createArrayNode();
        Paging.of(req).apply(matching, req, res).forEach(r -> body.add(r.render(version, false, mapper)));
        res.send(body);
    }

    /** v4 also takes the deprecated {@code active} and {@code paused}; the contact states compare by contact. */
    private boolean matchesStatus(Runner r, String status) {
        return switch (status) {
            case "active" -> r.active();
            case "paused" -> r.paused();
            default -> r.contactState(version).equals(status);
        };
    }

    private void get(ServerRequest req, ServerResponse res) {
        res.send(find(Requests.id(req, "id")).render(version, true, mapper));
    }

    /**
     * v4: {@code active} and/or {@code paused} (they must agree). v5: {@code paused} only; {@code active} is refused.
     */
    private void update(ServerRequest req, ServerResponse res) {
        long id = Requests.id(req, "id");
        if (version == Version.V5 && formHas(req, "active")) {
            throw ApiError.invalid("active is not accepted in v5: send paused (paused = !active)");
        }
        ObjectNode body = Requests.body(req, mapper, version.rules(), "RunnerUpdate");
        Runner r = find(id);
        boolean active = activeFrom(body, r.active());
        Runner updated = new Runner(r.id(), text(body, "description", r.description()), r.name(),
                active, r.runnerType(), r.contact(), r.contactedAt(),
                body.has("tag_list") ? normalizeTags(body.get("tag_list").asText()) : r.tagList(),
                body.has("locked") ? body.get("locked").asBoolean() : r.locked(),
                body.has("maximum_timeout") ? Integer.valueOf(body.get("maximum_timeout").asInt()) : r.maximumTimeout(),
                r.groupId());
        store.update(updated);
        res.send(updated.render(version, true, mapper));
    }

    /** Looks at the body as sent: v5 must refuse {@code active} with its own message, before the schema check. */
    private boolean formHas(ServerRequest req, String field) {
        return Requests.fieldsAsSent(req, mapper).map(f -> f.has(field)).orElse(false);
    }

    private void assign(ServerRequest req, ServerResponse res) {
        long project = Requests.id(req, "id");
        version.rules().query("assignProjectRunner", req);
        Optional<Long> inQuery = req.query().first("runner_id").asOptional().map(Long::parseLong);
        long runnerId;
        if (Requests.hasBody(req)) {
            runnerId = Requests.body(req, mapper, version.rules(), "RunnerAssignment").get("runner_id").asLong();
        } else {
            runnerId = inQuery.orElseThrow(() -> ApiError.invalid("runner_id is required (in the body or the query string)"));
        }
        if (!store.projectExists(project)) {
            throw ApiError.notFound("Project Not Found");
        }
        Runner r = find(runnerId);
        if (!r.runnerType().equals("project_type")) {
            throw ApiError.invalid("runner_id: only project runners can be assigned to a project");
        }
        if (store.assigned(project, r.id())) {
            throw ApiError.invalid("runner_id: the runner is already assigned to this project");
        }
        store.assign(project, r.id());
        res.status(Status.CREATED_201).send(r.render(version, false, mapper));
    }

    private Runner find(long id) {
        return store.find(id).orElseThrow(() -> ApiError.notFound("Runner Not Found"));
    }

    private static String text(JsonNode body, String field, String fallback) {
        return body.has(field) ? body.get(field).asText() : fallback;
    }

    private static String normalizeTags(String tags) {
        return String.join(",", Arrays.stream(tags.split(",")).map(String::trim).filter(t -> !t.isEmpty())
                .distinct().toList());
    }
}
