package dev.contractkit.specs;

import java.util.Locale;

/**
 * A generated OpenAPI 3.0 document of any size, for measuring how the mock and the suite scale with the operation
 * count (the mock's and the suite's tests and the bench share it). Each resource {@code r<i>} has four operations: list (paged with
 * {@code limit}), create (JSON body with a required name and an enum), read and delete by a UUID id; bearer auth;
 * one error schema shared by every 4xx.
 *
 * <pre>{@code
 * Files.writeString(dir.resolve("large.yaml"), LargeDocument.openapi(250));   // 1,000 operations
 * }</pre>
 */
public final class LargeDocument {
    /** Operations per resource. */
    public static final int OPERATIONS_PER_RESOURCE = 4;

    private LargeDocument() {
    }

    /**
     * @param resources how many resources (each gives {@value #OPERATIONS_PER_RESOURCE} operations)
     * @return the document as YAML
     * @throws IllegalArgumentException when {@code resources < 1}
     */
    public static String openapi(int resources) {
        if (resources < 1) {
            throw new IllegalArgumentException("resources must be 1 or more, got " + resources);
        }
        StringBuilder y = new StringBuilder(resources * 1200);
        y.append("""
                openapi: 3.0.3
                info:
                  title: Large generated API
                  version: 1.0.0
                security:
                  - bearer: []
                paths:
                """);
        for (int i = 0; i < resources; i++) {
            String r = String.format(Locale.ROOT, "r%04d", i);
            y.append("""
                      /%1$s:
                        get:
                          operationId: list_%1$s
                          parameters:
                            - name: limit
                              in: query
                              schema: {type: integer, minimum: 1, maximum: 100}
                          responses:
                            '200':
                              description: a page
                              content:
                                application/json:
                                  schema:
                                    type: array
                                    items: {$ref: '#/components/schemas/Item'}
                            '400': {$ref: '#/components/responses/Error'}
                            '401': {$ref: '#/components/responses/Error'}
                        post:
                          operationId: create_%1$s
                          requestBody:
                            required: true
                            content:
                              application/json:
                                schema: {$ref: '#/components/schemas/NewItem'}
                          responses:
                            '201':
                              description: created
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Item'}
                            '400': {$ref: '#/components/responses/Error'}
                            '401': {$ref: '#/components/responses/Error'}
                      /%1$s/{id}:
                        parameters:
                          - name: id
                            in: path
                            required: true
                            schema: {type: string, format: uuid}
                        get:
                          operationId: get_%1$s
                          responses:
                            '200':
                              description: the item
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Item'}
                            '400': {$ref: '#/components/responses/Error'}
                            '401': {$ref: '#/components/responses/Error'}
                            '404': {$ref: '#/components/responses/Error'}
                        delete:
                          operationId: delete_%1$s
                          responses:
                            '204': {description: deleted}
                            '400': {$ref: '#/components/responses/Error'}
                            '401': {$ref: '#/components/responses/Error'}
                            '404': {$ref: '#/components/responses/Error'}
                    """.formatted(r));
        }
        y.append("""
                components:
                  securitySchemes:
                    bearer: {type: http, scheme: bearer}
                  responses:
                    Error:
                      description: an error
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Error'}
                  schemas:
                    NewItem:
                      type: object
                      required: [name, kind]
                      properties:
                        name: {type: string, minLength: 1, maxLength: 40}
                        kind: {type: string, enum: [small, large]}
                    Item:
                      type: object
                      required: [id, name, kind]
                      properties:
                        id: {type: string, format: uuid}
                        name: {type: string}
                        kind: {type: string, enum: [small, large]}
                    Error:
                      type: object
                      required: [message]
                      properties:
                        message: {type: string}
                """);
        return y.toString();
    }
}
