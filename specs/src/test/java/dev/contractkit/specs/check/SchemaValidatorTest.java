package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.source.Trees;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The validator's copy of a document leaves out what no validation reads (examples, prose) and keeps at most
 * {@link SchemaValidator#COMPILED} compiled schemas: the verdicts are the same (issue 33, memory on big documents).
 */
class SchemaValidatorTest {
    private static JsonNode json(String text) throws IOException {
        return Trees.parse(text);
    }

    @Test
    void propertiesNamedLikeTheKeywordsLeftOutAreStillValidated() throws IOException {
        ContractDocument doc = ContractDocument.parse("t.yaml", """
                openapi: 3.0.3
                info: {title: t, version: '1'}
                paths: {}
                components:
                  schemas:
                    Item:
                      type: object
                      description: an item
                      example: {description: x}
                      required: [description]
                      properties:
                        description: {type: string, description: prose}
                        title: {type: integer, title: a title}
                        examples: {type: array, default: []}
                        default: {type: boolean}
                """);
        SchemaValidator v = doc.validator();

        assertThat(v.validate("/components/schemas/Item", json("{\"description\": \"d\", \"title\": 1, \"examples\": [], \"default\": true}"), "ok"))
                .isEmpty();
        List<Finding> broken = v.validate("/components/schemas/Item",
                json("{\"title\": \"t\", \"examples\": 3, \"default\": \"no\"}"), "broken");
        assertThat(broken).extracting(Finding::message).hasSize(4)
                .anyMatch(m -> m.contains("description")).anyMatch(m -> m.contains("/title"))
                .anyMatch(m -> m.contains("/examples")).anyMatch(m -> m.contains("/default"));
    }

    @Test
    void nullableAndEnumsOfObjectsHoldAsWritten() throws IOException {
        ContractDocument doc = ContractDocument.parse("t.yaml", """
                openapi: 3.0.3
                info: {title: t, version: '1'}
                paths: {}
                components:
                  schemas:
                    Maybe: {type: string, nullable: true, x-note: ignored}
                    Choice:
                      enum: [{description: a, x-flag: true}]
                """);
        SchemaValidator v = doc.validator();

        assertThat(v.validate("/components/schemas/Maybe", json("null"), "null")).isEmpty();
        assertThat(v.validate("/components/schemas/Maybe", json("1"), "number")).hasSize(1);
        assertThat(v.validate("/components/schemas/Choice", json("{\"description\": \"a\", \"x-flag\": true}"), "same")).isEmpty();
        assertThat(v.validate("/components/schemas/Choice", json("{\"description\": \"a\"}"), "other")).hasSize(1);
    }

    @Test
    void schemasBeyondTheCompiledBoundAreCompiledAgainWithTheSameVerdicts() throws IOException {
        int n = SchemaValidator.COMPILED * 3;
        StringBuilder yaml = new StringBuilder("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n");
        for (int i = 0; i <= SchemaValidator.LARGE_PATHS; i++) { // a large document: the bound applies
            yaml.append("  /p").append(i).append(": {}\n");
        }
        yaml.append("components:\n  schemas:\n");
        for (int i = 0; i < n; i++) {
            yaml.append("    N").append(i).append(": {type: integer, minimum: ").append(i).append("}\n");
            yaml.append("    R").append(i).append(": {type: array, items: {$ref: '#/components/schemas/N").append(i).append("'}}\n");
        }
        SchemaValidator v = ContractDocument.parse("t.yaml", yaml.toString()).validator();

        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < n; i++) {
                assertThat(v.validate("/components/schemas/R" + i, json("[" + i + "]"), "at")).isEmpty();
                assertThat(v.validate("/components/schemas/R" + i, json("[" + (i - 1) + "]"), "below")).hasSize(1);
            }
        }
    }

    /** amadeus's documents write {@code [a-zA-Z]{1-70}} and {@code {0-9]{1,15}}: the rest of the schema is still checked. */
    @Test
    void aPatternTheValidatorCannotRunIsLeftOutAndTheRestOfTheSchemaChecked() throws IOException {
        SchemaValidator v = ContractDocument.parse("t.yaml", """
                openapi: 3.0.3
                info: {title: t, version: '1'}
                paths: {}
                components:
                  schemas:
                    Name: {type: string, pattern: '[a-zA-Z]{1-70}', maxLength: 3}
                """).validator();

        assertThat(v.validate("/components/schemas/Name", json("\"abc\""), "ok")).isEmpty();
        assertThat(v.validate("/components/schemas/Name", json("\"abcd\""), "too long")).hasSize(1);
    }
}
