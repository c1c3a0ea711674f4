package com.example.app;

import ch.qos.logback.classic.LoggerContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.contractkit.mock.MockServers;
import dev.contractkit.mock.junit.ContractMock;
import dev.contractkit.mock.junit.MockUrl;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.mockserver.client.MockServerClient;
import org.mockserver.verify.VerificationTimes;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockserver.model.HttpRequest.request;

/** The application's class path holds networknt 1.0.76, MockServer's client and logback, all before the kit's mock. */
@ContractMock(api = "forms")
class FormsAgainstTheMockTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static HttpResponse<String> get(URI uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri).header("Authorization", "Token token=any").build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theMockAnswersAndIsVerifiedByTheKitAndByMockServersOwnClient(@MockUrl URI url, MockServers mocks) throws Exception {
        assertEquals(200, get(url.resolve("/forms/1")).statusCode());

        assertEquals(1, mocks.received(Api.FORMS, "getForm").size());
        // not closed: MockServerClient.close() stops the server it talks to (PUT /mockserver/stop)
        new MockServerClient("127.0.0.1", url.getPort())
                .verify(request().withMethod("GET").withPath("/forms/1"), VerificationTimes.once());
    }

    @Test
    void aRequestBreakingTheContractGetsTheMessageFromTheMocksOwnValidator(@MockUrl URI url) throws Exception {
        HttpResponse<String> answer = get(url.resolve("/forms?count=500"));

        assertEquals(400, answer.statusCode());
        assertTrue(answer.body().contains("query parameter 'count' must have a maximum value of 100"), answer.body());
    }

    @Test
    void theAppKeepsItsOwnNetworkntAndLogbackAndSeesNoneOfTheMocksLibraries() throws Exception {
        assertTrue(JsonSchemaFactory.class.getProtectionDomain().getCodeSource().getLocation().toString()
                .contains("json-schema-validator-1.0.76"));
        assertFalse(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema("{\"type\":\"integer\"}")
                .validate(new ObjectMapper().readTree("\"x\"")).isEmpty());
        assertInstanceOf(LoggerContext.class, LoggerFactory.getILoggerFactory());
        assertThrows(ClassNotFoundException.class, () -> Class.forName("shaded_package.io.netty.channel.Channel"));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.slf4j.jul.JULServiceProvider"));
    }
}
