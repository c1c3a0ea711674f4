package dev.contractkit.reference.answers;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.answers.model.ErrorDetail;
import dev.contractkit.reference.answers.model.ErrorEnvelope;
import dev.contractkit.reference.answers.model.ErrorReason;
import dev.contractkit.reference.answers.model.FailureKind;
import dev.contractkit.reference.answers.model.RefusalEnvelope;
import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.Cluster;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.ModelProfiles;
import dev.contractkit.reference.platform.RateLimiter;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.StorageException;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.webserver.http.HttpRouting;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The investment answer service on its own listener (default port 8083).
 *
 * <p>Settings: {@link AnswersSettings} ({@code KIT_ANSWERS_*} environment variables or {@code kit.answers.*} system
 * properties; every key with its default in the registry, {@code ./kit help settings}). No key is built in: they are
 * provisioned from {@code answers.api-keys} or made with {@code ./kit answers-keys create}; {@code model-profile} names
 * one of the model profiles ({@code agent.model-profiles}, {@link ModelProfiles}) to answer with instead of the rule
 * engine.
 */
public final class AnswersModule implements ApiModule {
    private static final Logger LOG = Logger.getLogger(AnswersModule.class.getName());
    /** The platform's error codes (SCREAMING_SNAKE) and the contract's {@code errorDetail} for each. */
    private static final Map<String, ErrorDetail> PLATFORM_CODES = Map.ofEntries(
            Map.entry("INVALID_REQUEST", ErrorDetail.INVALID_REQUEST), Map.entry("UNAUTHORIZED", ErrorDetail.UNAUTHORIZED),
            Map.entry("FORBIDDEN", ErrorDetail.FORBIDDEN), Map.entry("NOT_FOUND", ErrorDetail.NOT_FOUND),
            Map.entry("METHOD_NOT_ALLOWED", ErrorDetail.METHOD_NOT_ALLOWED),
            Map.entry("MISDIRECTED_REQUEST", ErrorDetail.MISDIRECTED_REQUEST),
            Map.entry("BODY_TOO_LARGE", ErrorDetail.PAYLOAD_TOO_LARGE),
            Map.entry("UNSUPPORTED_MEDIA_TYPE", ErrorDetail.UNSUPPORTED_MEDIA_TYPE),
            Map.entry("RATE_LIMITED", ErrorDetail.RATE_LIMITED), Map.entry("SERVICE_UNAVAILABLE", ErrorDetail.SERVICE_UNAVAILABLE));

    private final ObjectMapper mapper = Json.camelCase().setSerializationInclusion(JsonInclude.Include.ALWAYS);
    private final AnswerEndpoint answers;
    private final QuotaEndpoint quota;
    private final Admission.Setup admission;
    /** Where the quota's reservations run on the embedded database (shared commits); null: a transaction each. */
    private final GroupCommit reservations;

    /**
     * @param settings configuration
     * @param database the kit's database
     * @param cluster  what the replicas share: the rate limits count there
     */
    public AnswersModule(Settings settings, Database database, Cluster cluster) {
        Clock clock = Clock.systemUTC();
        ApiKeys keys = new ApiKeys(database.dataSource(), clock);
        AnswersSettings answersSettings = AnswersSettings.from(settings);
        provision(keys, answersSettings);
        this.reservations = GroupCommit.forEmbedded(database, GroupCommit.Sizes.from(settings), "quota reservations");
        QuotaLedger ledger = new QuotaLedger(database.dataSource(), clock, reservations);
        RateLimiter.Rule rule = new RateLimiter.Rule("answer", answersSettings.rateLimit(),
                answersSettings.rateWindow());
        ContractRules rules = new ContractRules(ContractDocument.load(Api.ANSWERS.mainContract()));
        // the contract's ApiKeyAuth (x-api-key, read by each operation's Admission): an active key's caller
        Admission.Credentials key = Admission.Credentials.named("API key", secret -> keys.find(secret)
                .filter(ApiKeys.Key::active).map(k -> Admission.Caller.of(k.id(), k)));
        this.admission = Admission.Setup.of(Map.of("ApiKeyAuth", key))
                .rateLimits(cluster.limiter(clock), Map.of(rule.category(), rule));
        this.answers = new AnswerEndpoint(rules, ledger, answerer(settings, answersSettings), mapper,
                answersSettings.latency());
        this.quota = new QuotaEndpoint(ledger);
    }

