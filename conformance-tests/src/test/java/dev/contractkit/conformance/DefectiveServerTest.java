package dev.contractkit.conformance;

import dev.contractkit.conformance.FakeFormsServer.Defect;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Proves the suite can fail: a server that conforms passes, and each single defect is caught by the check
 * meant for it, at the right place, with the offending value.
 */
class DefectiveServerTest {

    static Report runAgainst(Defect... defects) throws IOException {
        try (FakeFormsServer server = FakeFormsServer.start(defects)) {
            return Conformance.run(ConformanceTarget.builder(Api.FORMS).baseUrl(server.url())
                    .credential(FakeFormsServer.KEY).build());
        }
    }

    static List<Violation> violationsOf(Check check, Defect defect) throws IOException {
        Report report = runAgainst(defect);
        assertThat(report.passed()).as("a server with %s passes", defect).isFalse();
        assertThat(report.result(check).failed()).as("%s failed", check.key()).isPositive();
        return report.violations(check);
    }

    @Test
    void conformingServerPassesEveryCheck() throws IOException {
        Report report = runAgainst();

        assertThat(report.violations()).isEmpty();
        assertThat(report.errors()).isEmpty();
        assertThat(report.results()).filteredOn(r -> !TestContracts.NOT_FOR_FORMS.contains(r.check())).allSatisfy(r -> assertThat(r.passed()).as(r.check().key()).isPositive());
    }

    @Test
    void formsPagesWithTheTotalInAHeaderAreJudgedByPaginationLinks() throws IOException {
        // GET /forms says its total in X-Total-Count and its offset in the query, not in the body
        Report report = runAgainst();

        assertThat(report.result(Check.PAGINATION_LINKS).passed()).isPositive();
        assertThat(report.notChecked()).doesNotContainKey(Check.PAGINATION_LINKS);
    }

    @Test
    void aFormsPageWithoutRelNextWhileFormsFollowFailsPaginationLinks() throws IOException {
        List<Violation> found = violationsOf(Check.PAGINATION_LINKS, Defect.LINK_WITHOUT_NEXT);

        assertThat(found).extracting(Violation::operationId).containsOnly("listForms");
        assertThat(found).first().satisfies(v -> {
            assertThat(v.pointer()).isEqualTo("/response/headers/link");
            assertThat(v.message()).contains("no Link rel=\"next\" although more items follow", "total 3");
        });
    }

    @Test
    void idSentAsStringFailsResponseSchemaConformanceAtTheIdField() throws IOException {
        List<Violation> found = violationsOf(Check.RESPONSE_SCHEMA_CONFORMANCE, Defect.ID_AS_STRING);

        assertThat(found).extracting(Violation::operationId, Violation::pointer, Violation::value)
                .contains(tuple("getForm", "/response/body/form/id", "\"1\""),
                        tuple("listForms", "/response/body/forms/0/id", "\"1\""));
        assertThat(found).first().satisfies(v -> {
            assertThat(v.operation()).isEqualTo("GET /forms");
            assertThat(v.message()).contains("integer");
        });
    }

    @Test
    void missingRequiredFieldFailsResponseSchemaConformanceNamingTheField() throws IOException {
        List<Violation> found = violationsOf(Check.RESPONSE_SCHEMA_CONFORMANCE, Defect.MISSING_TITLE);

        assertThat(found).filteredOn(v -> v.operationId().equals("getForm"))
                .extracting(Violation::pointer, Violation::value)
                .containsOnly(tuple("/response/body/form/title", ""));
        assertThat(found).allSatisfy(v -> assertThat(v.message()).contains("title"));
    }

    @Test
    void undeclaredStatusFailsStatusCodeConformance() throws IOException {
        List<Violation> found = violationsOf(Check.STATUS_CODE_CONFORMANCE, Defect.TEAPOT_FOR_MISSING_FORM);

        assertThat(found).extracting(Violation::operation, Violation::pointer, Violation::value, Violation::status)
                .containsOnly(tuple("GET /forms/{id}", "/response/status", "418", 418));
        assertThat(found.get(0).message()).contains("418").contains("200, 400, 401, 404, 500");
    }

    @Test
    void serverThatIgnoresCredentialsFailsIgnoredAuth() throws IOException {
        List<Violation> found = violationsOf(Check.IGNORED_AUTH, Defect.NO_AUTH_CHECK);

        assertThat(found).extracting(Violation::operationId, Violation::pointer, Violation::value)
                .containsExactlyInAnyOrder(
                        tuple("listForms", "/response/status", "200"), tuple("listForms", "/response/status", "200"),
                        tuple("getForm", "/response/status", "200"), tuple("getForm", "/response/status", "200"));
        assertThat(found).extracting(Violation::message).anyMatch(m -> m.contains("without credentials"))
                .anyMatch(m -> m.contains("invalid"));
    }

