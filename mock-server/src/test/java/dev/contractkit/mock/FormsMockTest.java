package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Pointers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The forms mock over real sockets: examples for every operation, the contract's errors for what it forbids. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FormsMockTest {
    private final ContractDocument contract = ContractDocument.load(Api.FORMS.mainContract());
    private MockServers mocks;
    private Http http;
    private String base;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0).build());
        http = new Http();
        base = mocks.url(Api.FORMS);
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    @TestFactory
    Stream<DynamicTest> everyOperationAnswersItsFirstSuccessExampleWhichFitsItsSchema() {
        return contract.operations().stream().map(op -> DynamicTest.dynamicTest(op.toString(), () -> {
            Http.Answer answer = http.get(base + concretePath(op), "Authorization", Http.CREDENTIAL);

            String media = contract.at(op.responses().get("200") + "/content").fieldNames().next();
            JsonNode example = firstExample(op.responses().get("200") + "/content/" + Pointers.escape(media));
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.contentType()).isEqualTo(media);
            assertThat(answer.json()).isEqualTo(example);
            assertThat(contract.validator().validate(schemaOf(op, "200"), answer.json(), op.toString())).isEmpty();
        }));
    }

    @Test
    void theFormsListIsPagedByCountAndOffsetWithItsTotalAndLinks() {
        JsonNode all = http.get(base + "/forms", "Authorization", Http.CREDENTIAL).json().path("forms");
        Http.Answer first = http.get(base + "/forms?count=1", "Authorization", Http.CREDENTIAL);
        Http.Answer last = http.get(base + "/forms?count=1&offset=" + (all.size() - 1), "Authorization", Http.CREDENTIAL);

        assertThat(all.size()).isGreaterThan(1);
        assertThat(first.json().path("forms")).containsExactly(all.get(0));
        assertThat(first.header("X-Total-Count")).isEqualTo(Integer.toString(all.size()));
        assertThat(first.header("Link")).contains("count=1&offset=1>; rel=\"next\"")
                .contains("count=1&offset=" + (all.size() - 1) + ">; rel=\"last\"");
        assertThat(last.json().path("forms")).containsExactly(all.get(all.size() - 1));
        assertThat(last.header("Link")).doesNotContain("rel=\"next\"").contains("rel=\"last\"");
    }

    @TestFactory
    Stream<DynamicTest> everySecuredOperationAnswers401WithTheContractsExampleWithoutCredentials() {
        return contract.operations().stream().filter(op -> !op.isPublic()).map(op -> DynamicTest.dynamicTest(op.toString(), () -> {
            Http.Answer answer = http.get(base + concretePath(op));

            assertThat(answer.status()).isEqualTo(401);
            assertThat(answer.json()).isEqualTo(contract.at(op.responses().get("401") + "/content/application~1json/example"));
        }));
    }

    @Test
    void aCredentialInTheWrongFormIsRefusedLikeAMissingOne() {
        Http.Answer answer = http.get(base + "/forms/1", "Authorization", "Bearer some-token");

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().at("/error/code").asText()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void countAbove100Answers400NamingTheBrokenRule() {
        Http.Answer answer = http.get(base + "/forms?count=500", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/code").asText()).isEqualTo("INVALID_REQUEST");
        assertThat(answer.json().at("/error/message").asText())
                .contains("query parameter 'count'").contains("maximum value of 100").contains("500");
        assertFitsErrorSchema(answer, "400");
    }

    @Test
    void countThatIsNoNumberAnswers400() {
        Http.Answer answer = http.get(base + "/forms?count=abc", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).contains("'count'").contains("integer expected");
        assertFitsErrorSchema(answer, "400");
    }

    @Test
    void negativeOffsetAnswers400() {
        Http.Answer answer = http.get(base + "/forms?offset=-1", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).contains("'offset'").contains("minimum value of 0");
    }

    @Test
    void formIdZeroBreaksThePathParameterMinimumAndAnswers400() {
        Http.Answer answer = http.get(base + "/forms/0", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).contains("path parameter 'id'").contains("minimum value of 1");
    }

    @Test
    void pagingValuesInsideTheirRangesAreAccepted() {
        Http.Answer answer = http.get(base + "/forms?count=100&offset=0", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(200);
    }

    @Test
    void unknownPathAnswers404InTheContractsErrorShape() {
        Http.Answer answer = http.get(base + "/no/such/path", "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.json().at("/error/code").asText()).isEqualTo("NOT_FOUND");
        assertThat(answer.json().at("/error/message").asText()).contains("/no/such/path");
        assertFitsErrorSchema(answer, "404");
    }

    @Test
    void undeclaredMethodOnAKnownPathAnswers405WithAllow() {
        Http.Answer answer = http.send("DELETE", base + "/forms/1", null, null, "Authorization", Http.CREDENTIAL);

        assertThat(answer.status()).isEqualTo(405);
        assertThat(answer.allow()).isEqualTo("GET");
        assertThat(answer.json().at("/error/code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
        assertFitsErrorSchema(answer, "404");
    }

    @Test
    void preferCodePicksTheDeclaredResponseForThatStatus() {
        Http.Answer answer = http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL, "Prefer", "code=404");

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.json()).isEqualTo(contract.at("/paths/~1forms~1{id}/get/responses/404/content/application~1json/examples/missing/value"));
    }

    @Test
    void preferExamplePicksTheNamedExample() {
        Http.Answer answer = http.get(base + "/forms", "Authorization", Http.CREDENTIAL, "Prefer", "example=empty");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).isEqualTo(contract.at("/paths/~1forms/get/responses/200/content/application~1json/examples/empty/value"));
    }

    @Test
    void preferForAnUndeclaredStatusAnswers400ListingTheDeclaredOnes() {
        Http.Answer answer = http.get(base + "/forms", "Authorization", Http.CREDENTIAL, "Prefer", "code=418");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).contains("418").contains("200, 400, 401, 500");
    }

    @Test
    void preferDoesNotBypassTheContractsRules() {
        Http.Answer answer = http.get(base + "/forms?count=0", "Authorization", Http.CREDENTIAL, "Prefer", "code=200");

        assertThat(answer.status()).isEqualTo(400);
    }

    private void assertFitsErrorSchema(Http.Answer answer, String status) {
        assertThat(contract.validator().validate(schemaOf(contract.operation("getForm").orElseThrow(), status),
                answer.json(), "error body")).isEmpty();
    }

    private String schemaOf(ContractDocument.Operation op, String status) {
        String content = op.responses().get(status) + "/content";
        return content + "/" + Pointers.escape(contract.at(content).fieldNames().next()) + "/schema";
    }

    private JsonNode firstExample(String mediaPointer) {
        JsonNode media = contract.at(mediaPointer);
        if (media.has("example")) {
            return media.get("example");
        }
        String name = media.path("examples").fieldNames().next();
        return contract.at(contract.resolvePointer(Pointers.append(mediaPointer + "/examples", name))).path("value");
    }

    /** The operation's path with each path parameter replaced by its example (or 1). */
    private static String concretePath(ContractDocument.Operation op) {
        String path = op.path();
        for (ContractDocument.Parameter p : op.parameters()) {
            if (p.in().equals("path")) {
                JsonNode example = p.example();
                path = path.replace("{" + p.name() + "}", example.isMissingNode() ? "1" : example.asText());
            }
        }
        return path;
    }
}
