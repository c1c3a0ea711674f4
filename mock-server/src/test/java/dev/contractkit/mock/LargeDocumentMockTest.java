package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.LargeDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A document with a thousand operations ({@link LargeDocument}: 250 resources x list, create, read, delete, bearer
 * auth): the mock starts and answers the last resource's operations. The start time is logged, not asserted (a timed
 * assertion would be flaky on a shared machine); docs/any-contract.md quotes a figure and {@code ./kit bench growth}
 * measures it.
 */
class LargeDocumentMockTest {
    private static final int RESOURCES = 250;
    private static final String BEARER = "Bearer any-token";
    private static final String ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

    @Test
    void aThousandOperationsAreServed(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("large.yaml"), LargeDocument.openapi(RESOURCES));
        Api api = Api.fromFiles("large", List.of(file), List.of(), 0);

        long start = System.nanoTime();
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build());
             Http http = new Http()) {
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("LargeDocumentMockTest: %d operations ready in %d ms%n",
                    RESOURCES * LargeDocument.OPERATIONS_PER_RESOURCE, millis);
            String last = mocks.url(api) + String.format(Locale.ROOT, "/r%04d", RESOURCES - 1);

            assertThat(http.get(last, "Authorization", BEARER).json().get(0).path("kind").asText()).isIn("small", "large");
            assertThat(http.get(last + "/" + ID, "Authorization", BEARER).json().path("name").isTextual()).isTrue();
            assertThat(http.send("POST", last, "application/json", "{\"name\":\"n\",\"kind\":\"small\"}",
                    "Authorization", BEARER).status()).isEqualTo(201);
            assertThat(http.send("POST", last, "application/json", "{}", "Authorization", BEARER).status()).isEqualTo(400);
            assertThat(http.get(last + "/not-a-uuid", "Authorization", BEARER).status()).isEqualTo(400);
            assertThat(http.send("DELETE", last + "/" + ID, null, null, "Authorization", BEARER).status()).isEqualTo(204);
            assertThat(http.get(last).status()).as("no credential").isEqualTo(401);
            assertThat(http.get(mocks.url(api) + String.format(Locale.ROOT, "/r%04d", RESOURCES),
                    "Authorization", BEARER).status()).isEqualTo(404);
        }
    }
}
