package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A document with a thousand operations (250 resources x list, create, read, delete), generated here from a
 * template: the mock starts and answers the last resource's operations. The start time is logged, not asserted
 * (a timed assertion would be flaky on a shared machine); docs/any-contract.md quotes a figure.
 */
class LargeDocumentMockTest {
    static final int RESOURCES = 250;

    @Test
    void aThousandOperationsAreServed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("large.yaml");
        Files.writeString(file, document(RESOURCES));
        Api api = Api.fromFiles("large", List.of(file), List.of(), 0);

        long start = System.nanoTime();
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build());
             Http http = new Http()) {
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("LargeDocumentMockTest: %d operations ready in %d ms%n", RESOURCES * 4, millis);
            String last = mocks.url(api) + "/r" + (RESOURCES - 1);

            assertThat(http.get(last).json().get(0).path("name").asText()).isEqualTo("item " + (RESOURCES - 1));
            assertThat(http.get(last + "/7").json().path("name").isTextual()).isTrue();
            assertThat(http.send("POST", last, "application/json", "{\"name\":\"n\"}").status()).isEqualTo(201);
            assertThat(http.send("POST", last, "application/json", "{}").status()).isEqualTo(400);
            assertThat(http.send("DELETE", last + "/7", null, null).status()).isEqualTo(204);
            assertThat(http.get(mocks.url(api) + "/r" + RESOURCES).status()).isEqualTo(404);
        }
    }

    static String document(int resources) {
        StringBuilder out = new StringBuilder("""
                openapi: 3.0.3
                info: {title: large, version: '1'}
                paths:
                """);
        for (int i = 0; i < resources; i++) {
            out.append("""
                      /r%1$d:
                        get:
                          operationId: list%1$d
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema: {type: array, items: {$ref: '#/components/schemas/Item%1$d'}}
                                  example: [{id: 1, name: item %1$d}]
                        post:
                          operationId: create%1$d
                          requestBody:
                            required: true
                            content:
                              application/json:
                                schema: {$ref: '#/components/schemas/Item%1$d'}
                          responses:
                            '201':
                              description: created
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Item%1$d'}
                            '400': {$ref: '#/components/responses/Problem'}
                      /r%1$d/{id}:
                        parameters:
                          - {name: id, in: path, required: true, schema: {type: integer}}
                        get:
                          operationId: read%1$d
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Item%1$d'}
                            '404': {$ref: '#/components/responses/Problem'}
                        delete:
                          operationId: delete%1$d
                          responses:
                            '204': {description: deleted}
                    """.formatted(i));
        }
        out.append("""
                components:
                  responses:
                    Problem:
                      description: a problem
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [message]
                            properties: {message: {type: string}}
                          example: {message: not found}
                  schemas:
                """);
        for (int i = 0; i < resources; i++) {
            out.append("""
                        Item%1$d:
                          type: object
                          required: [name]
                          properties:
                            id: {type: integer, example: 7}
                            name: {type: string}
                    """.formatted(i));
        }
        return out.toString();
    }
}
