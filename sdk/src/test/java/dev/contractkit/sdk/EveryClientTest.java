package dev.contractkit.sdk;

import dev.contractkit.sdk.forms.model.ApiError;
import java.text.MessageFormat;
import java.util.ResourceBundle;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.answers.AnswersClient;
import dev.contractkit.sdk.answers.model.ErrorEnvelope;
import dev.contractkit.sdk.codehost.CodehostV4Client;
import dev.contractkit.sdk.codehost.CodehostV5Client;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.runtime.RuntimeClient;
import okhttp3.OkHttpClient;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Requirements 1 and 2 for every API client: built the same way from one {@link ClientConfig} (retries, logging,
 * the caller's interceptors and OkHttpClient), and every failure in the one exception family carrying the
 * contract's error body, parsed into the contract's generated type, and the request id where the contract has one.
 */
class EveryClientTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    /**
     * One client: how to build it from a config, one call (sync and async), the contract's error body, its type,
     * and how to read the message from the parsed type.
     */
    record Case(String api, Function<ClientConfig, Object> build, Function<Object, Object> call,
                Function<Object, CompletableFuture<?>> callAsync, String errorBody, Class<?> errorType,
                Function<Object, String> message, String bodyRequestId, String credentialHeader, String credential) {
        // credential: what the call sends in credentialHeader (null: nothing, the operation is public)
        @Override
        public String toString() {
            return api;
        }
    }

    static Stream<Case> clients() {
        return Stream.of(
                new Case("forms", c -> FormsClient.builder().config(c).apiKey("k").build(),
                        c -> ((FormsClient) c).get(1).execute(), c -> ((FormsClient) c).get(1).executeAsync(),
                        "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no form 1\",\"request_id\":\"rid-forms\"}}",
                        ApiError.class,
                        e -> ((ApiError) e).getError().getMessage(), "rid-forms",
                        "Authorization", "Token token=k"),
                new Case("coupons", c -> CouponsClient.builder().config(c).bearerToken("t").build(),
                        c -> ((CouponsClient) c).get("c1").execute(), c -> ((CouponsClient) c).get("c1").executeAsync(),
                        "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no coupon c1\",\"details\":null,"
                                + "\"timestamp\":\"2026-06-15T10:37:00Z\",\"request_id\":\"rid-coupons\"}}",
                        dev.contractkit.sdk.coupons.model.ApiError.class,
                        e -> ((dev.contractkit.sdk.coupons.model.ApiError) e).getError().getMessage(), "rid-coupons",
                        "Authorization", null), // get is a public read: the bearer token is not sent
                new Case("answers", c -> AnswersClient.builder().config(c).apiKey("k").noClientRateLimit().build(),
                        c -> ((AnswersClient) c).getQuota().execute(), c -> ((AnswersClient) c).getQuota().executeAsync(),
                        "{\"success\":false,\"error\":\"NotFound\",\"message\":\"no such resource\"}",
                        ErrorEnvelope.class, e -> ((ErrorEnvelope) e).getMessage(), null, "x-api-key", "k"),
                new Case("codehost-v4", c -> CodehostV4Client.builder().config(c).token("t").build(),
                        c -> ((CodehostV4Client) c).getRunner(6L).execute(), c -> ((CodehostV4Client) c).getRunner(6L).executeAsync(),
                        "{\"message\":\"404 Runner Not Found\"}", dev.contractkit.sdk.codehost.v4.model.ApiError.class,
                        e -> ((dev.contractkit.sdk.codehost.v4.model.ApiError) e).getMessage(), null, "PRIVATE-TOKEN", "t"),
                new Case("codehost-v5", c -> CodehostV5Client.builder().config(c).token("t").build(),
                        c -> ((CodehostV5Client) c).getRunner(6L).execute(), c -> ((CodehostV5Client) c).getRunner(6L).executeAsync(),
                        "{\"message\":\"404 Runner Not Found\"}", dev.contractkit.sdk.codehost.v5.model.ApiError.class,
                        e -> ((dev.contractkit.sdk.codehost.v5.model.ApiError) e).getMessage(), null, "PRIVATE-TOKEN", "t"),
                new Case("exec", c -> ExecClient.builder().config(c).token("kit-t").build(),
                        c -> ((ExecClient) c).getTask("t1").execute(), c -> ((ExecClient) c).getTask("t1").executeAsync(),
                        "{\"error\":{\"code\":\"not_found\",\"message\":\"no task t1\",\"request_id\":\"rid-exec\"}}",
                        dev.contractkit.sdk.exec.model.ApiError.class,
                        e -> ((dev.contractkit.sdk.exec.model.ApiError) e).getError().getMessage(), "rid-exec",
                        "Authorization", "Bearer kit-t"),
                new Case("runtime", c -> RuntimeClient.builder().config(c).token("kit-t").build(),
                        c -> ((RuntimeClient) c).getRuntimeTask("r1").execute(), c -> ((RuntimeClient) c).getRuntimeTask("r1").executeAsync(),
                        "{\"error\":{\"code\":\"not_found\",\"message\":\"no task r1\",\"request_id\":\"rid-runtime\"}}",
                        dev.contractkit.sdk.runtime.model.ApiError.class,
                        e -> ((dev.contractkit.sdk.runtime.model.ApiError) e).getError().getMessage(), "rid-runtime",
                        "Authorization", "Bearer kit-t"),
                new Case("agent", c -> AgentClient.builder().config(c).token("kit-t").build(),
                        c -> ((AgentClient) c).getThreadHistory("th-1").execute(), c -> ((AgentClient) c).getThreadHistory("th-1").executeAsync(),
                        "{\"code\":\"NOT_FOUND\",\"message\":\"no thread th-1\",\"requestId\":\"rid-agent\"}",
                        dev.contractkit.sdk.agent.model.ApiError.class,
                        e -> ((dev.contractkit.sdk.agent.model.ApiError) e).getMessage(), "rid-agent",
                        "Authorization", "Bearer kit-t"));
    }

    private ClientConfig.Builder config() {
        return ClientConfig.builder().baseUrl(server.url("/").toString()).sleeper(d -> { }).random(() -> 0.5);
    }

    private void error(Case c, int status) {
        server.enqueue(new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json").setBody(c.errorBody()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clients")
    void aRefusalIsTheFamilysTypeWithTheContractsErrorBodyParsedIntoItsTypeAndTheRequestId(Case c) {
        error(c, 404);
        Object client = c.build().apply(config().build());

        assertThatThrownBy(() -> c.call().apply(client)).isInstanceOfSatisfying(NotFoundException.class, e -> {
            assertThat(e.status()).isEqualTo(404);
            Optional<?> parsed = e.errorBody(c.errorType());
            assertThat(parsed).isPresent();
            String message = c.message().apply(parsed.get());
            assertThat(message).isNotBlank();
            assertThat(c.errorBody()).contains("\"" + message + "\"");
            assertThat(e.requestId()).isEqualTo(Optional.ofNullable(c.bodyRequestId()));
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clients")
    void everyClientSendsItsCredentialInTheFormItsContractNamesOnEveryAttempt(Case c) throws InterruptedException {
        error(c, 503);
        error(c, 404);
        Object client = c.build().apply(config().build());

        assertThatThrownBy(() -> c.call().apply(client)).isInstanceOf(NotFoundException.class);
        assertThat(server.takeRequest().getHeader(c.credentialHeader())).isEqualTo(c.credential());
        assertThat(server.takeRequest().getHeader(c.credentialHeader())).as("the retry").isEqualTo(c.credential());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clients")
    void theRequestIdHeaderWinsOverTheBody(Case c) {
        server.enqueue(new MockResponse().setResponseCode(409).setHeader("X-Request-Id", "rid-header").setBody(c.errorBody()));
        Object client = c.build().apply(config().build());

        assertThatThrownBy(() -> c.call().apply(client)).isInstanceOfSatisfying(ConflictException.class,
                e -> assertThat(e.requestId()).contains("rid-header"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clients")
    void theAsyncVariantFailsWithTheSameTypedException(Case c) {
        error(c, 403);
        Object client = c.build().apply(config().build());

        assertThatThrownBy(() -> c.callAsync().apply(client).get(5, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(ForbiddenException.class, e -> assertThat(e.errorBody(c.errorType())).isPresent());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clients")
    void everyClientRetriesA503OnAGetAsTheSharedPolicySays(Case c) {
        List<Duration> waits = new CopyOnWriteArrayList<>();
        error(c, 503);
        error(c, 503);
        error(c, 404);
        RetryPolicy policy = RetryPolicy.builder().maxAttempts(3).initialBackoff(Duration.ofMillis(100))
                .jitter(RetryPolicy.Jitter.NONE).build();
        Object client = c.build().apply(config().retries(policy).sleeper(waits::add).build());

        assertThatThrownBy(() -> c.call().apply(client)).isInstanceOf(NotFoundException.class);
        assertThat(waits).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clients")
    void everyClientUsesTheCallersOkHttpClientInterceptorsUserAgentAndLogger(Case c) throws InterruptedException {
        AtomicInteger sharedClientSaw = new AtomicInteger();
        AtomicInteger interceptorSaw = new AtomicInteger();
        OkHttpClient mine = new OkHttpClient.Builder()
                .addInterceptor(chain -> {
                    sharedClientSaw.incrementAndGet();
                    return chain.proceed(chain.request());
                }).build();
        RecordingLogger log = new RecordingLogger();
        error(c, 503);
        error(c, 500);
        Object client = c.build().apply(config().okHttpClient(mine).userAgent("my-app/1.0").logger(log)
                .addInterceptor(chain -> {
                    interceptorSaw.incrementAndGet();
                    return chain.proceed(chain.request());
                }).build());

        assertThatThrownBy(() -> c.call().apply(client)).isInstanceOfSatisfying(ServerErrorException.class,
                e -> assertThat(e.status()).isEqualTo(500));

        assertThat(sharedClientSaw).hasValue(1);                  // before the kit's retries: once per call
        assertThat(interceptorSaw).hasValue(2);                   // after them: once per attempt
        assertThat(server.takeRequest().getHeader("User-Agent")).isEqualTo("my-app/1.0");
        assertThat(log.lines).anyMatch(l -> l.startsWith("--> GET " + server.url("/")));
        assertThat(log.lines).anyMatch(l -> l.startsWith("<-- 503 GET"));
        assertThat(log.lines).anyMatch(l -> l.contains("answered 503, retrying in"));
        assertThat(log.lines).anyMatch(l -> l.startsWith("<-- 500 GET"));
    }

    /** Keeps what was logged at DEBUG, formatted. */
    static final class RecordingLogger implements System.Logger {
        final List<String> lines = new CopyOnWriteArrayList<>();

        @Override
        public String getName() {
            return "test";
        }

        @Override
        public boolean isLoggable(Level level) {
            return level.getSeverity() >= Level.DEBUG.getSeverity();
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            lines.add(msg);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            lines.add(params == null || params.length == 0 ? format : MessageFormat.format(format, params));
        }
    }
}
