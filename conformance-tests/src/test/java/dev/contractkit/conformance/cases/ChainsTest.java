package dev.contractkit.conformance.cases;

import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The create, read, update, delete chains the stateful checks follow: from OpenAPI links, else x-kit-state. */
class ChainsTest {

    @Test
    void couponChainComesFromTheLinksOfTheCreateWithASoftDeleteAndTheMessageItEmits() {
        List<Chains.Chain> chains = Chains.of(ContractDocument.load("openapi/coupons.yaml"));

        assertThat(chains).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("createCoupon → getCoupon → updateCoupon → deleteCoupon → getCoupon");
            assertThat(c.idPointer()).isEqualTo("/id");
            assertThat(c.softDelete()).hasValueSatisfying(s -> assertThat(s.path("active").asBoolean(true)).isFalse());
            assertThat(c.emits()).contains("coupon_created");
            assertThat(c.source()).startsWith("OpenAPI links");
        });
    }

    @Test
    void taskChainReadsTheFirstIdOfTheSubmittedList() {
        assertThat(Chains.of(ContractDocument.load("openapi/exec.yaml"))).singleElement().satisfies(c -> {
            assertThat(c.idPointer()).isEqualTo("/task_ids/0");
            assertThat(c.read().operationId()).isEqualTo("getTask");
            assertThat(c.delete().orElseThrow().operationId()).isEqualTo("deleteTask");
            assertThat(c.softDelete()).isEmpty();
        });
    }

    @Test
    void anOperationThatTakesTheIdIsNoCreateEvenWhenItsResponseLinksToTheResource() {
        List<Chains.Chain> chains = Chains.of(ContractDocument.load("openapi/codehost-v5.yaml"));

        assertThat(chains).extracting(c -> c.create().operationId()).containsExactlyInAnyOrder("createUser", "createGeoSite");
    }

    @Test
    void withoutLinksTheKitStateDeclarationGivesTheChain() {
        String text = """
                openapi: 3.0.3
                info: {title: t, version: "1"}
                paths:
                  /notes:
                    post:
                      operationId: addNote
                      x-kit-state: {resource: notes, action: create}
                      responses: {"201": {description: created}}
                  /notes/{noteId}:
                    parameters: [{name: noteId, in: path, required: true, schema: {type: string}}]
                    get:
                      operationId: readNote
                      x-kit-state: {resource: notes, action: read}
                      responses: {"200": {description: ok}}
                    delete:
                      operationId: dropNote
                      x-kit-state: {resource: notes, action: delete}
                      responses: {"204": {description: gone}}
                """;
        assertThat(Chains.of(ContractDocument.parse("notes.yaml", text))).singleElement().satisfies(c -> {
            assertThat(c.idParam()).isEqualTo("noteId");
            assertThat(c.idPointer()).isEqualTo("/id");
            assertThat(c.update()).isEmpty();
            assertThat(c.delete().orElseThrow().operationId()).isEqualTo("dropNote");
        });
    }
}
