package dev.contractkit.sdk.forms;

import dev.contractkit.sdk.PagingStalledException;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.ServerErrorException;
import dev.contractkit.sdk.TransportException;
import dev.contractkit.sdk.UnauthorizedException;
import dev.contractkit.sdk.forms.model.ApiError;
import dev.contractkit.sdk.forms.model.ErrorBody;
import dev.contractkit.sdk.forms.model.Form;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FormsClientTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();
    private FormsClient client;

    @BeforeEach
    void start() {
        // retries have their own tests (RetryInterceptorTest); here every answer is seen as it is
        client = FormsClient.builder().config(ClientConfig.builder().baseUrl(server.url("/").toString())
                .retries(RetryPolicy.none()).build()).apiKey("k1").build();
    }

    private static String form(long id) {
        return "{\"id\":" + id + ",\"title\":\"Form " + id + "\",\"access_token\":\"t" + id + "\",\"currency\":\"usd\","
                + "\"payment_volume\":1250,\"successful_checkout_count\":3,"
                + "\"created_at\":\"2024-01-15T09:30:00Z\",\"updated_at\":\"2024-06-01T12:00:00Z\"}";
    }

    private void enqueueJson(int status, String body) {
        server.enqueue(new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json").setBody(body));
    }

    @Test
    void getReturnsTypedFormAndSendsTokenAuthorization() throws InterruptedException {
        enqueueJson(200, "{\"form\":" + form(7) + "}");

        Form form = client.get(7).execute();

        assertThat(form.getId()).isEqualTo(7L);
        assertThat(form.getPaymentVolume()).isEqualTo(1250L);
        assertThat(form.getCreatedAt()).isEqualTo(OffsetDateTime.parse("2024-01-15T09:30:00Z"));
        RecordedRequest request = server.takeRequest();
        assertThat(request.getPath()).isEqualTo("/forms/7");
        assertThat(request.getHeader("Authorization")).isEqualTo("Token token=k1");
    }

    @Test
    void http404ThrowsNotFoundCarryingStatusCodeBodyAndRequestId() {
        server.enqueue(new MockResponse().setResponseCode(404).setHeader("Content-Type", "application/json")
                .setHeader("X-Request-Id", "rid-1")
                .setBody("{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"form 42 not found\",\"request_id\":\"rid-1\"}}"));

        assertThatThrownBy(() -> client.get(42).execute())
                .isInstanceOfSatisfying(NotFoundException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.errorCode()).contains("NOT_FOUND");
                    assertThat(e.requestId()).contains("rid-1");
                    assertThat(e.getMessage()).contains("form 42 not found");
                    assertThat(e.errorBody(ApiError.class)).get()
                            .extracting(b -> b.getError().getCode()).isEqualTo(ErrorBody.CodeEnum.NOT_FOUND);
                });
    }

    @Test
    void requestIdFallsBackToTheErrorBody() {
        enqueueJson(401, "{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":\"no key\",\"request_id\":\"rid-body\"}}");

        assertThatThrownBy(() -> client.list(10, 0).execute())
                .isInstanceOfSatisfying(UnauthorizedException.class, e -> assertThat(e.requestId()).contains("rid-body"));
    }

    @Test
    void eachStatusMapsToItsExceptionType() {
        enqueueJson(400, "{\"error\":{\"code\":\"INVALID_REQUEST\",\"message\":\"count\",\"request_id\":\"r\"}}");
        enqueueJson(503, "not json at all");
        enqueueJson(418, "{}");

        assertThatThrownBy(() -> client.list(500, 0).execute()).isExactlyInstanceOf(BadRequestException.class);
        assertThatThrownBy(() -> client.list(10, 0).execute()).isInstanceOfSatisfying(ServerErrorException.class, e -> {
            assertThat(e.status()).isEqualTo(503);
            assertThat(e.body()).isEqualTo("not json at all");
            assertThat(e.errorCode()).isEmpty();
        });
        assertThatThrownBy(() -> client.list(10, 0).execute()).isExactlyInstanceOf(ApiException.class)
                .extracting(e -> ((ApiException) e).status()).isEqualTo(418);
    }

    @Test
    void transportProblemThrowsTransportExceptionWithStatusZero() throws IOException {
        String url = server.url("/").toString();
        server.shutdown();
        FormsClient offline = FormsClient.builder().baseUrl(url).apiKey("k").build();

        assertThatThrownBy(() -> offline.get(1).execute())
                .isInstanceOfSatisfying(TransportException.class, e -> {
                    assertThat(e.status()).isZero();
                    assertThat(e.getMessage()).contains("GET").contains("/forms/1");
                });
    }

    @Test
    void allFetchesPagesLazilyAndStopsAtTheShortPage() throws InterruptedException {
        enqueueJson(200, page(1, 2));
        enqueueJson(200, page(3, 4));
        enqueueJson(200, page(5, 5));

        List<Long> ids = client.all(2).map(Form::getId).toList();

        assertThat(ids).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(server.takeRequest().getPath()).isEqualTo("/forms?count=2&offset=0");
        assertThat(server.takeRequest().getPath()).isEqualTo("/forms?count=2&offset=2");
        assertThat(server.takeRequest().getPath()).isEqualTo("/forms?count=2&offset=4");
    }

    @Test
    void allStopsWithAClearExceptionWhenAPageRepeatsThePreviousOne() {
        enqueueJson(200, page(1, 2));
        enqueueJson(200, page(1, 2)); // a stateless mock answering every offset with its example page

        assertThatThrownBy(() -> client.all(2).toList()).isInstanceOf(PagingStalledException.class)
                .hasMessageContaining("offset 2 repeats the page at offset 0");
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void allStopsAfterAnEmptyPageAndFetchesNothingUntilConsumed() {
        enqueueJson(200, page(1, 2));
        enqueueJson(200, "{\"forms\":[]}");

        var stream = client.all(2);
        assertThat(server.getRequestCount()).isZero();
        assertThat(stream.map(Form::getId).toList()).containsExactly(1L, 2L);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void limitingTheStreamDoesNotFetchFurtherPages() {
        enqueueJson(200, page(1, 2));
        enqueueJson(200, page(3, 4));

        assertThat(client.all(2).limit(2).map(Form::getId).toList()).containsExactly(1L, 2L);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void asyncCallCompletesWithTheFormOrTheTypedException() {
        enqueueJson(200, "{\"form\":" + form(3) + "}");
        enqueueJson(404, "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"x\",\"request_id\":\"r\"}}");

        assertThat(client.get(3).executeAsync().orTimeout(5, TimeUnit.SECONDS).join().getTitle()).isEqualTo("Form 3");
        assertThatThrownBy(() -> client.get(4).executeAsync().orTimeout(5, TimeUnit.SECONDS).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(NotFoundException.class);
    }

    @Test
    void builderRefusesMissingBaseUrlOrKeyAndBadPageSizes() {
        assertThatThrownBy(() -> FormsClient.builder().apiKey("k").build())
                .isInstanceOf(IllegalStateException.class).hasMessage("Base URL required.");
        assertThatThrownBy(() -> FormsClient.builder().baseUrl("http://127.0.0.1:1").build())
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("apiKey required");
        assertThatThrownBy(() -> FormsClient.builder().baseUrl("not a url"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a url");
        assertThatThrownBy(() -> client.all(101)).isInstanceOf(IllegalArgumentException.class);
    }

    private static String page(int from, int to) {
        return "{\"forms\":[" + IntStream.rangeClosed(from, to).mapToObj(FormsClientTest::form)
                .collect(Collectors.joining(",")) + "]}";
    }
}
