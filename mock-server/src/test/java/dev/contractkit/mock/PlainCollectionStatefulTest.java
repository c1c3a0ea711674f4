package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.contractkit.mock.http.Json;

/**
 * {@code --stateful} on a document nobody here wrote, which says nothing of state: petstore-expanded's
 * {@code POST /pets}, {@code GET /pets} and {@code GET/DELETE /pets/{id}} are recognised as one collection.
 */
class PlainCollectionStatefulTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static MockServers mocks;
    private static MockServers stateless;
    private static Api api;

    @BeforeAll
    static void start() {
        Path file = OutsideContracts.root().resolve("openapi/v3.0-petstore-expanded.yaml");
        api = Api.fromFiles("petstore-expanded", List.of(file), List.of(), 0);
        mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).stateful(true).build());
        stateless = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build());
    }

    @AfterAll
    static void stop() {
        mocks.close();
        stateless.close();
    }

    @Test
    void aCreatedPetIsListedReadAndThenDeleted() throws Exception {
        HttpResponse<String> created = send(mocks, "POST", "/pets", "{\"name\":\"Rex\",\"tag\":\"dog\"}");
        assertThat(created.statusCode()).isEqualTo(200);
        JsonNode pet = Json.MAPPER.readTree(created.body());
        assertThat(pet.path("name").asText()).isEqualTo("Rex");
        assertThat(pet.path("id").canConvertToLong()).isTrue();
        String id = pet.path("id").asText();

        assertThat(Json.MAPPER.readTree(send(mocks, "GET", "/pets/" + id, null).body()).path("tag").asText()).isEqualTo("dog");
        JsonNode list = Json.MAPPER.readTree(send(mocks, "GET", "/pets", null).body());
        assertThat(list.isArray()).isTrue();
        assertThat(list.findValuesAsText("name")).contains("Rex");

        assertThat(send(mocks, "DELETE", "/pets/" + id, null).statusCode()).isEqualTo(204);
        assertThat(send(mocks, "GET", "/pets/" + id, null).statusCode()).isEqualTo(404);
        assertThat(Json.MAPPER.readTree(send(mocks, "GET", "/pets", null).body()).findValuesAsText("name")).doesNotContain("Rex");
    }

    @Test
    void withoutStatefulTheSamePostIsForgotten() throws Exception {
        String id = Json.MAPPER.readTree(send(stateless, "POST", "/pets", "{\"name\":\"Ghost\"}").body()).path("id").asText();

        assertThat(Json.MAPPER.readTree(send(stateless, "GET", "/pets", null).body()).findValuesAsText("name"))
                .doesNotContain("Ghost");
        assertThat(send(stateless, "GET", "/pets/" + id, null).statusCode()).isEqualTo(200);
    }

    private static HttpResponse<String> send(MockServers m, String method, String path, String json)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(m.url(api) + path))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            b.header("Content-Type", "application/json");
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
