package dev.contractkit.conformance;

import dev.contractkit.conformance.cases.CredentialPlacer;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 33.4, no false verdicts: on documents without the kit's dialect the suite follows OpenAPI to the letter.
 * Each test is a small document and a real server that keeps it (a JDK {@code HttpServer}); before the fix each
 * run reported violations, and a server that breaks the same rule still fails.
 */
class OpenApiToTheLetterTest {
    static final String SECURED = """
            openapi: 3.0.3
            info: {title: things, version: '1'}
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
            security: [{bearer: []}]
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    '200':
                      description: the things
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
                          example: [a]
            """;

    static Report run(String yaml, ScriptedServer server, String credential) {
        ConformanceTarget.Builder b = ConformanceTarget.builder("letter", ContractDocument.parse("letter.yaml", yaml))
                .baseUrl(server.url());
        return Conformance.run(credential == null ? b.build() : b.credential(credential).build());
    }

    /** A mock's way: any credential of the right form is taken; none is refused with 401 (the document lists no 401). */
    static ScriptedServer.Answer takesAnyCredential(ScriptedServer.Request r, String allow) {
        if (!r.method().equals(allow)) {
            return ScriptedServer.Answer.notAllowed(allow);
        }
        return r.header("Authorization").startsWith("Bearer ") ? ScriptedServer.Answer.json(200, "[\"a\"]")
                : ScriptedServer.Answer.empty(401);
    }

