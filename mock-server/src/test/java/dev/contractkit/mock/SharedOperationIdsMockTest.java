package dev.contractkit.mock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * codehost is one API served from two documents that share operation ids ({@code getRunner} is
 * {@code GET /api/v4/runners/{id}} and {@code GET /api/v5/runners/{id}}): an operation id names it in both, a
 * document-qualified id ({@code codehost-v4#getRunner}) in one, for verification and for responses set alike.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SharedOperationIdsMockTest {
    private static final String TOKEN = "PRIVATE-TOKEN";
    private final Http http = new Http();
    private MockServers mocks;
    private String base;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.CODEHOST).port(Api.CODEHOST, 0).build());
        base = mocks.url(Api.CODEHOST);
    }

    @AfterEach
    void reset() {
        mocks.reset();
    }

    @AfterAll
    void stop() {
        mocks.close();
        http.close();
    }

    @Test
    void aV4CallIsVerifiedByItsOperationId() {
        assertThat(http.get(base + "/api/v4/runners/6", TOKEN, "any").status()).isEqualTo(200);

        assertThat(mocks.received(Api.CODEHOST, "getRunner")).singleElement()
                .satisfies(r -> assertThat(r.path()).isEqualTo("/api/v4/runners/6"))
                .satisfies(r -> assertThat(r.document()).isEqualTo("codehost-v4"));
    }

    @Test
    void anOperationIdNamesEveryDocumentsRequestsAndAQualifiedIdOneDocuments() {
        http.get(base + "/api/v5/runners/6", TOKEN, "any");
        http.get(base + "/api/v4/runners/7", TOKEN, "any");

        assertThat(mocks.received(Api.CODEHOST, "getRunner")).extracting(RecordedRequest::path)
                .containsExactly("/api/v5/runners/6", "/api/v4/runners/7");
        assertThat(mocks.received(Api.CODEHOST, "codehost-v4#getRunner")).extracting(RecordedRequest::path)
                .containsExactly("/api/v4/runners/7");
        assertThat(mocks.received(Api.CODEHOST, "codehost-v5#getRunner")).extracting(RecordedRequest::document)
                .containsExactly("codehost-v5");
    }

    @Test
    void aRequestCountsForTheOperationTheContractRoutesItTo() {
        http.get(base + "/api/v4/runners/all", TOKEN, "any");

        assertThat(mocks.received(Api.CODEHOST, "getRunner")).isEmpty();
        assertThat(mocks.received(Api.CODEHOST, "codehost-v4#listAllRunners")).hasSize(1);
    }

    @Test
    void anUnknownQualifiedIdIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> mocks.received(Api.CODEHOST, "codehost-v5#listGeoNodes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no operation 'codehost-v5#listGeoNodes'")
                .hasMessageContaining("codehost-v4#listGeoNodes");
    }

    @Test
    void aResponseSetForV4sOperationChangesV4Only() {
        Http.Answer set = http.send("PUT", base + "/mockserver/kit/responses", "application/json",
                "{\"operation\":\"codehost-v4#getRunner\",\"status\":404}");

        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(set.json().path("operations").toString()).isEqualTo("[\"codehost-v4#getRunner\"]");
        assertThat(http.get(base + "/api/v4/runners/6", TOKEN, "any").status()).isEqualTo(404);
        assertThat(http.get(base + "/api/v5/runners/6", TOKEN, "any").status()).isEqualTo(200);
    }

    @Test
    void aResponseSetByOperationIdAnswersEachDocumentWithItsOwnExample() {
        mocks.setResponse(Api.CODEHOST, "getRunner", 200, null);

        // v4's example still has the deprecated `active`, which v5 removed
        assertThat(http.get(base + "/api/v4/runners/6", TOKEN, "any").json().has("active")).isTrue();
        assertThat(http.get(base + "/api/v5/runners/6", TOKEN, "any").json().has("active")).isFalse();
    }

    @Test
    void aResponseOneOfTheDocumentsBreaksIsRefusedNamingItAndSetNowhere() {
        ObjectNode v4Body = (ObjectNode) http.get(base + "/api/v4/runners/6", TOKEN, "any").json();
        v4Body.put("description", "set by the test"); // still v4's shape, with `active` that v5 does not allow

        Http.Answer refused = http.send("PUT", base + "/mockserver/kit/responses", "application/json",
                "{\"operation\":\"getRunner\",\"status\":200,\"body\":" + v4Body + "}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().path("message").asText()).contains("codehost-v5#getRunner").contains("active");
        assertThat(http.get(base + "/api/v4/runners/6", TOKEN, "any").json().path("description").asText())
                .isNotEqualTo("set by the test");
        assertThat(http.send("PUT", base + "/mockserver/kit/responses", "application/json",
                "{\"operation\":\"codehost-v4#getRunner\",\"status\":200,\"body\":" + v4Body + "}").status())
                .isEqualTo(200);
        assertThat(http.get(base + "/api/v4/runners/6", TOKEN, "any").json().path("description").asText())
                .isEqualTo("set by the test");
    }
}
