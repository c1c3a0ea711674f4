package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.conformance.TestContracts;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** The requests the suite builds from a contract: no network. */
class CaseGeneratorTest {
    static final HttpUrl BASE = HttpUrl.get("http://127.0.0.1:1");
    static final ObjectMapper JSON = new ObjectMapper();

    static List<TestCase> casesOf(ContractDocument doc, String operationId, long seed) {
        CaseGenerator cases = new CaseGenerator(new Contract(doc), Optional.of("secret"), List.of(Map.entry("X-Team", "qa")), seed);
        return cases.forOperation(doc.operation(operationId).orElseThrow());
    }

    static List<String> requests(List<TestCase> cases) {
        return cases.stream().map(c -> c.kind() + " " + c.call().display(BASE) + " " + c.call().headers()).toList();
    }

    @Test
    void sameSeedSendsTheSameRequestsAndAnotherSeedOtherRandomValues() {
        List<String> first = requests(casesOf(TestContracts.forms(), "listForms", 7));
        List<String> again = requests(casesOf(TestContracts.forms(), "listForms", 7));
        List<String> other = requests(casesOf(TestContracts.forms(), "listForms", 8));

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(other).contains("POSITIVE GET /forms?count=10&offset=0 [X-Team=qa, Authorization=Token token=secret]");
    }

