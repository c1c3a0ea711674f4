package dev.contractkit.conformance;

import dev.contractkit.conformance.cases.DocumentProblem;
import dev.contractkit.conformance.cases.DocumentScan;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 33.4: where the document itself is at fault (an example that breaks its schema, a schema nothing can
 * satisfy, a {@code $ref} to nowhere, a security requirement naming no scheme), the suite says so apart from the
 * violations, and only violations fail the run. An implementation that answers the document's own broken example
 * is not faulted for it; one that breaks the schema its own way still is.
 */
class DocumentProblemsTest {
    static final String EVENTS = """
            openapi: 3.0.3
            info: {title: events, version: '1'}
            paths:
              /events:
                get:
                  operationId: listEvents
                  responses:
                    '200':
                      description: the events
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Events'}
                          example: {items: [{type: trace}]}
              /events/latest:
                get:
                  operationId: latestEvent
                  responses:
                    '200':
                      description: the latest event, its example built from its properties'
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Event'}
            components:
              schemas:
                Events:
                  type: object
                  required: [items]
                  properties:
                    items: {type: array, items: {$ref: '#/components/schemas/Event'}}
                Event:
                  type: object
                  required: [type]
                  properties:
                    type: {type: string, enum: [traces, requests], example: trace}
                    size: {type: integer, minimum: 10, maximum: 1}
            """;
    static final String EXAMPLE = "/paths/~1events/get/responses/200/content/application~1json/example/items/0/type";
    static final String PROPERTY_EXAMPLE = "/components/schemas/Event/properties/type/example";

    @TempDir
    Path dir;

    /** Answers like a mock: the media type's example, else one built from the properties' examples. */
    static ScriptedServer answering(String events, String latest) {
        return new ScriptedServer(r -> !r.method().equals("GET") ? ScriptedServer.Answer.notAllowed("GET")
                : r.path().equals("/events") ? ScriptedServer.Answer.json(200, events)
                : r.path().equals("/events/latest") ? ScriptedServer.Answer.json(200, latest)
                : ScriptedServer.Answer.empty(404));
    }

    static Report run(ScriptedServer server) {
        return Conformance.run(ConformanceTarget.builder("events", ContractDocument.parse("events.yaml", EVENTS))
                .baseUrl(server.url()).build());
    }

    @Test
    void anImplementationAnsweringTheDocumentsOwnBrokenExamplesPassesWithDocumentProblems() {
        try (ScriptedServer server = answering("{\"items\":[{\"type\":\"trace\"}]}", "{\"type\":\"trace\"}")) {
            Report report = run(server);

            assertThat(report.passed()).as(report.toString()).isTrue();
            assertThat(report.violations()).isEmpty();
            assertThat(report.documentProblems()).anySatisfy(p -> {
                assertThat(p.pointer()).isEqualTo(EXAMPLE);
                assertThat(p.value()).isEqualTo("\"trace\"");
                assertThat(p.message()).startsWith("the example breaks its schema: ")
                        .contains("does not have a value in the enumeration");
                assertThat(p.seen()).isEqualTo("response_schema_conformance GET /events: GET /events -> 200");
            }).anySatisfy(p -> {
                assertThat(p.pointer()).isEqualTo(PROPERTY_EXAMPLE);
                assertThat(p.seen()).startsWith("response_schema_conformance GET /events/latest");
            }).anySatisfy(p -> {
                assertThat(p.pointer()).isEqualTo("/components/schemas/Event/properties/size");
                assertThat(p.message()).isEqualTo("no value can satisfy this schema: minimum 10 is above maximum 1");
            });
        }
    }

    @Test
    void anImplementationBreakingTheSchemaItsOwnWayStillFails() {
        try (ScriptedServer server = answering("{\"items\":[{\"type\":\"bogus\"}]}", "{\"type\":\"traces\",\"size\":\"big\"}")) {
            Report report = run(server);

            assertThat(report.passed()).isFalse();
            assertThat(report.violations(Check.RESPONSE_SCHEMA_CONFORMANCE))
                    .extracting(Violation::pointer, Violation::value)
                    .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("/response/body/items/0/type", "\"bogus\""),
                            org.assertj.core.groups.Tuple.tuple("/response/body/size", "\"big\""));
            assertThat(report.documentProblems()).extracting(DocumentProblem::seen).containsOnly("");
        }
    }

    @Test
    void theCommandLineExitsZeroAndListsDocumentProblemsApartInEveryReport() throws Exception {
        Path spec = Files.writeString(dir.resolve("events.yaml"), EVENTS);
        try (ScriptedServer server = answering("{\"items\":[{\"type\":\"trace\"}]}", "{\"type\":\"trace\"}")) {
            MainTest.Result r = MainTest.conform("--spec", spec.toString(), "--base-url", server.url(),
                    "--report-dir", dir.resolve("reports").toString());

            assertThat(r.exit()).as(r.out() + r.err()).isZero();
            assertThat(r.out()).contains("document problems (3): the document's own faults, not the implementation's")
                    .contains("     explains response_schema_conformance GET /events: GET /events -> 200")
                    .contains("events: passed, 0 violations, 0 errors in")
                    .contains("3 document problems (not the implementation's)");
            String xml = Files.readString(dir.resolve("reports/TEST-conformance.events.xml"));
            assertThat(xml).contains("failures=\"0\"")
                    .contains("<testcase classname=\"conformance.events.document\" name=\"document_problem " + EXAMPLE + "\"")
                    .contains("<skipped type=\"document_problem\" message=\"document problem: the example breaks its schema");
            assertThat(Files.readString(dir.resolve("reports/conformance.html"))).contains("document problems (3)")
                    .contains(PROPERTY_EXAMPLE);
        }
    }

    @Test
    void danglingReferencesAndUndeclaredSchemesAreDocumentProblems() {
        String yaml = """
                openapi: 3.0.3
                info: {title: broken, version: '1'}
                security: [{apiKey: []}]
                paths:
                  /things/{id}:
                    get:
                      operationId: getThing
                      responses:
                        '200':
                          description: a thing
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/Thing'}
                """;
        DocumentScan scan = DocumentScan.of(ContractDocument.parse("broken.yaml", yaml));

        assertThat(scan.problems()).extracting(DocumentProblem::pointer, DocumentProblem::message).containsExactly(
                org.assertj.core.groups.Tuple.tuple("/paths/~1things~1{id}/get/responses/200/content/application~1json/schema/$ref",
                        "the $ref points nowhere: the document has no /components/schemas/Thing; what uses it cannot be checked"));
        String fixed = yaml.replace("'#/components/schemas/Thing'", "{type: object}").replace("{$ref: {type: object}}", "{type: object}");
        assertThat(DocumentScan.of(ContractDocument.parse("broken.yaml", fixed)).problems())
                .extracting(DocumentProblem::message).containsExactly(
                        "the path template of GET /things/{id} (getThing) has {id} but no path parameter of that name",
                        "the security requirement of GET /things/{id} (getThing) names 'apiKey', which"
                                + " components/securitySchemes does not declare");
    }
}
