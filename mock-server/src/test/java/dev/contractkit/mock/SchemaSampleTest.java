package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.mock.http.SchemaSample;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Responses without an example (or with one that breaks its schema) get a value built from their schema, which must
 * validate against it: every keyword real documents lean on ({@code any-contract/schemas.yaml}).
 */
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
    void aSchemaNoValueCanSatisfyStopsTheStartOfAKitApiNamingTheResponse() {
        ContractDocument doc = ContractDocument.parse("samples.yaml",
                YAML.replace("id: {type: string, format: uuid}", "id: {type: string, minLength: 5, maxLength: 2}"));
        MockOptions options = MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0).contracts(Api.FORMS, List.of(doc)).build();

        assertThatThrownBy(() -> MockServers.start(options).close())
                .isInstanceOf(BrokenContractException.class)
                .hasMessageContaining("samples.yaml").hasMessageContaining("/paths/~1orders~1{id}/get/responses/200")
                .hasMessageContaining("no valid example");
    }

    static ContractDocument shapes() {
        try (InputStream in = SchemaSampleTest.class.getResourceAsStream("/any-contract/schemas.yaml")) {
            return ContractDocument.parse("schemas.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> shapeNames() {
        List<String> names = new ArrayList<>();
        shapes().at("/components/schemas").fieldNames().forEachRemaining(names::add);
        return names;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapeNames")
    void everyRealWorldShapeGetsAValueItsSchemaAccepts(String name) {
        ContractDocument doc = shapes();
        String pointer = "/components/schemas/" + name;

        SchemaSample.Built built = SchemaSample.valid(doc, pointer, true);

        assertThat(built.problems()).as(built.value().toString()).isEmpty();
        assertThat(doc.validator().validate(pointer, built.value(), name)).as(built.value().toString())
                .filteredOn(f -> !f.message().contains("required property 'password'")) // writeOnly: required in requests only
                .isEmpty();
    }

    @Test
    void theValuesFollowTheRulesNotJustTheTypes() {
        ContractDocument doc = shapes();

        JsonNode policy = SchemaSample.valid(doc, "/components/schemas/Policy", true).value();
        assertThat(policy.path("PolicyArn").asText()).startsWith("arn:aws:");
        assertThat(policy.path("State").asText()).isEqualTo("ENABLED");
        assertThat(policy.path("Tags").size()).isEqualTo(1);

        JsonNode ring = SchemaSample.valid(doc, "/components/schemas/Polygon", true).value().at("/coordinates/0");
        assertThat(ring).hasSize(4);
        assertThat(new HashSet<>(List.of(ring.get(0), ring.get(1), ring.get(2), ring.get(3)))).as("distinct positions").hasSize(4);

        JsonNode pet = SchemaSample.valid(doc, "/components/schemas/Pet", true).value();
        assertThat(pet.path("kind").asText()).isEqualTo("cat");

        JsonNode account = SchemaSample.valid(doc, "/components/schemas/Account", true).value();
        assertThat(account.has("password")).as("writeOnly is left out of a response").isFalse();
        assertThat(account.path("note").asText()).matches("N-\\d{3}");

        JsonNode amount = SchemaSample.valid(doc, "/components/schemas/Amount", true).value();
        assertThat(amount.path("value").decimalValue()).isPositive();
        assertThat(amount.path("negative").asInt()).isLessThan(-3);
    }

    @Test
    void examplesAndDefaultsInsideSchemasThatBreakThemAreLeftOutAndNamed() {
        ContractDocument doc = shapes();

        SchemaSample.Built departure = SchemaSample.valid(doc, "/components/schemas/Departure", true);
        SchemaSample.Built size = SchemaSample.valid(doc, "/components/schemas/BrokenDefault", true);

        assertThat(departure.value().path("date").asText()).isEqualTo("2026-01-01");
        assertThat(departure.brokenExamples()).extracting(Finding::pointer)
                .containsExactly("/components/schemas/Departure/properties/date/example");
        assertThat(size.value().path("size").asInt()).isEqualTo(1);
        assertThat(size.brokenExamples()).extracting(Finding::pointer)
                .containsExactly("/components/schemas/BrokenDefault/properties/size/default");
    }

    private static final String OPENAPI_31 = """
            openapi: 3.1.0
            info: {title: Samples 3.1, version: "1"}
            paths: {}
            components:
              schemas:
                Reading:
                  type: object
                  required: [station, value, unit, at, position]
                  properties:
                    station: {type: [string, "null"], minLength: 3}
                    value: {type: number, exclusiveMinimum: 0, exclusiveMaximum: 1}
                    unit: {const: celsius}
                    at: {type: string, format: date-time, examples: ["yesterday"]}
                    position:
                      type: array
                      prefixItems: [{type: number, minimum: -90, maximum: 90}, {type: string, enum: [N, S]}]
                      minItems: 2
            """;

    @Test
    void openApi31TypeListsConstPrefixItemsAndNumericExclusiveBoundsAreFollowed() {
        ContractDocument doc = ContractDocument.parse("samples-31.yaml", OPENAPI_31);

        SchemaSample.Built reading = SchemaSample.valid(doc, "/components/schemas/Reading", true);

        assertThat(reading.problems()).as(reading.value().toString()).isEmpty();
        assertThat(reading.value().path("station").asText()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(reading.value().path("unit").asText()).isEqualTo("celsius");
        assertThat(reading.value().path("value").decimalValue()).isStrictlyBetween(java.math.BigDecimal.ZERO, java.math.BigDecimal.ONE);
        assertThat(reading.value().at("/position/1").asText()).isEqualTo("N");
    }
}
