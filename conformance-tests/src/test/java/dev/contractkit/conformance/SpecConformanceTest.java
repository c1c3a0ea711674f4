package dev.contractkit.conformance;

import dev.contractkit.conformance.cases.Documents;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.JunitXml;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The suite on documents nobody here wrote (no x-kit-* keys): the public petstore (3.0) and non-oauth-scopes (3.1)
 * documents, against a hand-written correct implementation and a deliberately broken one.
 */
class SpecConformanceTest {
    static PetstoreServer correct;
    static PetstoreServer broken;
    static Report good;
    static Report bad;
    static Report goodScopes;
    static Report badScopes;
    static IndependentValidator goodValidator;
    static IndependentValidator badValidator;

    @BeforeAll
    static void runTheSuiteAgainstBothImplementations() throws Exception {
        correct = PetstoreServer.correct();
        broken = PetstoreServer.broken();
        String petstore = Files.readString(PetstoreServer.PETSTORE);
        goodValidator = IndependentValidator.of("petstore (correct)", petstore);
        badValidator = IndependentValidator.of("petstore (broken)", petstore);
        good = Conformance.run(goodValidator.watch(petstore(correct)).build());
        bad = Conformance.run(badValidator.watch(petstore(broken)).build());
        goodScopes = Conformance.run(scopes(correct).credential(PetstoreServer.TOKEN).build());
        badScopes = Conformance.run(scopes(broken).credential(PetstoreServer.TOKEN).build());
    }

    static ConformanceTarget.Builder petstore(PetstoreServer server) {
        return ConformanceTarget.builder(Api.idOf(PetstoreServer.PETSTORE), List.of(PetstoreServer.PETSTORE)).baseUrl(server.url());
    }

    static ConformanceTarget.Builder scopes(PetstoreServer server) {
        return ConformanceTarget.builder(Api.idOf(PetstoreServer.SCOPES), List.of(PetstoreServer.SCOPES)).baseUrl(server.url());
    }

    @AfterAll
    static void stop() {
        correct.close();
        broken.close();
    }

    @Test
    void aCorrectImplementationOfAnyDocumentPasses() {
        assertThat(good.violations()).as(good.toString()).isEmpty();
        assertThat(good.errors()).isEmpty();
        assertThat(good.passed()).isTrue();
        assertThat(good.target()).isEqualTo("v3-0-petstore");
        assertThat(goodScopes.violations()).as(goodScopes.toString()).isEmpty();
        assertThat(goodScopes.passed()).isTrue();
    }

    @Test
    void theStandardChecksJudgeADocumentWithoutTheKitsDialect() {
        for (Check c : List.of(Check.STATUS_CODE_CONFORMANCE, Check.RESPONSE_SCHEMA_CONFORMANCE,
                Check.CONTENT_TYPE_CONFORMANCE, Check.NEGATIVE_DATA_REJECTION, Check.POSITIVE_DATA_ACCEPTANCE,
                Check.UNSUPPORTED_METHOD, Check.NOT_A_SERVER_ERROR, Check.ERROR_ENVELOPE)) {
            assertThat(good.result(c).total()).as(c.key()).isPositive();
            assertThat(good.notChecked()).doesNotContainKey(c);
        }
        assertThat(goodScopes.result(Check.IGNORED_AUTH).total()).isPositive();
    }

    @Test
    void checksThatNeedTheKitsDialectSayNotCheckedAndWhy() {
        assertThat(good.notChecked()).containsEntry(Check.FORBIDDEN_ROLE,
                        "the document does not use the kit's dialect (x-kit-required-role)")
                .containsEntry(Check.RATE_LIMIT_HEADERS,
                        "the document does not use the kit's dialect (x-kit-rate-limit-category)")
                .containsKey(Check.STATE_TRANSITIONS);
        assertThat(good.notChecked().keySet()).allSatisfy(c -> assertThat(good.result(c).total()).isZero());
        assertThat(JunitXml.render(good)).contains("<skipped message=\"not checked: the document does not use the kit&#39;s dialect")
                .containsPattern("skipped=\"[1-9]");
    }

    @Test
    void aBrokenImplementationFailsWithTheSpecificViolations() {
        assertThat(bad.passed()).isFalse();
        assertThat(bad.violations(Check.RESPONSE_SCHEMA_CONFORMANCE))
                .extracting(Violation::operationId, Violation::pointer)
                .contains(tuple("listPets", "/response/body/0/id"), tuple("listPets", "/response/body/0/name"),
                        tuple("showPetById", "/response/body/id"));
        assertThat(bad.violations(Check.NEGATIVE_DATA_REJECTION)).extracting(Violation::operationId)
                .contains("listPets", "createPets");
        assertThat(bad.violations(Check.NEGATIVE_DATA_REJECTION)).extracting(Violation::pointer)
                .contains("/request/query/limit");
        assertThat(bad.violations(Check.CONTENT_TYPE_CONFORMANCE)).extracting(Violation::operationId)
                .contains("createPets");
        assertThat(bad.violations(Check.UNSUPPORTED_METHOD)).isNotEmpty()
                .allSatisfy(v -> assertThat(v.message()).contains("expected 405"));
    }

    @Test
    void aBrokenImplementationThatIgnoresAuthenticationFailsIgnoredAuth() {
        assertThat(badScopes.passed()).isFalse();
        assertThat(badScopes.violations(Check.IGNORED_AUTH)).isNotEmpty()
                .allSatisfy(v -> assertThat(v.request()).startsWith("GET "));
    }

    @Test
    void theIndependentValidatorAgreesOnBothImplementations() {
        goodValidator.assertEveryResponseValid(good);
        assertThat(badValidator.responseFindings()).extracting(IndependentValidator.Finding::toString)
                .anyMatch(f -> f.contains("listPets")).anyMatch(f -> f.contains("showPetById"));
    }

    @Test
    void whatTheSuiteDoesNotCheckInADocumentIsNamedWithItsPlace() throws Exception {
        Path callbacks = PetstoreServer.OUTSIDE.resolve("v3.0-callback-example.yaml");
        Path webhooks = PetstoreServer.OUTSIDE.resolve("v3.1-webhook-example.yaml");
        assertThat(Documents.unsupported(Documents.openapi(callbacks))).singleElement().asString()
                .contains("callbacks at /paths/~1streams/post/callbacks are not checked");
        assertThat(Documents.unsupported(Documents.openapi(webhooks))).singleElement().asString()
                .contains("webhooks at /webhooks are not checked");
        assertThat(Documents.unsupported(Documents.openapi(PetstoreServer.PETSTORE))).isEmpty();
    }
}
