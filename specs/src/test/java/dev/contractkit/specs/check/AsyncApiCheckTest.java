package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.Api;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

class AsyncApiCheckTest {
    private static final String FILE = "asyncapi/coupon-updates.yaml";

    @Test
    void shippedContractIsClean() {
        assertThat(AsyncApiCheck.check(ContractDocument.load(FILE))).isEmpty();
    }

    @Test
    void exampleOutsideItsPayloadSchemaIsReportedWithFileAndPointer() throws IOException {
        List<Finding> findings = AsyncApiCheck.check(mutated(root -> ((ObjectNode) root
                .at("/components/messages/couponCreated/examples/0/payload/data")).put("discount_percent", 150)));

        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.file()).isEqualTo(FILE);
            assertThat(f.pointer())
                    .isEqualTo("/components/messages/couponCreated/examples/0/payload/data/discount_percent");
            assertThat(f.message()).startsWith("example breaks its schema").contains("maximum");
            assertThat(f.value()).isEqualTo("150");
        });
    }

    @Test
    void wrongMessageTypeBreaksTheConst() throws IOException {
        List<Finding> findings = AsyncApiCheck.check(mutated(root -> ((ObjectNode) root
                .at("/components/messages/usageUpdated/examples/1/payload")).put("type", "usage_update")));

        assertThat(findings).extracting(Finding::file, Finding::pointer)
                .containsExactly(Tuple.tuple(FILE,
                        "/components/messages/usageUpdated/examples/1/payload/type"));
    }

    @Test
    void missingEnvelopeFieldAndUnknownDataFieldAreReported() throws IOException {
        List<Finding> findings = AsyncApiCheck.check(mutated(root -> {
            ObjectNode payload = (ObjectNode) root.at("/components/messages/couponExpired/examples/2/payload");
            payload.remove("timestamp");
            ((ObjectNode) payload.get("data")).put("colour", "red");
        }));

        assertThat(findings).extracting(Finding::pointer).containsExactlyInAnyOrder(
                "/components/messages/couponExpired/examples/2/payload",
                "/components/messages/couponExpired/examples/2/payload/data");
        assertThat(findings).extracting(Finding::message).anySatisfy(m -> assertThat(m).contains("timestamp"));
        assertThat(findings).extracting(Finding::message).anySatisfy(m -> assertThat(m).contains("colour"));
    }

    @Test
    void messageNameMustMatchTheTypeConst() throws IOException {
        List<Finding> findings = AsyncApiCheck.check(mutated(root -> ((ObjectNode) root
                .at("/components/messages/couponCreated")).put("name", "coupon_added")));

        assertThat(findings).extracting(Finding::pointer).containsExactly("/components/messages/couponCreated/name");
    }

    @Test
    void anonymousSchemasMissingNamesAndBadExamplesAreReported() throws IOException {
        String file = "broken/asyncapi-anonymous.yaml";
        List<Finding> findings = AsyncApiCheck.check(ContractDocument.parse(file, resource(file)));

        assertThat(findings).allSatisfy(f -> assertThat(f.file()).isEqualTo(file));
        assertThat(findings).extracting(Finding::pointer).containsExactlyInAnyOrder(
                "/channels/pings/messages/ping",                          // no name
                "/channels/pings/messages/ping/payload",                  // inline object without title
                "/channels/pings/messages/ping/payload/properties/level", // inline enum without title
                "/channels/pings/messages/ping/examples/0/payload/seq");  // -1 < minimum 0
        assertThat(findings).filteredOn(f -> f.pointer().endsWith("/payload"))
                .singleElement().extracting(Finding::message).asString().contains("AnonymousSchema_N");
    }

    @Test
    void otherVersionsAreRefused() {
        ContractDocument doc = ContractDocument.parse("asyncapi/old.yaml",
                "asyncapi: 2.6.0\ninfo: {title: Old, version: '1'}\nchannels: {}\n");

        assertThat(AsyncApiCheck.check(doc)).extracting(Finding::pointer).containsExactly("/asyncapi");
    }

    @Test
    void danglingRefIsReported() throws IOException {
        List<Finding> findings = AsyncApiCheck.check(mutated(root -> ((ObjectNode) root
                .at("/components/messages/couponCreated/payload")).put("$ref", "#/components/schemas/Nope")));

        assertThat(findings).extracting(Finding::pointer)
                .containsExactly("/components/messages/couponCreated/payload/$ref");
    }

    /** The shipped contract with one change, re-parsed under the same file name. */
    static ContractDocument mutated(Consumer<ObjectNode> change) throws IOException {
        ObjectNode root = (ObjectNode) ContractDocument.YAML.readTree(Api.readContract(FILE));
        change.accept(root);
        return ContractDocument.parse(FILE, ContractDocument.YAML.writeValueAsString(root));
    }

    static String resource(String name) throws IOException {
        try (InputStream in = AsyncApiCheckTest.class.getResourceAsStream("/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
