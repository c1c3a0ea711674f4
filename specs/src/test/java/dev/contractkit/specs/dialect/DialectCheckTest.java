package dev.contractkit.specs.dialect;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractCheck;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class DialectCheckTest {

    @Test
    void unknownKeysAreRejectedWithADidYouMeanForNearMisses() throws IOException {
        List<Finding> findings = check("broken/dialect-unknown-key.yaml");

        assertThat(findings).allSatisfy(f -> assertThat(f.file()).isEqualTo("broken/dialect-unknown-key.yaml"));
        assertThat(findings).extracting(Finding::pointer).containsExactlyInAnyOrder(
                "/info/x-kit-frobnicate", "/paths/~1items/get/x-kit-rate-limit-categry");
        assertThat(findings).filteredOn(f -> f.pointer().endsWith("categry")).singleElement()
                .extracting(Finding::message).asString()
                .contains("unknown kit key x-kit-rate-limit-categry", "did you mean x-kit-rate-limit-category?");
        assertThat(findings).filteredOn(f -> f.pointer().endsWith("frobnicate")).singleElement()
                .extracting(Finding::message).asString().doesNotContain("did you mean").contains("contract-dialect.md");
    }

    @Test
    void keysInTheWrongPlaceAreRejectedSayingWhereTheyGo() throws IOException {
        List<Finding> findings = check("broken/dialect-wrong-place.yaml");

        assertThat(findings).extracting(Finding::pointer).containsExactlyInAnyOrder(
                "/paths/~1items/get/x-kit-rate-limits",
                "/paths/~1items/get/parameters/0/x-kit-credential-format",
                "/components/schemas/Item/x-kit-state");
        assertThat(findings).filteredOn(f -> f.pointer().endsWith("x-kit-rate-limits")).singleElement()
                .extracting(Finding::message).asString()
                .isEqualTo("x-kit-rate-limits does not belong on an operation; it goes on the document's root");
        assertThat(findings).filteredOn(f -> f.pointer().endsWith("x-kit-state")).singleElement()
                .extracting(Finding::message).asString().contains("not belong on a schema", "goes on an operation");
    }

    @Test
    void mistypedValuesAreRejectedNamingTheType() throws IOException {
        List<Finding> findings = check("broken/dialect-mistyped.yaml");

        assertThat(findings).extracting(Finding::pointer).containsExactlyInAnyOrder(
                "/info/x-kit-previous-version",
                "/x-kit-rate-limits",
                "/paths/~1items/post/x-kit-refusals",
                "/paths/~1items/post/x-kit-state",
                "/paths/~1items/post/responses/422/x-kit-refusal");
        assertThat(findings).filteredOn(f -> f.pointer().endsWith("x-kit-refusal")).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("x-kit-refusal must be true or false");
            assertThat(f.value()).isEqualTo("\"yes\"");
        });
        assertThat(findings).filteredOn(f -> f.pointer().equals("/x-kit-rate-limits")).singleElement()
                .extracting(Finding::message).asString().contains("limit: integer");
    }

    @Test
    void theKitsOwnContractsUseOnlyRegisteredKeysInTheirPlaces() {
        List<String> files = Api.values().stream().flatMap(a -> Stream.concat(a.openapi().stream(), a.asyncapi().stream()))
                .distinct().toList();

        assertThat(files).contains("openapi/coupons.yaml", "openapi/answers.yaml");
        assertThat(files).allSatisfy(f -> assertThat(ContractCheck.checkDialect(ContractDocument.load(f))).isEmpty());
    }

    @Test
    void aDocumentWithoutKitKeysHasNoDialectFindings() throws IOException {
        String file = "contracts-outside/openapi/v3.0-petstore-expanded.yaml";

        assertThat(check(file)).isEmpty();
    }

    @Test
    void placesAreToldApartByPointer() {
        assertThat(DialectCheck.placeOf(List.of())).isEqualTo(Keyword.Place.DOCUMENT);
        assertThat(DialectCheck.placeOf(List.of("info"))).isEqualTo(Keyword.Place.INFO);
        assertThat(DialectCheck.placeOf(List.of("paths", "/schema", "get"))).isEqualTo(Keyword.Place.OPERATION);
        assertThat(DialectCheck.placeOf(List.of("paths", "/a", "get", "responses", "200"))).isEqualTo(Keyword.Place.RESPONSE);
        assertThat(DialectCheck.placeOf(List.of("components", "responses", "NotFound"))).isEqualTo(Keyword.Place.RESPONSE);
        assertThat(DialectCheck.placeOf(List.of("components", "securitySchemes", "Token"))).isEqualTo(Keyword.Place.SECURITY_SCHEME);
        assertThat(DialectCheck.placeOf(List.of("paths", "/a", "get", "parameters", "0", "schema")))
                .isEqualTo(Keyword.Place.SCHEMA);
        assertThat(DialectCheck.placeOf(List.of("components", "schemas", "A", "properties", "b"))).isEqualTo(Keyword.Place.SCHEMA);
        assertThat(DialectCheck.placeOf(List.of("paths", "/a", "get", "parameters", "0"))).isEqualTo(Keyword.Place.OTHER);
    }

    private static List<Finding> check(String file) throws IOException {
        try (InputStream in = DialectCheckTest.class.getClassLoader().getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            return ContractCheck.checkDialect(ContractDocument.parse(file, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
    }
}
