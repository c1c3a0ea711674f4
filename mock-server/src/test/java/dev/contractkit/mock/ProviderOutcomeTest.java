package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** The per-API outcome switch ({@code /mockserver/kit/outcome}) on the AI providers' contracts. */
class ProviderOutcomeTest {
    private static MockServers mocks;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.CLAUDE, Api.KIMI).port(Api.CLAUDE, 0).port(Api.KIMI, 0)
                .outcome(Api.KIMI, "no_plan").build());
    }

    @AfterAll
    static void stop() {
        mocks.close();
    }

    private static HttpResponse<String> send(String method, String url, String auth) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).method(method, HttpRequest.BodyPublishers.noBody());
        if (auth != null) {
            b.header("Authorization", auth);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void switchingAnApiChangesEveryLaterAnswerUntilCleared() throws Exception {
        String base = mocks.url(Api.CLAUDE);
        assertThat(send("GET", base + "/api/oauth/usage", "Bearer t").statusCode()).isEqualTo(200);
        try {
            assertThat(send("PUT", base + "/mockserver/kit/outcome?example=inactive", null).body()).contains("\"example\":\"inactive\"");
            HttpResponse<String> inactive = send("GET", base + "/api/oauth/usage", "Bearer t");
            assertThat(inactive.statusCode()).isEqualTo(403);
            assertThat(inactive.body()).contains("permission_error");

            send("PUT", base + "/mockserver/kit/outcome?example=bad_credentials", null);
            assertThat(send("GET", base + "/api/oauth/usage", "Bearer t").statusCode()).isEqualTo(401);

            send("PUT", base + "/mockserver/kit/outcome?code=500", null);
            assertThat(send("GET", base + "/api/oauth/usage", "Bearer t").body()).contains("api_error");
        } finally {
            send("DELETE", base + "/mockserver/kit/outcome", null);
        }
        assertThat(send("GET", base + "/api/oauth/usage", "Bearer t").statusCode()).isEqualTo(200);
    }

    @Test
    void aRequestsOwnPreferWinsOverTheSwitch() throws Exception {
        String base = mocks.url(Api.KIMI);
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/coding/v1/usages"))
                .header("Authorization", "Bearer t").header("Prefer", "example=inactive").build();
        assertThat(HTTP.send(request, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(403);
    }

    @Test
    void anOperationWithoutTheChosenExampleKeepsItsDefault() throws Exception {
        String base = mocks.url(Api.KIMI); // started with --outcome kimi=no_plan
        assertThat(send("GET", base + "/coding/v1/usages", "Bearer t").statusCode()).isEqualTo(404);
        assertThat(send("GET", base + "/v1/users/me/balance", "Bearer t").body()).contains("\"available_balance\":49.58");
    }

    @Test
    void anUnknownExampleIsRefusedListingTheKnownOnes() throws Exception {
        HttpResponse<String> refused = send("PUT", mocks.url(Api.CLAUDE) + "/mockserver/kit/outcome?example=nope", null);
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("'nope'").contains("active, bad_credentials, inactive, server_error");
        assertThat(send("PUT", mocks.url(Api.CLAUDE) + "/mockserver/kit/outcome?code=418", null).statusCode()).isEqualTo(400);
    }

    @Test
    void credentialsAreStillCheckedFirst() throws Exception {
        assertThat(send("GET", mocks.url(Api.KIMI) + "/coding/v1/usages", null).statusCode()).isEqualTo(401);
    }
}