    @Test
    void serverErrorOnBadInputFailsNotAServerError() throws IOException {
        List<Violation> found = violationsOf(Check.NOT_A_SERVER_ERROR, Defect.SERVER_ERROR_ON_BAD_NUMBER);

        assertThat(found).extracting(Violation::pointer, Violation::value).containsOnly(tuple("/response/status", "500"));
        assertThat(found).extracting(Violation::request)
                .contains("GET /forms?count=kit-not-a-number&offset=0", "GET /forms/kit-not-a-number");
    }

    @Test
    void plainTextBodyFailsContentTypeConformance() throws IOException {
        List<Violation> found = violationsOf(Check.CONTENT_TYPE_CONFORMANCE, Defect.TEXT_PLAIN);

        assertThat(found).extracting(Violation::pointer, Violation::value, Violation::status)
                .containsOnly(tuple("/response/headers/content-type", "\"text/plain\"", 200));
    }

    @Test
    void acceptingCountAboveTheMaximumFailsNegativeDataRejection() throws IOException {
        List<Violation> found = violationsOf(Check.NEGATIVE_DATA_REJECTION, Defect.ACCEPTS_COUNT_UP_TO_500);

        assertThat(found).extracting(Violation::pointer, Violation::value, Violation::status)
                .contains(tuple("/request/query/count", "101", 200));
        assertThat(found).allSatisfy(v -> assertThat(v.message()).contains("above maximum 100"));
    }

    @Test
    void refusingTheDeclaredMaximumCountFailsPositiveDataAcceptance() throws IOException {
        List<Violation> found = violationsOf(Check.POSITIVE_DATA_ACCEPTANCE, Defect.REFUSES_MAXIMUM_COUNT);

        assertThat(found).extracting(Violation::operationId, Violation::value, Violation::request)
                .containsOnly(tuple("listForms", "400", "GET /forms?count=100&offset=0"));
        assertThat(found.get(0).message()).contains("count at its maximum");
    }

    @Test
    void notFoundForAnUndeclaredMethodFailsUnsupportedMethod() throws IOException {
        List<Violation> found = violationsOf(Check.UNSUPPORTED_METHOD, Defect.NOT_FOUND_FOR_UNDECLARED_METHOD);

        assertThat(found).hasSize(8).extracting(Violation::pointer, Violation::value)
                .containsOnly(tuple("/response/status", "404"));
        assertThat(found).extracting(Violation::operation).contains("POST /forms", "DELETE /forms/{id}");
    }

    @Test
    void errorBodyWithoutTheEnvelopeFailsErrorEnvelope() throws IOException {
        List<Violation> found = violationsOf(Check.ERROR_ENVELOPE, Defect.BARE_ERROR_BODY);

        assertThat(found).extracting(Violation::pointer, Violation::value)
                .contains(tuple("/response/body/error", ""), tuple("/response/body/message", "\"only GET\""));
        assertThat(found).extracting(Violation::status).contains(400, 401, 404, 405);
    }

    @Test
    void aHeadAnsweredLikeAGetFailsHeadWithoutContent() throws IOException {
        Report report = runAgainst(Defect.CONTENT_ON_HEAD);

        assertThat(report.violations()).extracting(Violation::check).containsOnly(Check.HEAD_WITHOUT_CONTENT);
        assertThat(report.violations()).singleElement().satisfies(v -> {
            assertThat(v.operation()).isEqualTo("HEAD /forms");
            assertThat(v.request()).isEqualTo("HEAD /forms?count=10&offset=0, then GET /forms?count=10&offset=0 on the"
                    + " same connection");
            assertThat(v.status()).isEqualTo(200);
            assertThat(v.pointer()).isEqualTo("/response/body");
            assertThat(v.value()).startsWith("\"{\\\"forms\\\":[");
            assertThat(v.message()).contains("HEAD answer (200) carried content", "RFC 9110 9.3.2");
        });
    }

    @Test
    void anErrorBodyAfterAHeadAnsweredWith405FailsHeadWithoutContent() throws IOException {
        // the reference server's defect: HEAD on a path without it answered 405 with the JSON error body
        Report report = runAgainst(Defect.ERROR_BODY_ON_HEAD);

        assertThat(report.violations()).extracting(Violation::check).containsOnly(Check.HEAD_WITHOUT_CONTENT);
        assertThat(report.violations()).singleElement().satisfies(v -> {
            assertThat(v.status()).isEqualTo(405);
            assertThat(v.value()).startsWith("\"{\\\"error\\\":{\\\"code\\\":\\\"METHOD_NOT_ALLOWED\\\"");
        });
    }
}
