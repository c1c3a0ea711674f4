package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An HTTP Basic credential given to the mock as {@code user:password} (the form {@code ./kit conform --credential}
 * takes) is accepted in the Basic header's Base64 form, and another password is refused.
 */
class BasicCredentialMockTest {
    @Test
    void aBasicCredentialGivenAsUserAndPasswordIsAcceptedAndAnotherPasswordIsRefused(@TempDir Path dir) throws Exception {
        Path doc = Files.writeString(dir.resolve("basic-api.yaml"), """
                openapi: 3.0.3
                info: {title: basic, version: '1'}
                components:
                  securitySchemes:
                    basic: {type: http, scheme: basic}
                security: [{basic: []}]
                paths:
                  /ping:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: {type: object, properties: {ok: {type: boolean}}}
                        '401': {description: who are you}
                """);
        Api api = Api.fromFiles(Api.idOf(doc), List.of(doc), List.of(), 0);
        try (Http http = new Http();
             MockServers mock = MockServers.start(MockOptions.builder().apis(api).port(api, 0)
                     .credential(api, "corpus:corpus-secret").build())) {
            String url = mock.url(api) + "/ping";

            Http.Answer right = http.send("GET", url, null, null, "Authorization", basic("corpus:corpus-secret"));
            Http.Answer wrong = http.send("GET", url, null, null, "Authorization", basic("corpus:guess"));
            Http.Answer garbled = http.send("GET", url, null, null, "Authorization", "Basic %%%");

            assertThat(right.status()).as(right.body()).isEqualTo(200);
            assertThat(wrong.status()).isEqualTo(401);
            assertThat(garbled.status()).isEqualTo(401);
        }
    }

    private static String basic(String userAndPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
    }
}
