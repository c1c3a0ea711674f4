package dev.contractkit.sdkgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 38.1, the coupons client: an operation the contract leaves open ({@code security: []}) is sent without the
 * credentials, and a client with builder add-ons hands them its runtime (their request interceptor in its chain,
 * its Retrofit in their settings).
 */
class AddOnRuntimeTest {
    @TempDir
    Path dir;

    @Test
    void anOperationWithEmptySecurityIsSentWithoutTheCredentials() throws IOException {
        Path placed = dir.resolve("placed.yaml");
        Files.writeString(placed, Files.readString(BuilderAddOnsTest.KIT_TOKEN).replace("x-kit-sdk-name: token", "x-kit-sdk-name: jobToken"));
        SdkGenerator.request(placed, "com.acme.probes", dir.resolve("out")).generate();
        String client = Files.readString(dir.resolve("out/com/acme/probes/ProbesClient.java"));

        assertThat(client.lines().filter(l -> l.contains("credentials.open(")).map(String::strip).toList())
                .containsExactly("credentials.open(\"DefaultApi.health\"); // security: [] in the contract: sent without credentials");
    }

    @Test
    void theKitTokenGoesOnEveryRequestAsKitTokenBuilderSays() throws IOException {
        SdkGenerator.request(BuilderAddOnsTest.KIT_TOKEN, "com.acme.probes", dir).generate();

        assertThat(Files.readString(dir.resolve("com/acme/probes/ProbesClient.java"))).doesNotContain("credentials.open(");
    }

    @Test
    void aDocumentWhoseOperationsAreAllSecuredOpensNone() throws IOException {
        SdkGenerator.request(BuilderAddOnsTest.SHELVES, "com.acme.shelves", dir).generate();

        assertThat(Files.readString(dir.resolve("com/acme/shelves/ShelvesClient.java"))).doesNotContain("credentials.open(");
    }

    @Test
    void aClientWithBuilderAddOnsGivesThemItsInterceptorSlotAndItsRuntime() throws IOException {
        SdkGenerator.request(BuilderAddOnsTest.SHELVES, "com.acme.shelves", dir)
                .builderAddOns(List.of("com.acme.shelves.ShelvesClientBuilderAddOn")).generate();
        String client = Files.readString(dir.resolve("com/acme/shelves/ShelvesClient.java"));

        assertThat(client).contains("this.retrofit = Generated.retrofit(configured, credentials, com.acme.shelves.internal.ContractErrors.FORMAT, addOnSettings);")
                .contains("this.addOnSettings = Generated.attached(addOnSettings, retrofit);");
    }

    @Test
    void aClientWithoutBuilderAddOnsKeepsTheRetrofitOfItsCredentials() throws IOException {
        SdkGenerator.request(BuilderAddOnsTest.SHELVES, "com.acme.shelves", dir).generate();
        String client = Files.readString(dir.resolve("com/acme/shelves/ShelvesClient.java"));

        assertThat(client).contains("this.retrofit = Generated.retrofit(config, credentials, com.acme.shelves.internal.ContractErrors.FORMAT);")
                .doesNotContain("Generated.attached");
    }

    @Test
    void aWebSocketHandshakeAndTheQueryTokenOnlyItTakesAreNotGenerated() throws IOException {
        Path doc = dir.resolve("feed.yaml");
        Files.writeString(doc, """
                openapi: 3.0.3
                info: {title: Feed, version: "1"}
                paths:
                  /items:
                    get:
                      operationId: listItems
                      security: [{Bearer: []}]
                      responses: {"200": {description: ok}}
                  /updates:
                    get:
                      operationId: openUpdates
                      x-kit-websocket: {asyncapi: feed.yaml, channel: updates}
                      security: [{Bearer: []}, {QueryToken: []}]
                      responses: {"101": {description: upgraded}}
                components:
                  securitySchemes:
                    Bearer: {type: http, scheme: bearer}
                    QueryToken: {type: apiKey, in: query, name: token}
                """);
        SdkGenerator.Result r = SdkGenerator.request(doc, "com.acme.feed", dir.resolve("out")).generate();
        String client = Files.readString(dir.resolve("out/com/acme/feed/FeedClient.java"));

        assertThat(client).contains("listItems(").doesNotContain("openUpdates(").doesNotContain("queryToken(").contains("bearer(");
        assertThat(r.notes()).anyMatch(n -> n.contains("paths./updates.get is a WebSocket handshake"))
                .anyMatch(n -> n.contains("securitySchemes.QueryToken: only WebSocket handshakes take it"));
    }
}
