package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's forms interactions as a consumer pact (Pact V4, written to target/pacts); the reference
 * server verifies it in its build.
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "forms", pactVersion = PactSpecVersion.V4)
class FormsConsumerPactTest {
    /** RFC 3339 date-time: fractions of a second and any offset are allowed. */
    static final String RFC3339 = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})";

    static final String KEY = "Token token=kit-demo-forms-key";

    static PactDslJsonBody form(PactDslJsonBody body) {
        return body.integerType("id", 1).stringType("title", "Monthly membership").stringType("access_token", "f3a9c2d1e5b7")
                .stringMatcher("currency", "[a-z]{3}", "usd").integerType("payment_volume", 1249900)
                .integerType("successful_checkout_count", 125)
                .stringMatcher("created_at", RFC3339, "2024-01-15T09:30:00Z").stringMatcher("updated_at", RFC3339, "2024-01-15T09:30:00Z");
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readOneForm(PactDslWithProvider builder) {
        return builder.given("form 1 exists")
                .uponReceiving("a request for form 1")
                .path("/forms/1").method("GET").matchHeader("Authorization", "Token token=.+", KEY)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body((PactDslJsonBody) form(new PactDslJsonBody().object("form")).closeObject())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact listAPage(PactDslWithProvider builder) {
        return builder.given("at least two forms exist")
                .uponReceiving("a request for the first page of two forms")
                .path("/forms").query("count=2&offset=0").method("GET").matchHeader("Authorization", "Token token=.+", KEY)
                .willRespondWith().status(200)
                .body(new PactDslJsonBody().minArrayLike("forms", 2, 2).integerType("id", 1).stringType("title", "A")
                        .stringType("access_token", "t").stringType("currency", "usd").integerType("payment_volume", 1)
                        .integerType("successful_checkout_count", 1)
                        .stringMatcher("created_at", RFC3339, "2024-01-15T09:30:00Z").stringMatcher("updated_at", RFC3339, "2024-01-15T09:30:00Z")
                        .closeObject().closeArray())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAMissingForm(PactDslWithProvider builder) {
        return builder.given("form 999 does not exist")
                .uponReceiving("a request for form 999")
                .path("/forms/999").method("GET").matchHeader("Authorization", "Token token=.+", KEY)
                .willRespondWith().status(404)
                .body(new PactDslJsonBody().object("error").stringValue("code", "NOT_FOUND").stringType("message", "form 999 not found")
                        .stringType("request_id", "r-1").closeObject())
                .toPact(V4Pact.class);
    }

    private static FormsClient client(MockServer server) {
        return FormsClient.builder().baseUrl(server.getUrl()).apiKey("kit-demo-forms-key").build();
    }

    @Test
    @PactTestFor(pactMethod = "readOneForm")
    void getReadsTheFormEnvelope(MockServer server) {
        Form form = client(server).get(1).execute();
        assertThat(form.getId()).isEqualTo(1L);
        assertThat(form.getCurrency()).matches("[a-z]{3}");
    }

    @Test
    @PactTestFor(pactMethod = "listAPage")
    void listReadsOnePage(MockServer server) {
        List<Form> page = client(server).list(2, 0).execute();
        assertThat(page).hasSize(2);
    }

    @Test
    @PactTestFor(pactMethod = "readAMissingForm")
    void missingFormIsNotFound(MockServer server) {
        assertThatThrownBy(() -> client(server).get(999).execute()).isInstanceOf(NotFoundException.class);
    }
}