    @Test
    void aServerTakingAnyCredentialPassesWhenTheRunWasNotGivenTheRightOne() {
        try (ScriptedServer server = new ScriptedServer(r -> takesAnyCredential(r, "GET"))) {
            Report report = run(SECURED, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.IGNORED_AUTH).passed()).as("the missing credential is judged").isPositive();
            assertThat(server.seen).noneMatch(r -> r.header("Authorization").contains(CredentialPlacer.INVALID));
            assertThat(report.notes()).anySatisfy(n -> assertThat(n).contains("the refusal of an invalid credential"));
        }
    }

    @Test
    void aServerTakingAnyCredentialFailsWhenTheRunKnowsTheRightOne() {
        try (ScriptedServer server = new ScriptedServer(r -> takesAnyCredential(r, "GET"))) {
            Report report = run(SECURED, server, "the-right-token");

            assertThat(report.violations(Check.IGNORED_AUTH)).singleElement()
                    .satisfies(v -> assertThat(v.message()).contains("with an invalid bearer credential and answered 200"));
        }
    }

    @Test
    void aServerTakingNoCredentialAtAllFailsEvenWithoutOne() {
        try (ScriptedServer server = new ScriptedServer(r -> r.method().equals("GET")
                ? ScriptedServer.Answer.json(200, "[\"a\"]") : ScriptedServer.Answer.notAllowed("GET"))) {
            Report report = run(SECURED, server, null);

            assertThat(report.violations(Check.IGNORED_AUTH)).singleElement()
                    .satisfies(v -> assertThat(v.message()).contains("without credentials (bearer) and answered 200"));
        }
    }

    @Test
    void headerParametersNamedAcceptContentTypeOrAuthorizationAreIgnoredAndOnesTheClientAlwaysSendsAreNotLeftOut() {
        String yaml = """
                openapi: 3.0.3
                info: {title: reports, version: '1'}
                paths:
                  /reports:
                    get:
                      operationId: getReport
                      parameters:
                        - {name: Accept, in: header, required: true, schema: {type: string, enum: [text/csv]}}
                        - {name: content-type, in: header, required: true, schema: {type: string, enum: [text/csv]}}
                        - {name: Authorization, in: header, required: true, schema: {type: string, pattern: '^Basic .+$'}}
                        - {name: X-Trace, in: header, required: true, schema: {type: string, maxLength: 8}, example: abc}
                        - {name: User-Agent, in: header, required: true, schema: {type: string}, example: kit}
                        - {name: Content-Length, in: header, schema: {type: integer}, example: 5}
                      responses:
                        '200': {description: the report, content: {application/json: {schema: {type: object}, example: {}}}}
                        '400': {description: a broken request}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> {
            String trace = r.header("X-Trace");
            if (!r.method().equals("GET")) {
                return ScriptedServer.Answer.notAllowed("GET");
            }
            return trace.isEmpty() || trace.length() > 8 ? ScriptedServer.Answer.empty(400)
                    : ScriptedServer.Answer.json(200, "{}");
        })) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.MISSING_REQUIRED_HEADER).passed()).as("X-Trace is judged").isPositive();
            assertThat(server.seen).noneMatch(r -> r.headers().containsKey("Authorization")
                    || r.header("Accept").equals("text/csv") || r.header("Content-Type").equals("text/csv"));
        }
    }

    /**
     * vtex's documents declare their apiKey headers twice: as the security scheme's place and as a required header
     * parameter (with a placeholder default). The credential is what travels there, once; leaving the parameter out
     * is not a broken request the credential can then put back.
     */
    @Test
    void aHeaderParameterThatIsAlsoTheCredentialsPlaceCarriesTheCredentialOnce() {
        String yaml = """
                openapi: 3.0.3
                info: {title: cards, version: '1'}
                components:
                  securitySchemes:
                    appKey: {type: apiKey, in: header, name: X-App-Key}
                security: [{appKey: []}]
                paths:
                  /cards:
                    get:
                      operationId: listCards
                      parameters:
                        - {name: X-App-Key, in: header, required: true, schema: {type: string, default: '{{X-App-Key}}'}}
                      responses:
                        '200': {description: the cards, content: {application/json: {schema: {type: array}, example: []}}}
                        '401': {description: no or a wrong key}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> {
            if (!r.method().equals("GET")) {
                return ScriptedServer.Answer.notAllowed("GET");
            }
            List<String> keys = r.headers().getOrDefault("X-App-Key", List.of());
            return keys.equals(List.of("right")) ? ScriptedServer.Answer.json(200, "[]") : ScriptedServer.Answer.empty(401);
        })) {
            Report report = run(yaml, server, "right");

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).as("the right key is taken").isPositive();
            assertThat(report.result(Check.IGNORED_AUTH).passed()).as("a missing and a wrong key are judged").isPositive();
            assertThat(server.seen).allSatisfy(r -> assertThat(r.headers().getOrDefault("X-App-Key", List.of()))
                    .as("one key at most, never the placeholder").hasSizeLessThanOrEqualTo(1)
                    .noneMatch(k -> k.contains("{{")));
        }
    }

    /** Shutterstock's document: a body example that is a {@code $ref} object where its schema wants an array stopped the run. */
    @Test
    void aBodyExampleWithAnObjectWhereItsSchemaWantsAnArrayDoesNotStopTheRun() {
        String yaml = """
                openapi: 3.0.3
                info: {title: tags, version: '1'}
                paths:
                  /things:
                    post:
                      operationId: tagThings
                      requestBody:
                        required: true
                        content:
                          application/json:
                            schema: {$ref: '#/components/schemas/Queries'}
                            examples:
                              default: {value: {$ref: '#/components/schemas/Queries/example'}}
                      responses:
                        '204': {description: tagged}
                        '400': {description: a broken request}
                components:
                  schemas:
                    Queries:
                      type: array
                      minItems: 1
                      maxItems: 2
                      items: {type: object, properties: {q: {type: string}}}
                      example: [{q: a}]
                """;
        try (ScriptedServer server = new ScriptedServer(r -> r.method().equals("POST")
                ? ScriptedServer.Answer.empty(r.body().contains("kit-not") ? 400 : 204) : ScriptedServer.Answer.notAllowed("POST"))) {
            Report report = run(yaml, server, null);

            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).as(report.toString()).isPositive();
        }
    }

    static final String STYLES = """
            openapi: 3.0.3
            info: {title: search, version: '1'}
            paths:
              /search/{ids}:
                get:
                  operationId: search
                  parameters:
                    - {name: ids, in: path, required: true, example: [1, 2],
                       schema: {type: array, minItems: 2, maxItems: 2, items: {type: integer, minimum: 0, maximum: 99}}}
                    - name: filter
                      in: query
                      required: true
                      example: {color: red, size: 3}
                      schema:
                        type: object
                        required: [color, size]
                        properties:
                          color: {type: string, enum: [red, blue]}
                          size: {type: integer, minimum: 1, maximum: 9}
                    - {name: tags, in: query, required: true, style: form, explode: false, example: [a, b],
                       schema: {type: array, minItems: 2, maxItems: 2, items: {type: string, enum: [a, b]}}}
                    - {name: range, in: query, style: deepObject, explode: true, example: {min: 1},
                       schema: {type: object, properties: {min: {type: integer, minimum: 0, maximum: 5}}}}
                  responses:
                    '200': {description: found, content: {application/json: {schema: {type: object}, example: {}}}}
                    '400': {description: a broken request}
            """;

    /**
     * A server that reads the parameters exactly as OpenAPI serializes them and refuses anything else: the exploded
     * object's properties as query parameters of their own, {@code tags=a,b} once, {@code range[min]=1}, the path's
     * array as {@code 1,2}.
     */
    static ScriptedServer.Answer readsParametersByTheirStyle(ScriptedServer.Request r) {
        if (!r.method().equals("GET")) {
            return ScriptedServer.Answer.notAllowed("GET");
        }
        Map<String, List<String>> q = new LinkedHashMap<>();
        for (String pair : r.query().isEmpty() ? new String[0] : r.query().split("&")) {
            String[] kv = pair.split("=", 2);
            q.computeIfAbsent(URLDecoder.decode(kv[0], StandardCharsets.UTF_8), k -> new ArrayList<>())
                    .add(kv.length < 2 ? "" : URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
        }
        boolean ok = r.path().matches("/search/\\d{1,2},\\d{1,2}")
                && Set.of("color", "size", "tags", "range[min]").containsAll(q.keySet())
                && q.getOrDefault("color", List.of()).size() == 1 && Set.of("red", "blue").contains(q.get("color").get(0))
                && q.getOrDefault("size", List.of()).size() == 1 && q.get("size").get(0).matches("[1-9]")
                && q.getOrDefault("tags", List.of()).size() == 1 && q.get("tags").get(0).matches("[ab],[ab]")
                && q.getOrDefault("range[min]", List.of("0")).get(0).matches("[0-5]");
        return ok ? ScriptedServer.Answer.json(200, "{}") : ScriptedServer.Answer.empty(400);
    }

    @Test
    void parametersTravelByTheirStyleAndExplode() {
        try (ScriptedServer server = new ScriptedServer(OpenApiToTheLetterTest::readsParametersByTheirStyle)) {
            Report report = run(STYLES, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).isPositive();
            assertThat(report.result(Check.NEGATIVE_DATA_REJECTION).passed()).isPositive();
            assertThat(server.seen).anyMatch(r -> r.path().equals("/search/1,2")
                    && r.query().equals("color=red&size=3&tags=a%2Cb&range%5Bmin%5D=1"));
        }
    }

    @Test
    void aHeadAnswerHasNoBodyToHoldToTheErrorSchema() {
        String yaml = """
                openapi: 3.0.3
                info: {title: heads, version: '1'}
                paths:
                  /things/{id}:
                    head:
                      operationId: thingExists
                      parameters: [{name: id, in: path, required: true, schema: {type: string}, example: t1}]
                      responses:
                        '200': {description: it exists}
                        '404':
                          description: no such thing
                          content:
                            application/json:
                              schema: {type: object, required: [message], properties: {message: {type: string}}}
                              example: {message: no such thing}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("HEAD") ? ScriptedServer.Answer.notAllowed("HEAD")
                : r.path().equals("/things/t1") ? ScriptedServer.Answer.empty(200)
                : ScriptedServer.Answer.json(404, "{\"message\":\"no such thing\"}"))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(server.seen).anyMatch(r -> r.method().equals("HEAD") && !r.path().equals("/things/t1"));
        }
    }

    @Test
    void aRequestBodyDeclaredAsAMediaRangeTravelsInOneMediaType() {
        String yaml = """
                openapi: 3.0.3
                info: {title: uploads, version: '1'}
                paths:
                  /uploads:
                    post:
                      operationId: upload
                      requestBody:
                        required: true
                        content:
                          '*/*':
                            schema: {type: object, required: [name], properties: {name: {type: string, maxLength: 5}}}
                            example: {name: a}
                      responses:
                        '201': {description: made}
                        '400': {description: a broken request}
                        '415': {description: a media type it does not read}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> {
            if (!r.method().equals("POST")) {
                return ScriptedServer.Answer.notAllowed("POST");
            }
            if (r.header("Content-Type").contains("*")) {
                return ScriptedServer.Answer.empty(415); // no such thing as a body in */*
            }
            return r.body().matches("\\{\"name\":\"[^\"]{0,5}\"}") ? ScriptedServer.Answer.empty(201)
                    : ScriptedServer.Answer.empty(400);
        })) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).isPositive();
            assertThat(server.seen).filteredOn(r -> r.body().equals("{\"name\":\"a\"}"))
                    .allMatch(r -> r.header("Content-Type").startsWith("application/json")).isNotEmpty();
        }
    }

    static final String OVERLAPPING = """
            openapi: 3.0.3
            info: {title: overlapping, version: '1'}
            paths:
              /v1/{name}:
                get:
                  operationId: getThing
                  parameters: [{name: name, in: path, required: true, schema: {type: string}, example: kit}]
                  responses:
                    '200': {description: the thing, content: {application/json: {schema: {type: object}, example: {}}}}
              /v1/{name}:history:
                get:
                  operationId: thingHistory
                  parameters:
                    - {name: name, in: path, required: true, schema: {type: string}, example: kit}
                    - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 10}}
                  responses:
                    '200': {description: its history, content: {application/json: {schema: {type: object}, example: {}}}}
                    '400': {description: a broken request}
              /v1/{name}:cancel:
                post:
                  operationId: cancelThing
                  parameters: [{name: name, in: path, required: true, schema: {type: string}, example: kit}]
                  responses:
                    '204': {description: cancelled}
            """;

    @Test
    void aUrlThatOverlappingTemplatesShareIsNoVerdictOnEither() {
        // the server routes every GET /v1/... to getThing, which OpenAPI allows: the templates are ambiguous
        try (ScriptedServer server = new ScriptedServer(r -> r.method().equals("GET") ? ScriptedServer.Answer.json(200, "{}")
                : r.method().equals("POST") && r.path().endsWith(":cancel") ? ScriptedServer.Answer.empty(204)
                : ScriptedServer.Answer.notAllowed(r.path().endsWith(":cancel") ? "POST" : "GET"))) {
            Report report = run(OVERLAPPING, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.UNSUPPORTED_METHOD).passed()).as("POST /v1/kit is still tried").isPositive();
            assertThat(report.notes()).anySatisfy(n -> assertThat(n).isEqualTo("negative_data_rejection not checked:"
                    + " GET /v1/{name}:history: a request that breaks it was answered 200, but its URL /v1/kit:history"
                    + " is also one of GET /v1/{name} (getThing) (the templates overlap; OpenAPI leaves the choice to"
                    + " the server)"));
            assertThat(report.notes()).anySatisfy(n -> assertThat(n).isEqualTo("unsupported_method not checked for"
                    + " GET /v1/{name}:cancel: its URL /v1/kit:cancel is also one of GET /v1/{name} (getThing) (the"
                    + " templates overlap)"));
        }
    }

    @Test
    void aPathKeyWithAFragmentOrAQueryIsSentAsAClientSendsIt() {
        String yaml = """
                openapi: 3.0.3
                info: {title: keys, version: '1'}
                paths:
                  /tags/{arn}#tagKeys:
                    delete:
                      operationId: untag
                      parameters:
                        - {name: arn, in: path, required: true, schema: {type: string, pattern: '^[a-z]+$'}, example: abc}
                      responses:
                        '204': {description: untagged}
                        '400': {description: a broken request}
                  /{bucket}?acl:
                    get:
                      operationId: getAcl
                      parameters: [{name: bucket, in: path, required: true, schema: {type: string}, example: b1}]
                      responses:
                        '200': {description: the ACL, content: {application/json: {schema: {type: object}, example: {}}}}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> {
            if (r.path().startsWith("/tags/")) {
                return !r.method().equals("DELETE") ? ScriptedServer.Answer.notAllowed("DELETE")
                        : r.path().matches("/tags/[a-z]+") ? ScriptedServer.Answer.empty(204) : ScriptedServer.Answer.empty(400);
            }
            return !r.method().equals("GET") ? ScriptedServer.Answer.notAllowed("GET")
                    : r.query().equals("acl") ? ScriptedServer.Answer.json(200, "{}") : ScriptedServer.Answer.empty(404);
        })) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(server.seen).extracting(r -> r.method() + " " + r.path() + (r.query().isEmpty() ? "" : "?" + r.query()))
                    .contains("DELETE /tags/abc", "GET /b1?acl").noneMatch(line -> line.contains("%23") || line.contains("%3F"));
        }
    }

    @Test
    void anEmptyListIsNotSentAsABrokenOptionalParameter() {
        String yaml = """
                openapi: 3.0.3
                info: {title: policies, version: '1'}
                paths:
                  /policies:
                    get:
                      operationId: listPolicies
                      parameters:
                        - {name: types, in: query, schema: {type: array, minItems: 1, maxItems: 2, items: {type: string, enum: [volume, instance]}}}
                      responses:
                        '200': {description: the policies, content: {application/json: {schema: {type: array}, example: []}}}
                        '400': {description: a broken request}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("GET") ? ScriptedServer.Answer.notAllowed("GET")
                : r.query().matches("(types=(volume|instance)(&types=(volume|instance))?)?")
                ? ScriptedServer.Answer.json(200, "[]") : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.NEGATIVE_DATA_REJECTION).passed()).as("three types").isPositive();
        }
    }

    /** iot1click's required tagKeys: an array without minItems; an empty one travels as nothing, so it is never sent. */
    @Test
    void aRequiredListIsNeverSentEmpty() {
        String yaml = """
                openapi: 3.0.3
                info: {title: tags, version: '1'}
                paths:
                  /tags:
                    delete:
                      operationId: untag
                      parameters:
                        - {name: tagKeys, in: query, required: true, example: [a], schema: {type: array, items: {type: string}}}
                      responses:
                        '204': {description: untagged}
                        '400': {description: a broken request}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("DELETE") ? ScriptedServer.Answer.notAllowed("DELETE")
                : r.query().contains("tagKeys=") ? ScriptedServer.Answer.empty(204) : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).isPositive();
        }
    }

    /** superset's ?q= parameters: described by content, the value travels as one JSON text. */
    @Test
    void aParameterDescribedByContentTravelsAsOneJsonText() {
        String yaml = """
                openapi: 3.0.3
                info: {title: layers, version: '1'}
                paths:
                  /layers:
                    get:
                      operationId: listLayers
                      parameters:
                        - name: q
                          in: query
                          required: true
                          content:
                            application/json:
                              schema: {type: object, required: [page], properties: {page: {type: integer, minimum: 0, maximum: 9}}}
                              example: {page: 1}
                      responses:
                        '200': {description: the layers, content: {application/json: {schema: {type: array}, example: []}}}
                        '400': {description: a broken request}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("GET") ? ScriptedServer.Answer.notAllowed("GET")
                : URLDecoder.decode(r.query(), StandardCharsets.UTF_8).matches("q=\\{\"page\":[0-9]}")
                ? ScriptedServer.Answer.json(200, "[]") : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).isPositive();
            assertThat(report.result(Check.NEGATIVE_DATA_REJECTION).passed()).as("a page out of range, a missing q").isGreaterThan(1);
        }
    }

    /** xero: GET /files/{fileId} (a uuid) and GET /files/{fileName}; the server routes every URL to the first. */
    @Test
    void aRefusalByTheOtherOfTwoTemplatesThatShareAUrlIsNoVerdict() {
        String yaml = """
                openapi: 3.0.3
                info: {title: files, version: '1'}
                paths:
                  /files/{fileId}:
                    get:
                      operationId: getFileById
                      parameters: [{name: fileId, in: path, required: true, schema: {type: string, format: uuid}, example: 00000000-0000-4000-8000-000000000000}]
                      responses:
                        '200': {description: the file, content: {application/json: {schema: {type: object}, example: {}}}}
                  /files/{fileName}:
                    get:
                      operationId: getFileByName
                      parameters: [{name: fileName, in: path, required: true, schema: {type: string}, example: a.jpg}]
                      responses:
                        '200': {description: the file, content: {application/json: {schema: {type: object}, example: {}}}}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("GET") ? ScriptedServer.Answer.notAllowed("GET")
                : r.path().matches("/files/[0-9a-f-]{36}") ? ScriptedServer.Answer.json(200, "{}") : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.notes()).anySatisfy(n -> assertThat(n).contains("is also one of GET /files/{fileId}"));
        }
    }

    /** bunq's device: a required writeOnly secret is required in requests only (OpenAPI 3.0.3, Schema Object). */
    @Test
    void aRequiredWriteOnlyPropertyIsNotRequiredInAResponse() {
        String yaml = """
                openapi: 3.0.3
                info: {title: devices, version: '1'}
                paths:
                  /devices:
                    get:
                      operationId: listDevices
                      responses:
                        '200':
                          description: the devices
                          content:
                            application/json:
                              schema:
                                type: object
                                required: [id, secret]
                                properties: {id: {type: string}, secret: {type: string, writeOnly: true}}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("GET") ? ScriptedServer.Answer.notAllowed("GET")
                : ScriptedServer.Answer.json(200, "{\"id\":\"d1\"}"))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.RESPONSE_SCHEMA_CONFORMANCE).passed()).isPositive();
        }
    }

    /** A required readOnly property is required in responses only: a request without it breaks nothing. */
    @Test
    void aRequestWithoutARequiredReadOnlyPropertyIsNotABrokenRequest() {
        String yaml = """
                openapi: 3.0.3
                info: {title: pets, version: '1'}
                paths:
                  /pets:
                    post:
                      operationId: addPet
                      requestBody:
                        required: true
                        content:
                          application/json:
                            schema:
                              type: object
                              required: [id, name]
                              properties: {id: {type: integer, readOnly: true}, name: {type: string}}
                            example: {id: 1, name: rex}
                      responses:
                        '201': {description: added}
                        '400': {description: a broken request}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("POST") ? ScriptedServer.Answer.notAllowed("POST")
                : r.body().matches("\\{(\"id\":-?[0-9]+,)?\"name\":\"[^\"]*\"}") ? ScriptedServer.Answer.empty(201) : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.NEGATIVE_DATA_REJECTION).passed()).as("name left out, or not a string").isPositive();
        }
    }

    /** meshery declares a body on GET: it has no defined meaning (RFC 9110), so a server that ignores it is right. */
    @Test
    void aServerIgnoringTheBodyOfAGetIsRight() {
        String yaml = """
                openapi: 3.0.3
                info: {title: perf, version: '1'}
                paths:
                  /profile:
                    get:
                      operationId: runProfile
                      requestBody:
                        required: true
                        content: {application/json: {schema: {type: object, required: [name], properties: {name: {type: string}}}, example: {name: a}}}
                      responses:
                        '200': {description: the profile, content: {application/json: {schema: {type: object}, example: {}}}}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> r.method().equals("GET") ? ScriptedServer.Answer.json(200, "{}")
                : ScriptedServer.Answer.notAllowed("GET"))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).isPositive();
        }
    }

    /** spoonacular: a form body typed as a string, its example already encoded, travels as written. */
    @Test
    void aFormBodyTypedAsAStringTravelsAsWritten() {
        String yaml = """
                openapi: 3.0.3
                info: {title: food, version: '1'}
                paths:
                  /detect:
                    post:
                      operationId: detect
                      requestBody:
                        required: true
                        content:
                          application/x-www-form-urlencoded:
                            schema: {type: string}
                            examples: {one: {value: "text=I like tacos"}}
                      responses:
                        '200': {description: detected, content: {application/json: {schema: {type: object}, example: {}}}}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("POST") ? ScriptedServer.Answer.notAllowed("POST")
                : !r.body().isEmpty() ? ScriptedServer.Answer.json(200, "{}") : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(server.seen).extracting(ScriptedServer.Request::body).contains("text=I like tacos");
        }
    }

    /** twilio's device code: a required list in a form body is never sent empty (it would travel as nothing). */
    @Test
    void aRequiredListInAFormBodyIsNeverSentEmpty() {
        String yaml = """
                openapi: 3.0.3
                info: {title: oauth, version: '1'}
                paths:
                  /code:
                    post:
                      operationId: createCode
                      requestBody:
                        required: true
                        content:
                          application/x-www-form-urlencoded:
                            schema:
                              type: object
                              required: [ClientSid, Scopes]
                              properties: {ClientSid: {type: string}, Scopes: {type: array, items: {type: string}}}
                      responses:
                        '201': {description: created}
                        '400': {description: a broken request}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("POST") ? ScriptedServer.Answer.notAllowed("POST")
                : r.body().contains("Scopes=") && r.body().contains("ClientSid=") ? ScriptedServer.Answer.empty(201)
                : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).isPositive();
        }
    }

    /** spoonacular: a request body under an empty media type key cannot be sent; a document problem, not errors. */
    @Test
    void aBodyUnderAnEmptyMediaTypeKeyIsADocumentProblemNotAnError() {
        String yaml = """
                openapi: 3.0.3
                info: {title: plans, version: '1'}
                paths:
                  /plans/{day}:
                    delete:
                      operationId: clearDay
                      parameters: [{name: day, in: path, required: true, schema: {type: string}, example: monday}]
                      requestBody:
                        required: true
                        content:
                          "": {schema: {type: object, properties: {hash: {type: string}}}}
                      responses:
                        '204': {description: cleared}
                """;
        // a server that holds to the document refuses a request without the required body (spoonacular's mock)
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("DELETE") ? ScriptedServer.Answer.notAllowed("DELETE")
                : r.body() == null || r.body().isEmpty() ? ScriptedServer.Answer.empty(400) : ScriptedServer.Answer.empty(204))) {
            Report report = run(yaml, server, null);

            assertThat(report.errors()).as(report.toString()).isEmpty();
            assertThat(report.violations()).isEmpty();
            assertThat(report.documentProblems()).anySatisfy(p -> assertThat(p.message()).contains("media type key is empty"));
        }
    }

    /** influxdata's dashboards: a response of two oneOf branches that take the same values. */
    static final String OVERLAP = """
            openapi: 3.0.3
            info: {title: dashboards, version: '1'}
            paths:
              /dashboards:
                get:
                  operationId: getDashboard
                  responses:
                    '200':
                      description: a dashboard
                      content:
                        application/json:
                          schema:
                            oneOf:
                              - {type: object, required: [name], properties: {name: {type: string}, cells: {type: array}}}
                              - {type: object, required: [name], properties: {name: {type: string}, cells: {type: array, items: {type: object}}}}
            """;

    @Test
    void aValueThatOverlappingOneOfBranchesBothTakeIsTheDocumentsProblemNotTheImplementations() {
        try (ScriptedServer server = new ScriptedServer(r -> r.method().equals("GET")
                ? ScriptedServer.Answer.json(200, "{\"name\":\"cpu\"}") : ScriptedServer.Answer.notAllowed("GET"))) {
            Report report = run(OVERLAP, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.documentProblems()).anySatisfy(p -> assertThat(p.message())
                    .contains("oneOf branches that overlap: 2 of them take the value at /response/body"));
        }
    }

    @Test
    void aValueNoOneOfBranchTakesIsStillAViolation() {
        try (ScriptedServer server = new ScriptedServer(r -> r.method().equals("GET")
                ? ScriptedServer.Answer.json(200, "{\"title\":\"cpu\"}") : ScriptedServer.Answer.notAllowed("GET"))) {
            Report report = run(OVERLAP, server, null);

            assertThat(report.violations(Check.RESPONSE_SCHEMA_CONFORMANCE)).isNotEmpty();
        }
    }

    /** telnyx: a uuid path parameter described by content under any media type travels as the text it is. */
    @Test
    void aParameterDescribedByContentOfAnotherMediaTypeTravelsAsItsText() {
        String yaml = """
                openapi: 3.0.3
                info: {title: reports, version: '1'}
                paths:
                  /reports/{id}:
                    get:
                      operationId: getReport
                      parameters:
                        - {name: id, in: path, required: true, content: {"*/*": {schema: {type: string, format: uuid}}}}
                      responses:
                        '200': {description: the report, content: {application/json: {schema: {type: object}, example: {}}}}
                        '400': {description: not a uuid}
                """;
        try (ScriptedServer server = new ScriptedServer(r -> !r.method().equals("GET") ? ScriptedServer.Answer.notAllowed("GET")
                : r.path().matches("/reports/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
                ? ScriptedServer.Answer.json(200, "{}") : ScriptedServer.Answer.empty(400))) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).passed()).isPositive();
            assertThat(report.result(Check.NEGATIVE_DATA_REJECTION).passed()).isPositive();
        }
    }

    /** telnyx's filter[status]: a form object whose 'value' is broken is sent with its other properties as they were. */
    @Test
    void anObjectParameterIsBrokenInsideItsValueAndItsListOfObjectsIsADocumentProblem() {
        String yaml = """
                openapi: 3.0.3
                info: {title: orders, version: '1'}
                paths:
                  /orders:
                    get:
                      operationId: listOrders
                      parameters:
                        - name: filter
                          in: query
                          schema:
                            type: object
                            required: [value]
                            properties:
                              value: {type: string, enum: [draft, ported]}
                              details: {type: array, items: {type: object, properties: {code: {type: string}}}}
                      responses:
                        '200': {description: the orders, content: {application/json: {schema: {type: array}, example: []}}}
                        '400': {description: a broken filter}
                """;
        List<String> queries = new ArrayList<>();
        try (ScriptedServer server = new ScriptedServer(r -> {
            if (!r.method().equals("GET")) {
                return ScriptedServer.Answer.notAllowed("GET");
            }
            String q = URLDecoder.decode(r.query() == null ? "" : r.query(), StandardCharsets.UTF_8);
            queries.add(q);
            boolean sent = q.matches("(.*&)?(value|details)=.*");
            return !sent || q.matches("(.*&)?value=(draft|ported)(&.*)?") ? ScriptedServer.Answer.json(200, "[]")
                    : ScriptedServer.Answer.empty(400);
        })) {
            Report report = run(yaml, server, null);

            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(queries).anyMatch(q -> q.contains("value=kit-not-in-enum"));
            assertThat(queries).noneMatch(q -> q.contains("filter="));
            assertThat(report.documentProblems()).anySatisfy(p -> assertThat(p.message())
                    .contains("its property 'details' is an object or a list of objects"));
        }
    }
}
