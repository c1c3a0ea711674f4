package dev.contractkit.mock.junit;

import dev.contractkit.mock.MockServers;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@ContractMock(api = "forms")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ContractMockExtensionTest {
    private static int port;

    @Test
    @Order(1)
    void injectsTheUrlOfAMockOnAFreePortAndAReadyClient(@MockUrl String url, @MockUrl URI uri, FormsClient forms,
                                                         MockServers mocks) throws Exception {
        port = mocks.port(Api.FORMS);

        assertThat(url).isEqualTo("http://127.0.0.1:" + port).isEqualTo(uri.toString());
        assertThat(port).isNotEqualTo(Api.FORMS.defaultPort());
        assertThat(forms.get(1).execute().getTitle()).isEqualTo("Monthly membership");
        HttpResponse<String> raw = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "/forms/1")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(raw.statusCode()).as("no credential").isEqualTo(401);
    }

    @Test
    @Order(2)
    void aResponseSetInOneTestIsServedThereAndTheRequestIsRecorded(FormsClient forms, MockServers mocks) {
        mocks.setResponse(Api.FORMS, "getForm", 404, null);

        assertThatThrownBy(() -> forms.get(1).execute()).isInstanceOf(NotFoundException.class);
        assertThat(mocks.received(Api.FORMS, "getForm")).hasSize(1)
                .allSatisfy(r -> assertThat(r.path()).isEqualTo("/forms/1"));
    }

    @Test
    @Order(3)
    void theNextTestStartsFromTheContractAgainOnTheSameMock(FormsClient forms, MockServers mocks) {
        assertThat(mocks.port(Api.FORMS)).as("one mock per class").isEqualTo(port);
        assertThat(mocks.received(Api.FORMS, "getForm")).as("request log reset").isEmpty();
        assertThat(forms.get(1).execute().getId()).isEqualTo(1);
    }
}
