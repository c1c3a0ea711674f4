package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A listener serving a contract given as a document: bodies, path precedence, arrays, borrowed error shapes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OwnContractTest {
    private MockServers mocks;
    private Http http;
    private String base;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0)
                .contracts(Api.FORMS, List.of(ItemsContract.document())).build());
        http = new Http();
        base = mocks.url(Api.FORMS);
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    @Test
    void literalPathWinsOverATemplateThatAlsoMatches() {
        assertThat(http.get(base + "/items/current").json().path("name").asText()).isEqualTo("current");
        assertThat(http.get(base + "/items/other").json().path("name").asText()).isEqualTo("widget");
    }

    @Test
    void operationsWithoutSecurityNeedNoCredentials() {
        assertThat(http.get(base + "/items/current").status()).isEqualTo(200);
    }

    @Test
    void pathParameterBreakingItsPatternAnswers400InTheOperationsErrorShape() {
        Http.Answer answer = http.get(base + "/items/Widget");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/code").asText()).isEqualTo("BAD_REQUEST");
        assertThat(answer.json().at("/error/message").asText()).contains("path parameter 'name'").contains("Widget");
    }

    @Test
    void repeatedQueryParameterIsReadAsAnArrayOfItsItemType() {
        assertThat(http.get(base + "/items/widget?sizes=1&sizes=2").status()).isEqualTo(200);
        Http.Answer answer = http.get(base + "/items/widget?sizes=1&sizes=x");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).contains("query parameter 'sizes' /1");
    }

    @Test
    void validBodyAnswersTheDeclaredCreatedExample() {
        Http.Answer answer = http.send("POST", base + "/items", "application/json", "{\"name\":\"a\",\"size\":2}");

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().path("name").asText()).isEqualTo("widget");
    }

    @Test
    void missingRequiredBodyAnswers400() {
        Http.Answer answer = http.send("POST", base + "/items", "application/json", null);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).isEqualTo("request body is required");
    }

    @Test
    void bodyBreakingItsSchemaAnswers400NamingTheField() {
        Http.Answer answer = http.send("POST", base + "/items", "application/json", "{\"name\":\"a\",\"size\":0}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).contains("request body /size").contains("minimum value of 1");
    }

    @Test
    void bodyThatIsNotJsonAnswers400() {
        Http.Answer answer = http.send("POST", base + "/items", "application/json", "{name");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().at("/error/message").asText()).contains("not valid JSON");
    }

    @Test
    void undeclaredContentTypeAnswers415WithTheErrorShapeBorrowedFrom400() {
        Http.Answer answer = http.send("POST", base + "/items", "text/plain", "name=a");

        assertThat(answer.status()).isEqualTo(415);
        assertThat(answer.json().at("/error/code").asText()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        assertThat(answer.json().at("/error/message").asText()).contains("text/plain");
    }

    @Test
    void unknownPathBorrowsThe400ShapeWithTheNotFoundCodeTheSchemaAllows() {
        Http.Answer answer = http.get(base + "/nothing");

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.json().at("/error/code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void preferCodeForAResponseWithoutContentAnswersAnEmptyBody() {
        Http.Answer answer = http.get(base + "/items/widget", "Prefer", "code=204");

        assertThat(answer.status()).isEqualTo(204);
        assertThat(answer.body()).isEmpty();
    }
}
