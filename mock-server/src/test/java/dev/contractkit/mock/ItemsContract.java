package dev.contractkit.mock;

import dev.contractkit.specs.check.ContractDocument;

/** A small contract of our own, for what forms lacks: a request body, a literal path beside a template, arrays. */
final class ItemsContract {
    static final String YAML = """
            openapi: 3.0.3
            info: {title: Items, version: "1"}
            paths:
              /items:
                post:
                  operationId: createItem
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: "#/components/schemas/Item"}
                  responses:
                    "201":
                      description: created
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Item"}
                          example: {name: widget, size: 3}
                    "400":
                      description: a rule is broken
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Error"}
                          example: {error: {code: BAD_REQUEST, message: "size must be at least 1"}}
              /items/{name}:
                get:
                  operationId: getItem
                  parameters:
                    - {name: name, in: path, required: true, schema: {type: string, pattern: "^[a-z]+$"}}
                    - {name: sizes, in: query, schema: {type: array, items: {type: integer}}}
                  responses:
                    "200":
                      description: the item
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Item"}
                          example: {name: widget, size: 3}
                    "204":
                      description: nothing to say
              /items/current:
                get:
                  operationId: currentItem
                  responses:
                    "200":
                      description: the current item
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Item"}
                          example: {name: current, size: 1}
            components:
              schemas:
                Item:
                  type: object
                  required: [name, size]
                  properties:
                    name: {type: string}
                    size: {type: integer, minimum: 1}
                  additionalProperties: false
                Error:
                  type: object
                  required: [error]
                  properties:
                    error:
                      type: object
                      required: [code, message]
                      properties:
                        code: {type: string, enum: [BAD_REQUEST, NOT_FOUND, METHOD_NOT_ALLOWED, UNSUPPORTED_MEDIA_TYPE]}
                        message: {type: string}
            """;

    private ItemsContract() {
    }

    static ContractDocument document() {
        return ContractDocument.parse("items.yaml", YAML);
    }

    /** The same contract with one example that breaks its schema (size is a string). */
    static ContractDocument broken() {
        return ContractDocument.parse("broken-items.yaml",
                YAML.replace("example: {name: current, size: 1}", "example: {name: current, size: one}"));
    }
}
