package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ./kit mock --spec FILE}: documents of one's own on the command line. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpecCommandLineTest {
    private final Http http = new Http();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterAll
    void close() {
        http.close();
    }

    private static Path openapi(String name) {
        return OutsideContracts.root().resolve("openapi").resolve(name);
    }

    private static Path asyncapi(String name) {
        return OutsideContracts.root().resolve("asyncapi").resolve(name);
    }

    @Test
    void thePetstoreServedByTheRealEntryPointAnswersItsOperationsValidly() throws Exception {
        Path petstore = openapi("v3.0-petstore.yaml");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--spec", petstore.toString(), "--port", "0").redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            List<String> printed = new ArrayList<>();
            for (String line = lines.readLine(); line != null && !line.equals("READY"); line = lines.readLine()) {
                printed.add(line);
            }
            String row = printed.stream().filter(l -> l.contains("v3-0-petstore")).findFirst().orElseThrow(
                    () -> new AssertionError("no line for the petstore in " + printed));
            String base = row.replaceFirst(".*(http://[^ ]+).*", "$1");
            ContractDocument doc = ContractDocument.parse(petstore.toString(), Files.readString(petstore));
            OutsideContracts.Judge judge = new OutsideContracts.Judge(doc);
            for (ContractDocument.Operation op : doc.operations()) {
                OutsideContracts.Call call = OutsideContracts.call(doc, op);
                Http.Answer answer = http.send(call.method(), call.url(base), call.contentType(), call.body());
                assertThat(answer.status()).as(op.operationId()).isBetween(200, 299);
                assertThat(judge.responseErrors(call, answer)).as(op.operationId()).isEmpty();
            }
            Http.Answer refused = http.send("POST", base + "/pets", "application/json", "{\"name\":\"no id\"}");
            assertThat(refused.status()).as("a pet without its required id").isEqualTo(400);
            assertThat(refused.body()).contains("id");
            assertThat(http.get(base + "/pets", "Prefer", "code=500").status()).isEqualTo(500);
        } finally {
            process.destroy();
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aDeclaredSecuritySchemeAsksForItsCredentialAndOneApiIdTakesAConfiguredValue() {
        Main.Launch outcome = launch("--spec", openapi("v3.1-tictactoe.yaml").toString(), "--port", "0",
                "--credential", "v3-1-tictactoe=secret");
        assertThat(outcome).isInstanceOf(Main.Launch.Running.class);
        try (MockServers servers = ((Main.Launch.Running) outcome).servers()) {
            String base = servers.url(servers.apis().get(0));

            assertThat(http.get(base + "/board").status()).isEqualTo(401);
            assertThat(http.get(base + "/board", "api-key", "other").status()).isEqualTo(401);
            assertThat(http.get(base + "/board", "api-key", "secret").status()).isEqualTo(200);
        }
    }

    @Test
    void anyBearerValueIsAcceptedWhenNoCredentialIsConfigured() {
        Main.Launch outcome = launch("--spec", openapi("v3.1-tictactoe.yaml").toString(), "--port", "0");
        try (MockServers servers = ((Main.Launch.Running) outcome).servers()) {
            String base = servers.url(servers.apis().get(0));

            assertThat(http.get(base + "/board/1/1").status()).isEqualTo(401);
            assertThat(http.get(base + "/board/1/1", "Authorization", "Bearer not-a-jwt").status()).isEqualTo(200);
        }
    }

    @Test
    void aDocumentWithoutErrorResponsesAnswersRfc9457ProblemDetails() {
        Main.Launch outcome = launch("--spec", openapi("v3.1-tictactoe.yaml").toString(), "--port", "0");
        try (MockServers servers = ((Main.Launch.Running) outcome).servers()) {
            Http.Answer refused = http.get(servers.url(servers.apis().get(0)) + "/board/1/1");

            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.json().path("status").asInt()).isEqualTo(401);
            assertThat(refused.json().path("title").asText()).isEqualTo("Unauthorized");
            assertThat(refused.json().path("type").asText()).isEqualTo("about:blank");
        }
    }

    @Test
    void severalSpecsGetOneListenerEachAndEachUrlIsPrinted() {
        Main.Launch outcome = launch("--spec", openapi("v3.0-petstore.yaml").toString(),
                "--spec", asyncapi("websocket-gemini-asyncapi.yml").toString(), "--port", "0");
        try (MockServers servers = ((Main.Launch.Running) outcome).servers()) {
            assertThat(servers.apis()).extracting(Api::id).containsExactly("v3-0-petstore", "websocket-gemini-asyncapi");
            assertThat(servers.port(servers.apis().get(0))).isNotEqualTo(servers.port(servers.apis().get(1)));
            String printed = out.toString(StandardCharsets.UTF_8);
            servers.apis().forEach(api -> assertThat(printed).contains(servers.url(api)));
            assertThat(printed).contains("ws://").contains("/v1/marketdata/{symbol}");
        }
    }

    @Test
    void anOpenApiAndAnAsyncApiDocumentJoinedByACommaShareOnePort() {
        Main.Launch outcome = launch("--spec", openapi("v3.0-petstore.yaml") + "," + asyncapi("websocket-gemini-asyncapi.yml"),
                "--port", "0");
        try (MockServers servers = ((Main.Launch.Running) outcome).servers()) {
            assertThat(servers.apis()).hasSize(1);
            Api api = servers.apis().get(0);
            assertThat(http.get(servers.url(api) + "/pets").status()).isEqualTo(200);
            assertThat(servers.channelUrls(api)).containsExactly(servers.url(api).replace("http", "ws") + "/v1/marketdata/{symbol}");
        }
    }

    @Test
    void anMqttChannelIsReportedAsNotServedAndTheMockStillStarts() {
        Main.Launch outcome = launch("--spec", asyncapi("streetlights-mqtt-asyncapi.yml").toString(), "--port", "0");

        assertThat(outcome).isInstanceOf(Main.Launch.Running.class);
        ((Main.Launch.Running) outcome).servers().close();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("NOT SERVED").contains("'lightingMeasured' is not served (protocol mqtt");
    }

    @Test
    void portsFollowEachOtherFromTheFirstOne() {
        List<Api> apis = SpecFiles.apis(List.of(openapi("v3.0-petstore.yaml").toString(), openapi("v3.0-petstore.yaml").toString()),
                List.of(), 9400);

        assertThat(apis).extracting(Api::id).containsExactly("v3-0-petstore", "v3-0-petstore-2");
        assertThat(apis).extracting(Api::defaultPort).containsExactly(9400, 9401);
    }

    @Test
    void aFileThatIsNoContractExitsTwoNamingIt() throws Exception {
        Path notes = Files.createTempFile("notes", ".yaml");
        Files.writeString(notes, "title: not a contract\n");
        try {
            assertThat(launch("--spec", notes.toString())).isEqualTo(new Main.Launch.Exited(2));
            assertThat(err.toString(StandardCharsets.UTF_8)).contains(notes.toString()).contains("neither an OpenAPI document");
            assertThat(launch("--spec", "/no/such/file.yaml")).isEqualTo(new Main.Launch.Exited(2));
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("/no/such/file.yaml");
        } finally {
            Files.delete(notes);
        }
    }

    @Test
    void aDocumentsProblemsAreCountedOnTheConsoleListedInAReportFileAndTheServerPathIsPrinted() throws Exception {
        Main.Launch outcome = launch("--spec", AnyDocumentMockTest.shop().toString(), "--port", "0");

        assertThat(outcome).isInstanceOf(Main.Launch.Running.class);
        try (MockServers servers = ((Main.Launch.Running) outcome).servers()) {
            Api api = servers.apis().get(0);
            assertThat(out.toString(StandardCharsets.UTF_8)).contains(servers.url(api) + "/api/v3 ");
            String printed = err.toString(StandardCharsets.UTF_8);
            assertThat(printed).contains("DOCUMENT PROBLEMS shop: 2 problem(s)").contains("--strict");
            Path report = Path.of(printed.replaceFirst("(?s).*each one in (\\S+).*", "$1").trim());
            assertThat(report).isEqualTo(ProblemReport.directory().resolve("shop-problems.txt"));
            assertThat(Files.readString(report)).contains("shop.yaml /paths/~1orders/post/responses/201/content/application~1json/example/status");
            assertThat(printed).as("each problem once, in the file, not on the console").doesNotContain("CONTRACT WARNING");
        }
    }

    @Test
    void strictRefusesADocumentWithProblemsAndExitsOne() {
        assertThat(launch("--spec", AnyDocumentMockTest.shop().toString(), "--port", "0", "--strict"))
                .isEqualTo(new Main.Launch.Exited(1));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("CONTRACT ERROR").contains("not started (--strict");
    }

    private Main.Launch launch(String... args) {
        out.reset();
        err.reset();
        return Main.launch(List.of(args), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }
}