    /** The rule engine, or the model profile {@code answers.model-profile} names (one of the agent's profiles). */
    private static Answerer answerer(Settings settings, AnswersSettings answersSettings) {
        Optional<String> id = answersSettings.modelProfile();
        if (id.isEmpty()) {
            AnswerEngine rules = new AnswerEngine(Knowledge.load());
            return rules::answer;
        }
        ModelProfiles profiles = ModelProfiles.from(settings, System::getenv);
        ModelProfiles.Profile profile = profiles.find(id.get()).orElseThrow(() -> new IllegalArgumentException(
                "setting " + Settings.envName("answers.model-profile") + " names '" + id.get()
                        + "', which is not one of the model profiles in " + Settings.envName("agent.model-profiles")
                        + " " + profiles.ids()));
        LOG.info(() -> "answers: questions are answered by model profile '" + profile.id() + "' (" + profile.description() + ")");
        return new ModelAnswers(profile, answersSettings.modelJsonMode());
    }

    private static void provision(ApiKeys keys, AnswersSettings settings) {
        List<String> configured = settings.apiKeys();
        int limit = settings.quota();
        Duration window = settings.quotaWindow();
        try {
            for (String secret : configured) {
                keys.provision("configured", secret, limit, window);
            }
            if (keys.list().stream().noneMatch(ApiKeys.Key::active)) {
                LOG.info("answers: no API key yet; create one with './kit answers-keys create' or set KIT_ANSWERS_API_KEYS");
            }
        } catch (StorageException e) {
            throw new IllegalStateException("answers: could not provision the configured API keys: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (reservations != null) {
            reservations.close(); // commits and answers the reservations it accepted
        }
    }

    @Override
    public Api api() {
        return Api.ANSWERS;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public Admission.Setup admission() {
        return admission;
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        routing.register("/v1/answer", answers);
        routing.register("/v1/quota", quota);
    }

    /**
     * A refusal (the engine's 422: the code is one of the contract's four reasons, the details the finer
     * {@link ErrorDetail}) becomes a {@code RefusalEnvelope}; any other failure an {@code ErrorEnvelope} whose
     * {@code error} and {@code errorDetail} both name the failure ({@link FailureKind}), never {@code error: null}.
     */
    @Override
    public Object errorBody(ApiError error, String requestId) {
        Optional<ErrorReason> reason = refusal(error.code());
        if (reason.isPresent()) {
            RefusalEnvelope body = new RefusalEnvelope();
            body.setSuccess(false);
            body.setError(reason.get());
            body.setErrorDetail(detail(error.details()));
            body.setMessage(error.getMessage());
            body.setResult(null);
            return body;
        }
        ErrorEnvelope body = new ErrorEnvelope();
        body.setSuccess(false);
        ErrorDetail detail = detail(error.code());
        body.setError(FailureKind.fromValue(detail.getValue()));
        body.setErrorDetail(detail);
        String message = error.getMessage();
        if (!error.fieldErrors().isEmpty()) {
            message = message + ": " + error.fieldErrors().entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining("; "));
        } else if (error.details() != null) {
            message = message + ": " + error.details();
        }
        body.setMessage(message);
        body.setResult(null);
        return body;
    }

    private static Optional<ErrorReason> refusal(String code) {
        try {
            return Optional.of(ErrorReason.fromValue(code));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static ErrorDetail detail(String code) {
        ErrorDetail platform = PLATFORM_CODES.get(code);
        if (platform != null) {
            return platform;
        }
        try {
            return ErrorDetail.fromValue(code);
        } catch (IllegalArgumentException | NullPointerException e) {
            return ErrorDetail.INTERNAL_ERROR;
        }
    }
}
