package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.RequestBody;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A document as real ones are written ({@code any-contract/shop.yaml}: what the APIs-guru directory's documents do),
 * served with {@code --spec}'s defaults: under its server path, object-valued query parameters and form bodies
 * taken, ignored header parameters ignored, error answers without a body where the document declares none, a broken
 * example replaced by a valid value, a method a more specific path lacks refused with 405.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnyDocumentMockTest {
    private final Http http = new Http();
    private Api api;
    private MockServers mocks;
    private String base;

    static Path shop() {
        try {
            return Path.of(AnyDocumentMockTest.class.getResource("/any-contract/shop.yaml").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    void start() {
        api = Api.fromFiles("shop", List.of(shop()), List.of(), 0);
        mocks = MockServers.start(MockOptions.builder().apis(api).port(api, 0).build());
        base = mocks.url(api);
    }

    @AfterAll
    void stop() {
        mocks.close();
        http.close();
    }

    @Test
    void theDocumentIsServedUnderItsServerPathWithVariablesAtTheirDefaultsAndAtTheRoot() {
        assertThat(mocks.baseUrl(api)).isEqualTo(base + "/api/v3");

        assertThat(http.get(base + "/api/v3/orders/7").status()).isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders/7").json().path("status").asText()).isIn("open", "closed");
        assertThat(http.get(base + "/orders/7").status()).as("at the root too").isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders/x").status()).as("the document's rules apply there").isEqualTo(400);
        assertThat(http.get(base + "/api/v30/orders/7").status()).isEqualTo(404);
    }

    @Test
    void aMethodTheMoreSpecificPathLacksIs405WithAllowNotAnOperationOfTheLooserPath() {
        Http.Answer answer = http.get(base + "/api/v3/orders/7:cancel");

        assertThat(answer.status()).isEqualTo(405);
        assertThat(answer.allow()).isEqualTo("POST");
        assertThat(http.send("POST", base + "/api/v3/orders/7:cancel", null, null).status()).isEqualTo(204);
        assertThat(http.send("PUT", base + "/api/v3/orders/7", null, null).allow()).isEqualTo("DELETE, GET");
    }

    @Test
    void pathsThatDifferOnlyInTheirParametersNamesAnswerAsOnePathAndAreListedAsAProblem() {
        assertThat(http.get(base + "/api/v3/providers/p1").status()).isEqualTo(200);
        assertThat(http.send("DELETE", base + "/api/v3/providers/p1", "application/json", "{\"reason\":\"gone\"}").status())
                .isEqualTo(204);
        assertThat(http.send("PUT", base + "/api/v3/providers/p1", null, null).allow()).isEqualTo("DELETE, GET");
        assertThat(mocks.problems(api)).extracting(Finding::message)
                .anySatisfy(m -> assertThat(m).contains("/providers/{providerID} and /providers/{providerId} differ only"));
    }

    @Test
    void aBodyDeclaredUnderAMediaRangeIsReadAsItsOwnContentTypeSays() {
        String url = base + "/api/v3/providers/p1";

        assertThat(http.send("DELETE", url, "application/json", "{\"reason\":\"gone\"}").status())
                .as("a required readOnly property is required in responses only").isEqualTo(204);
        assertThat(http.send("DELETE", url, "application/json", "{\"reason\":5}").status()).as("JSON held to the schema").isEqualTo(400);
        assertThat(http.send("DELETE", url, "application/json", "{\"reason\":").status()).as("not JSON").isEqualTo(400);
        assertThat(http.send("DELETE", url, "application/x-www-form-urlencoded", "other=1").status()).as("a form too").isEqualTo(400);
        assertThat(http.send("DELETE", url, "text/plain", "gone").status()).as("text is not parsed").isEqualTo(204);
    }

    @Test
    void aPathWithACharacterClientsEncodeMatchesItEncoded() {
        assertThat(http.send("DELETE", base + "/api/v3/orders/7%23notes", null, null).status()).isEqualTo(204);
        assertThat(http.get(base + "/api/v3/orders/7%23notes").body()).as("GET /orders/{id} with id '7#notes'")
                .contains("integer expected");
    }

    @Test
    void operationsToldApartByAKeyAfterThePathAnswerAtThePathAClientSends() {
        assertThat(http.send("DELETE", base + "/api/v3/orders/7", null, null).status()).as("#notes names nothing").isEqualTo(204);
        assertThat(http.send("DELETE", base + "/api/v3/tags/arn1?tagKeys=a", null, null).status()).isEqualTo(204);
        assertThat(http.get(base + "/api/v3/tags/arn1").status()).isEqualTo(200);
        Http.Answer untagged = http.send("DELETE", base + "/api/v3/tags/arn1", null, null);
        assertThat(untagged.status()).as("the only DELETE there says what the request lacks").isEqualTo(400);
        assertThat(untagged.body()).contains("query parameter 'tagKeys' is required");
        assertThat(http.send("PUT", base + "/api/v3/tags/arn1", null, null).allow()).isEqualTo("DELETE, GET");
        Http.Answer ping = http.send("POST", base + "/api/v3/", "application/json", "{}", "X-Amz-Target", "Shop.Ping");
        Http.Answer pong = http.send("POST", base + "/api/v3/", "application/json", "{}", "X-Amz-Target", "Shop.Pong");
        assertThat(ping.json().has("ping")).as(ping.body()).isTrue();
        assertThat(pong.json().has("pong")).as(pong.body()).isTrue();
        Http.Answer other = http.send("POST", base + "/api/v3/", "application/json", "{}", "X-Amz-Target", "Shop.Other");
        assertThat(other.status()).as("of two POSTs none can be chosen").isEqualTo(404);
        assertThat(other.body()).contains("/#X-Amz-Target=Shop.Ping");
        assertThat(http.get(base + "/api/v3/rides?page=2").status()).as("a 'path' parameter after the template's ?").isEqualTo(200);
        assertThat(http.send("POST", base + "/api/v3/detect", "application/x-www-form-urlencoded", "text=I+like+tacos").status())
                .as("a form typed as one string").isEqualTo(200);
        assertThat(http.send("DELETE", base + "/api/v3/apps/app1", null, null).status())
                .as("a value naming an example found only under default is not dispatched to it (a 500)").isEqualTo(202);
        assertThat(http.get(base + "/api/v3/rides?page=two").status()).isEqualTo(400);
        assertThat(http.send("POST", base + "/api/v3/analyze", "application/json", "{}").json().path("from").asText())
                .isEqualTo("url");
        assertThat(http.send("POST", base + "/api/v3/analyze", "application/octet-stream", "abc").json().path("from").asText())
                .as("told apart by the body's type").isEqualTo("stream");
    }

    @Test
    void aParameterValueThatEveryExampleSharesDoesNotChooseTheErrorExampleOfTheSameName() {
        Http.Answer answer = http.send("PUT", base + "/api/v3/policies/SgxEnclave", "application/json", "{}");

        assertThat(answer.status()).as("azure.com/attestation: the value names every example alike").isEqualTo(200);
        assertThat(answer.json().path("set").asBoolean()).isTrue();
    }

    @Test
    void aContentParameterOfAnyMediaTypeIsCheckedAsTheTextItIsWhereItsSchemaIsAString() {
        String uuid = "/api/v3/reports/0f8fad5b-d9cb-469f-a165-70867728950e";

        assertThat(http.get(base + uuid).status()).isEqualTo(200);
        assertThat(http.get(base + "/api/v3/reports/not-a-uuid").status()).as("telnyx's '*/*' uuid").isEqualTo(400);
    }

    @Test
    void aListOfObjectsInsideAFormObjectIsReadAsTheJsonTextClientsSend() {
        String report = base + "/api/v3/reports/0f8fad5b-d9cb-469f-a165-70867728950e";

        assertThat(http.get(report + "?value=ported&details=" + encode("[{\"code\":\"X\"}]")).status()).isEqualTo(200);
        assertThat(http.get(report + "?value=ported&details=" + encode("[{\"other\":1}]")).status())
                .as("read, so its items are checked").isEqualTo(400);
        assertThat(http.get(report + "?value=lost").status()).isEqualTo(400);
    }

    private static String encode(String text) {
        return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void anErrorTheOperationDeclaresWithoutContentHasNoBody() {
        Http.Answer refused = http.get(base + "/api/v3/orders?status=lost");
        Http.Answer byDefault = http.send("POST", base + "/api/v3/orders", "application/x-www-form-urlencoded", "quantity=0");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEmpty();
        assertThat(refused.header("X-Kit-Refusal")).as("why, where the body cannot say it").contains("lost");
        assertThat(refused.contentType()).isEmpty();
        assertThat(byDefault.status()).as("declared as default, without content").isEqualTo(400);
        assertThat(byDefault.body()).isEmpty();
    }

    @Test
    void objectValuedQueryParametersAreReadAsTheirStyleSays() {
        assertThat(http.get(base + "/api/v3/orders?status=open&limit=5").status()).isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders").status())
                .as("a required form-exploded object without properties is an empty object").isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders?status=open&limit=500").status()).isEqualTo(400);
        assertThat(http.get(base + "/api/v3/orders?page%5Bsize%5D=10&page%5Bnumber%5D=2").status()).isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders?page[size]=1000").status()).isEqualTo(400);
        assertThat(http.get(base + "/api/v3/orders?fields=id,status").status()).isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders?fields=").status()).as("an empty list, as OpenAPI writes it").isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders?fields=id,").status()).isEqualTo(400);
        assertThat(http.get(base + "/api/v3/orders?q=%7B%22ids%22%3A%5B1%5D%7D").status()).as("JSON text").isEqualTo(200);
        assertThat(http.get(base + "/api/v3/orders?q=%7B%22ids%22%3A%5B%22x%22%5D%7D").status()).isEqualTo(400);
        assertThat(http.get(base + "/api/v3/orders?q=ids").status()).as("not JSON").isEqualTo(400);
    }

    @Test
    void headerParametersNamedAcceptContentTypeOrAuthorizationAreIgnored() {
        Http.Answer answer = http.get(base + "/api/v3/orders", "Accept", "application/json", "Authorization", "Bearer x");

        assertThat(answer.status()).isEqualTo(200);
    }

    @Test
    void formBodiesAreTakenWhenValidTheirAllOfPartsAndRepeatedFieldsIncluded() {
        Http.Answer form = http.send("POST", base + "/api/v3/orders", "application/x-www-form-urlencoded",
                "items=ab&items=cd&quantity=2&gift=true");
        RequestBody multipart = new MultipartBody.Builder().setType(MultipartBody.FORM).addFormDataPart("item", "ab")
                .addFormDataPart("receipt", "r.txt", RequestBody.create("paid", MediaType.get("text/plain"))).build();
        Http.Answer parts = http.call("POST", base + "/api/v3/orders", multipart);

        assertThat(form.status()).as(form.body()).isEqualTo(201);
        assertThat(parts.status()).as(parts.body()).isEqualTo(201);
        assertThat(http.send("POST", base + "/api/v3/orders", "application/x-www-form-urlencoded",
                "items=ab&items=c&quantity=2").status()).as("an item too short").isEqualTo(400);
        assertThat(http.send("POST", base + "/api/v3/orders", "application/x-www-form-urlencoded",
                "items=ab&quantity=2&gift=maybe").status()).as("gift is a boolean (from the allOf part)").isEqualTo(400);
    }

    @Test
    void anExampleThatBreaksItsSchemaIsAnsweredWithAValidValueAndAHeaderSayingWhy() throws Exception {
        ContractDocument doc = ContractDocument.parse("shop.yaml", Files.readString(shop()));
        Http.Answer created = http.send("POST", base + "/api/v3/orders", "application/x-www-form-urlencoded",
                "items=ab&quantity=1");

        assertThat(created.status()).isEqualTo(201);
        assertThat(doc.validator().validate("/components/schemas/Order", created.json(), "answer")).isEmpty();
        assertThat(created.header(DeclaredResponses.REPLACED_HEADER)).contains("breaks its schema at /status");
        assertThat(mocks.problems(api)).extracting(Finding::pointer)
                .containsExactlyInAnyOrder("/paths/~1orders/post/responses/201/content/application~1json/example/status", "/paths");
        JsonNode listed = http.get(base + "/api/v3/orders").json();
        assertThat(listed.isArray()).isTrue();
    }

    @Test
    void strictRefusesToStartOnTheDocumentsProblems() {
        Api strict = Api.fromFiles("shop-strict", List.of(shop()), List.of(), 0);
        MockOptions options = MockOptions.builder().apis(strict).port(strict, 0).strict(true).build();

        BrokenContractException e = catchThrowableOfType(BrokenContractException.class, () -> MockServers.start(options).close());

        assertThat(e).isNotNull();
        assertThat(e.findings()).extracting(Finding::pointer)
                .contains("/paths/~1orders/post/responses/201/content/application~1json/example/status");
    }
}
