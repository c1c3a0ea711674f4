package dev.contractkit.conformance;

import com.sun.net.httpserver.HttpServer;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --spec}: the credential goes where the document's security scheme says, for every standard scheme type. */
class SpecCredentialPlacementTest {
    static HttpServer server;
    static final List<String> seen = Collections.synchronizedList(new ArrayList<>());
    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            seen.add("header=" + ex.getRequestHeaders().getFirst("X-Api-Key") + " query=" + ex.getRequestURI().getRawQuery()
                    + " cookie=" + ex.getRequestHeaders().getFirst("Cookie") + " authorization="
                    + ex.getRequestHeaders().getFirst("Authorization"));
            byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{type: apiKey, in: header, name: X-Api-Key}                   | s3cret    | header=s3cret",
            "{type: apiKey, in: query, name: api_key}                      | s3cret    | query=api_key=s3cret",
            "{type: apiKey, in: cookie, name: session}                     | s3cret    | cookie=session=s3cret",
            "{type: http, scheme: bearer}                                  | s3cret    | authorization=Bearer s3cret",
            "{type: http, scheme: basic}                                   | ann:pw    | authorization=Basic YW5uOnB3",
            "{type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://t.example/token', scopes: {}}}} | s3cret | authorization=Bearer s3cret",
            "{type: openIdConnect, openIdConnectUrl: 'https://t.example/.well-known/openid-configuration'} | s3cret | authorization=Bearer s3cret",
    })
    void theCredentialIsPlacedAsTheSchemeSays(String scheme, String credential, String expected) throws IOException {
        Path doc = Files.writeString(dir.resolve("api.yaml"), """
                openapi: 3.1.0
                info: {title: t, version: '1'}
                security: [{auth: []}]
                paths:
                  /things:
                    get:
                      operationId: listThings
                      responses:
                        '200': {description: ok, content: {application/json: {schema: {type: object}}}}
                        '401': {description: no}
                components:
                  securitySchemes:
                    auth: %s
                """.formatted(scheme));
        seen.clear();

        Report report = Conformance.run(ConformanceTarget.builder("api", List.of(doc)).baseUrl("http://127.0.0.1:"
                + server.getAddress().getPort()).credential(credential).count(0)
                .checks(Set.of(Check.POSITIVE_DATA_ACCEPTANCE)).build());

        assertThat(report.result(Check.POSITIVE_DATA_ACCEPTANCE).total()).isPositive();
        assertThat(seen).anyMatch(line -> line.contains(expected));
    }
}
