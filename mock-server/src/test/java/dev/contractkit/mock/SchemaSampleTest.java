package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Responses without an example get a value built from their schema, which must validate against it. */
class SchemaSampleTest {
    private static final String YAML = """
            openapi: 3.0.3
            info: {title: Samples, version: "1"}
            paths:
              /orders/{id}:
                get:
                  operationId: getOrder
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  responses:
                    "200":
                      description: an order, no example
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Order"}
            components:
              schemas:
                Order:
                  type: object
                  required: [id, placed_at, status, lines, total, customer]
                  properties:
                    id: {type: string, format: uuid}
                    placed_at: {type: string, format: date-time}
                    status: {type: string, enum: [open, paid]}
                    lines:
                      type: array
                      minItems: 2
                      items:
                        type: object
                        required: [sku, quantity]
                        properties:
                          sku: {type: string, minLength: 8, maxLength: 12}
                          quantity: {type: integer, minimum: 1, maximum: 99}
                    total: {type: number, exclusiveMinimum: 0, multipleOf: 0.01}
                    customer:
                      allOf:
                        - {$ref: "#/components/schemas/Named"}
                        - type: object
                          required: [email]
                          properties:
                            email: {type: string, format: email}
                    note: {type: string}
                  additionalProperties: false
                Named:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string, default: Ada}
            """;

    @Test
    void aResponseWithoutExampleAnswersAValueThatFitsItsSchema() {
        ContractDocument doc = ContractDocument.parse("samples.yaml", YAML);
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0)
                .contracts(Api.FORMS, List.of(doc)).build()); Http http = new Http()) {
            Http.Answer answer = http.get(mocks.url(Api.FORMS) + "/orders/o-1");

            JsonNode order = answer.json();
            assertThat(answer.status()).isEqualTo(200);
            assertThat(doc.validator().validate("/components/schemas/Order", order, "order")).isEmpty();
            assertThat(order.path("lines")).hasSize(2);
            assertThat(order.path("status").asText()).isEqualTo("open");
            assertThat(order.at("/customer/name").asText()).isEqualTo("Ada");
            assertThat(order.has("note")).as("only required properties").isFalse();
        }
    }

    @Test
    void aSchemaTheBuiltValueCannotSatisfyStopsTheStartNamingTheResponse() {
        ContractDocument doc = ContractDocument.parse("samples.yaml",
                YAML.replace("id: {type: string, format: uuid}", "id: {type: string, pattern: \"^ord-[0-9]+$\"}"));
        MockOptions options = MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0).contracts(Api.FORMS, List.of(doc)).build();

        assertThatThrownBy(() -> MockServers.start(options).close())
                .isInstanceOf(BrokenContractException.class)
                .hasMessageContaining("samples.yaml").hasMessageContaining("/paths/~1orders~1{id}/get/responses/200")
                .hasMessageContaining("no example");
    }
}
