package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** OpenAPI 3.0.3: a required readOnly property is required in responses only, a writeOnly one in requests only. */
class AccessModesTest {
    private static final ContractDocument DOC = ContractDocument.parse("cards.yaml", """
            openapi: 3.0.3
            info: {title: cards, version: '1'}
            paths: {}
            components:
              schemas:
                Batch:
                  type: object
                  required: [cards]
                  properties:
                    cards: {type: array, items: {$ref: '#/components/schemas/Card'}}
                Card:
                  allOf:
                    - type: object
                      required: [id, permission]
                      properties:
                        id: {type: integer}
                        permission: {$ref: '#/components/schemas/Permission'}
                Permission:
                  type: object
                  required: [id, country]
                  properties:
                    id: {type: integer, readOnly: true}
                    country: {type: string}
            """);

    @Test
    void aMissingRequiredPropertyIsForgivenWhereItIsReadOnlyThereNotWhereAnotherOfTheSameNameIs() throws IOException {
        List<Finding> findings = DOC.validator().validate("/components/schemas/Batch",
                new ObjectMapper().readTree("{\"cards\": [{\"permission\": {}}]}"), "request");

        List<Finding> left = AccessModes.filter(DOC, "/components/schemas/Batch", "readOnly", findings);

        assertThat(findings).hasSize(3);
        assertThat(left).extracting(Finding::pointer).containsExactlyInAnyOrder("/cards/0", "/cards/0/permission");
        assertThat(left).extracting(Finding::message).noneMatch(m -> m.contains("/cards/0/permission") && m.contains("'id'"));
        assertThat(AccessModes.filter(DOC, "/components/schemas/Batch", "writeOnly", findings)).hasSize(3);
    }
}
