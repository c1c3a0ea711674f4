package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

class ContractCheckTest {
    private static final String COUPONS = "openapi/coupons.yaml";

    @ParameterizedTest
    @ValueSource(strings = {"openapi/forms.yaml", "openapi/coupons.yaml"})
    void shippedContractsAreClean(String file) {
        assertThat(ContractCheck.check(ContractDocument.load(file))).isEmpty();
    }

    @Test
    void brokenResponseExampleIsReportedWithFileAndPointer() throws IOException {
        List<Finding> findings = ContractCheck.check(mutated(root -> ((ObjectNode) root
                .at("/paths/~1write~1v1~1coupons/post/responses/201/content/application~1json/examples/created/value"))
                .put("discount_percent", 150)));

        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.file()).isEqualTo(COUPONS);
            assertThat(f.pointer()).isEqualTo(
                    "/paths/~1write~1v1~1coupons/post/responses/201/content/application~1json/examples/created/value/discount_percent");
            assertThat(f.message()).contains("maximum");
        });
    }

    @Test
    void detailsMustBeAStringOrAStringMap() throws IOException {
        List<Finding> findings = ContractCheck.check(mutated(root -> ((ObjectNode) root
                .at("/components/examples/DiscountOutOfRange/value/error/details")).put("discount_percent", 42)));

        assertThat(findings).isNotEmpty().allSatisfy(f -> {
            assertThat(f.file()).isEqualTo(COUPONS);
            assertThat(f.pointer()).startsWith("/components/examples/DiscountOutOfRange/value/error/details");
        });
    }

    @Test
    void stringDetailsAndUnknownErrorCodes() throws IOException {
        assertThat(ContractCheck.check(mutated(root -> ((ObjectNode) root
                .at("/components/examples/DiscountOutOfRange/value/error")).put("details", "just text")))).isEmpty();

        List<Finding> findings = ContractCheck.check(mutated(root -> ((ObjectNode) root
                .at("/components/responses/Forbidden/content/application~1json/example/error")).put("code", "DENIED")));
        assertThat(findings).extracting(Finding::pointer)
                .containsExactly("/components/responses/Forbidden/content/application~1json/example/error/code");
    }

    @Test
    void rateLimitedOperationsNeedTheirHeadersAndAKnownCategory() throws IOException {
        List<Finding> findings = ContractCheck.check(mutated(root -> {
            ((ObjectNode) root.at("/components/responses/CouponNotFound/headers")).remove("X-RateLimit-Reset");
            ((ObjectNode) root.at("/paths/~1coupons~1v1~1redeem/post")).put("x-kit-rate-limit-category", "bulk");
        }));

        assertThat(findings).extracting(Finding::pointer).contains(
                "/components/responses/CouponNotFound/headers",
                "/paths/~1coupons~1v1~1redeem/post/x-kit-rate-limit-category");
        assertThat(findings).filteredOn(f -> f.pointer().equals("/components/responses/CouponNotFound/headers"))
                .allSatisfy(f -> assertThat(f.message()).contains("X-RateLimit-Reset"));
    }

    @Test
    void headerExamplesAndMissingExamplesAreChecked() throws IOException {
        List<Finding> findings = ContractCheck.check(mutated(root -> {
            ((ObjectNode) root.at("/components/headers/X-RateLimit-Reset")).put("example", "soon");
            ((ObjectNode) root.at("/components/responses/RealmNotFound/content/application~1json")).remove("example");
        }));

        assertThat(findings).extracting(Finding::pointer).containsExactlyInAnyOrder(
                "/components/headers/X-RateLimit-Reset/example",
                "/components/responses/RealmNotFound/content/application~1json");
    }

    private static ContractDocument mutated(Consumer<ObjectNode> change) throws IOException {
        ObjectNode root = (ObjectNode) ContractDocument.YAML.readTree(Api.readContract(COUPONS));
        change.accept(root);
        return ContractDocument.parse(COUPONS, ContractDocument.YAML.writeValueAsString(root));
    }
}