    @Test
    void positiveRequestsUseExamplesDefaultsAndBoundariesAndAreValid() {
        List<TestCase> cases = casesOf(TestContracts.forms(), "listForms", 1);

        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.POSITIVE)
                .extracting(TestCase::what, c -> c.call().display(BASE))
                .contains(tuple("examples and defaults", "GET /forms?count=10&offset=0"),
                        tuple("required parameters only", "GET /forms"),
                        tuple("count at its minimum", "GET /forms?count=1&offset=0"),
                        tuple("count at its maximum", "GET /forms?count=100&offset=0"));
        assertThat(casesOf(TestContracts.forms(), "getForm", 1)).first()
                .satisfies(c -> assertThat(c.call().display(BASE)).isEqualTo("GET /forms/1"));
    }

    @Test
    void negativeRequestsBreakExactlyTheRuleTheyName() {
        List<TestCase> cases = casesOf(TestContracts.forms(), "listForms", 1);

        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.NEGATIVE)
                .extracting(c -> c.negation().orElseThrow().pointer(), c -> c.negation().orElseThrow().valueText(),
                        c -> c.negation().orElseThrow().reason())
                .contains(tuple("/request/query/count", "0", "count below minimum 1"),
                        tuple("/request/query/count", "101", "count above maximum 100"),
                        tuple("/request/query/count", "1.5", "count not an integer"),
                        tuple("/request/query/count", "\"kit-not-a-number\"", "count not a number"),
                        tuple("/request/query/offset", "-1", "offset below minimum 0"));
        ContractDocument doc = TestContracts.forms();
        Operation op = doc.operation("listForms").orElseThrow();
        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.NEGATIVE).allSatisfy(c -> {
            String name = c.negation().orElseThrow().pointer().substring("/request/query/".length());
            String schema = op.parameters().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow()
                    .schemaPointer();
            assertThat(doc.validator().validate(schema, c.negation().orElseThrow().value(), "test")).isNotEmpty();
        });
    }

    @Test
    void unauthenticatedRequestsCarryNoCredentialOrAnInvalidOne() {
        List<TestCase> cases = casesOf(TestContracts.forms(), "getForm", 1);

        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.UNAUTHENTICATED)
                .extracting(TestCase::what, c -> c.call().headers().toString())
                .containsExactly(tuple("without credentials (TokenAuth)", "[X-Team=qa]"),
                        tuple("with an invalid TokenAuth credential",
                                "[X-Team=qa, Authorization=Token token=kit-invalid-credential]"));
    }

    @Test
    void credentialGivenAsHeaderIsLeftOutOfUnauthenticatedRequests() {
        ContractDocument doc = TestContracts.forms();
        CaseGenerator cases = new CaseGenerator(new Contract(doc), Optional.empty(),
                List.of(Map.entry("authorization", "Token token=mine")), 1);

        List<TestCase> all = cases.forOperation(doc.operation("getForm").orElseThrow());

        assertThat(all).filteredOn(c -> c.kind() == RequestKind.POSITIVE).first()
                .satisfies(c -> assertThat(c.call().headers()).containsExactly(Map.entry("authorization", "Token token=mine")));
        assertThat(all).filteredOn(c -> c.kind() == RequestKind.UNAUTHENTICATED).first()
                .satisfies(c -> assertThat(c.call().headers()).isEmpty());
        assertThat(cases.notes()).isEmpty();
    }

    @Test
    void withoutCredentialSecuredPathsGetNoUndeclaredMethodRequestsAndANoteSaysWhy() {
        ContractDocument doc = TestContracts.forms();
        CaseGenerator cases = new CaseGenerator(new Contract(doc), Optional.empty(), List.of(), 1);

        cases.forOperation(doc.operation("getForm").orElseThrow());

        assertThat(cases.unsupportedMethods()).isEmpty();
        assertThat(cases.notes()).singleElement().asString().contains("no credential given");
    }

    @Test
    void requestBodiesAreBuiltFromTheSchemaAndBrokenOnePropertyAtATime() throws Exception {
        ContractDocument doc = TestContracts.pets();
        List<TestCase> cases = casesOf(doc, "createPet", 3);

        TestCase example = cases.get(0);
        JsonNode body = JSON.readTree(example.call().body().orElseThrow().text());
        assertThat(body.path("kind").asText()).isEqualTo("cat");
        assertThat(example.call().headers()).contains(Map.entry("Authorization", "Bearer secret"));
        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.NEGATIVE)
                .extracting(c -> c.negation().orElseThrow().pointer(), c -> c.negation().orElseThrow().valueText())
                .contains(tuple("/request/body/kind", "\"kit-not-in-enum\""),
                        tuple("/request/body/name", ""),
                        tuple("/request/body/name", "\"aaaaaaaaaaaaaaaaaaaaa\""),
                        tuple("/request/body/age", "31"),
                        tuple("/request/body", "\"kit-not-an-object\""));
        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.NEGATIVE)
                .filteredOn(c -> c.negation().orElseThrow().reason().equals("required request body missing"))
                .singleElement().satisfies(c -> assertThat(c.call().body()).isEmpty());
    }

    @Test
    void enumQueryAndHeaderParametersAreBrokenAndRequiredOnesLeftOut() {
        List<TestCase> cases = casesOf(TestContracts.pets(), "listPets", 1);

        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.NEGATIVE)
                .extracting(c -> c.negation().orElseThrow().pointer(), TestCase::what)
                .contains(tuple("/request/query/status", "status not one of [\"available\",\"sold\"]"),
                        tuple("/request/query/status", "required query parameter 'status' missing"),
                        tuple("/request/header/X-Trace", "X-Trace longer than maxLength 8"));
    }

    @Test
    void publicOperationsGetNoCredentialAndNoUnauthenticatedRequests() {
        List<TestCase> cases = casesOf(TestContracts.pets(), "health", 1);

        assertThat(cases).extracting(TestCase::kind).doesNotContain(RequestKind.UNAUTHENTICATED);
        assertThat(cases).allSatisfy(c -> assertThat(c.call().headers()).containsExactly(Map.entry("X-Team", "qa")));
    }

    @Test
    void undeclaredMethodsAreTriedOnEveryPath() {
        CaseGenerator cases = new CaseGenerator(new Contract(TestContracts.pets()), Optional.of("t"), List.of(), 1);

        assertThat(cases.unsupportedMethods()).extracting(TestCase::label)
                .containsExactly("PUT /health", "POST /health", "DELETE /health", "PATCH /health",
                        "PUT /pets", "DELETE /pets", "PATCH /pets",
                        "PUT /pets/{petId}", "POST /pets/{petId}", "DELETE /pets/{petId}", "PATCH /pets/{petId}",
                        "GET /token", "PUT /token", "DELETE /token", "PATCH /token",
                        "PUT /ws", "POST /ws", "DELETE /ws", "PATCH /ws");
    }

    @Test
    void formBodiesAreSentFormEncodedAndBrokenAsText() {
        List<TestCase> cases = casesOf(TestContracts.pets(), "createToken", 1);

        assertThat(cases.get(0).call().body()).contains(
                new RelativeRequest.Body("application/x-www-form-urlencoded", "grant_type=password&username=jane"));
        assertThat(cases).filteredOn(c -> c.kind() == RequestKind.NEGATIVE)
                .extracting(c -> c.negation().orElseThrow().pointer(), c -> c.call().body().map(RelativeRequest.Body::text).orElse(""))
                .contains(tuple("/request/body/grant_type", "grant_type=kit-not-in-enum&username=jane"),
                        tuple("/request/body/username", "grant_type=password"));
    }

    @Test
    void protocolUpgradesGetOnlyRequestsTheyMustRefuse() {
        ContractDocument doc = TestContracts.pets();
        CaseGenerator cases = new CaseGenerator(new Contract(doc), Optional.of("t"), List.of(), 1);

        List<TestCase> all = cases.forOperation(doc.operation("openUpdates").orElseThrow());

        assertThat(all).extracting(TestCase::kind).isNotEmpty().doesNotContain(RequestKind.POSITIVE);
        assertThat(cases.notes()).singleElement().asString().contains("answers 101");
    }

    @Test
    void randomValuesFallBackToTheExampleWhenThePatternCannotBeGenerated() {
        ContractDocument doc = TestContracts.pets();
        CaseGenerator cases = new CaseGenerator(new Contract(doc), Optional.of("t"), List.of(), 1);

        List<TestCase> all = cases.forOperation(doc.operation("listPets").orElseThrow());

        assertThat(all).filteredOn(c -> c.what().startsWith("random values")).hasSize(CaseGenerator.RANDOM_CASES);
        assertThat(cases.notes()).isEmpty();
    }

    @Test
    void pathValuesAreEncodedAndABasePathPrefixIsKept() {
        RelativeRequest call = new RelativeRequest("GET", "/pets/{petId}", Map.of("petId", "a b/c"), List.of(Map.entry("q", "x&y")),
                List.of(), Optional.empty());

        assertThat(call.url(HttpUrl.get("http://127.0.0.1:1/api/v1/")).toString())
                .isEqualTo("http://127.0.0.1:1/api/v1/pets/a%20b%2Fc?q=x%26y");
        assertThat(call.url(HttpUrl.get("http://127.0.0.1:1")).encodedPath()).isEqualTo("/pets/a%20b%2Fc");
    }

    @Test
    void aJsonBodyIsAlsoSentCutShortAsMalformedJson() throws Exception {
        List<TestCase> malformed = casesOf(TestContracts.pets(), "createPet", 1).stream()
                .filter(c -> c.what().equals("body is malformed JSON (truncated)")).toList();

        assertThat(malformed).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(RequestKind.NEGATIVE);
            String text = c.call().body().orElseThrow().text();
            assertThat(text).startsWith("{");
            assertThatThrownBy(() -> JSON.readTree(text))
                    .isInstanceOf(JsonProcessingException.class);
        });
    }

    @Test
    void countSetsHowManyRequestsWithRandomValuesEachOperationGets() {
        ContractDocument doc = TestContracts.forms();
        Operation op = doc.operation("listForms").orElseThrow();
        IntFunction<Long> randomCases = n -> new CaseGenerator(new Contract(doc), Optional.of("secret"),
                Optional.empty(), List.of(), 1, n).forOperation(op).stream()
                .filter(c -> c.what().startsWith("random values")).count();

        assertThat(randomCases.apply(0)).isZero();
        assertThat(randomCases.apply(3)).isEqualTo(3);
        assertThat(randomCases.apply(12)).isBetween(10L, 12L); // two draws may give the same request
    }

    @Test
    void createBodiesOfDeclaredChainsGetFreshNamesThatKeepTheirSchema() throws Exception {
        ContractDocument doc = ContractDocument.load("openapi/codehost-v5.yaml");
        CaseGenerator cases = new CaseGenerator(new Contract(doc), Optional.of("secret"), List.of(), 1);
        Operation create = doc.operation("createUser").orElseThrow();
        JsonNode example = ExampleBodies.of(doc, create).orElseThrow();

        JsonNode first = cases.unique(create, example, "chain");
        JsonNode second = cases.unique(create, example, "chain");

        assertThat(first.path("username").asText()).startsWith(example.path("username").asText() + "-");
        assertThat(first.path("username")).isNotEqualTo(second.path("username"));
        assertThat(doc.validator().validate(create.requestBody().orElseThrow() + "/content/application~1json/schema",
                first, "test")).isEmpty();
    }

    @Test
    void aRandomBodyTakesFromTheExampleOnlyThePropertiesTheGeneratorCouldNotMakeValid() throws Exception {
        ContractDocument doc = ContractDocument.load("openapi/agent.yaml");
        CaseGenerator cases = new CaseGenerator(new Contract(doc), Optional.empty(), List.of(), 1);
        List<TestCase> random = cases.forOperation(doc.operation("registerDatasource").orElseThrow()).stream()
                .filter(c -> c.what().startsWith("random values")).toList();

        assertThat(cases.notes()).noneMatch(n -> n.contains("could not build a valid request body"));
        assertThat(random).hasSize(CaseGenerator.RANDOM_CASES).allSatisfy(c -> {
            JsonNode body = JSON.readTree(c.call().body().orElseThrow().text());
            assertThat(body.path("jdbcUrl").asText()).startsWith("jdbc:"); // the pattern: from the example
        });
        assertThat(random).extracting(c -> JSON.readTree(c.call().body().orElseThrow().text()).path("name").asText())
                .doesNotHaveDuplicates(); // the rest stays random
    }
}
