package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.model.FileInfo;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code POST /api/v1/files} over a real socket: multipart/form-data (parsed by commons-fileupload2) and the raw body. */
class FilesUploadTest {
    static final MediaType BINARY = MediaType.get("application/octet-stream");

    @TempDir
    static Path dir;
    static KitServer server;
    static AgentHttp client;

    @BeforeAll
    static void start() {
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S"), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static byte[] binary(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + 7); // every byte value, including ones that are not UTF-8 (0x80-0xFF, CR, LF)
        }
        return b;
    }

    static AgentHttp.Reply post(String query, RequestBody body) throws Exception {
        Request r = new Request.Builder().url(server.url(Api.AGENT) + "/api/v1/files" + query).post(body).build();
        try (Response response = AgentHttp.HTTP.newCall(r).execute()) {
            String text = response.body().string();
            return new AgentHttp.Reply(response.code(), response.header("Content-Type"), AgentHttp.JSON.readTree(text), text);
        }
    }

    static byte[] download(JsonNode info) throws Exception {
        Request r = new Request.Builder().url(server.url(Api.AGENT) + info.path("downloadPath").asText()).build();
        try (Response response = AgentHttp.HTTP.newCall(r).execute()) {
            assertThat(response.code()).isEqualTo(200);
            return response.body().bytes();
        }
    }

    @Test
    void aMultipartUploadFromTheSdkDownloadsAsTheSameBytes() {
        byte[] bytes = binary(300_000);
        var sdk = AgentClient.builder().baseUrl(server.url(Api.AGENT)).token(AgentHttp.KIT_TOKEN).build();
        FileInfo info = sdk.uploadFile("blob.bin", bytes).execute();
        assertThat(info.getName()).isEqualTo("blob.bin");
        assertThat(info.getMediaType()).isEqualTo("application/octet-stream");
        assertThat(info.getSizeBytes()).isEqualTo(bytes.length);
        assertThat(sdk.downloadFile(info.getFileId()).execute()).isEqualTo(bytes);
        assertThat(sdk.uploadFile("targets.csv", "region,target\nAPAC,1\n".getBytes(StandardCharsets.UTF_8)).executeAsync().join()
                .getMediaType()).isEqualTo("text/csv");
    }

    @Test
    void thePartsFilenameNamesTheFileAndTheNameFieldOrTheNameQueryOverridesIt() throws Exception {
        byte[] bytes = {(byte) 0xFF, (byte) 0xFE, 0, '\r', '\n', '-', '-', (byte) 0xC3};
        AgentHttp.Reply byFilename = post("", new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", "raw.txt", RequestBody.create(bytes, BINARY)).build());
        assertThat(byFilename.status()).as(byFilename.text()).isEqualTo(201);
        assertThat(byFilename.body().path("name").asText()).isEqualTo("raw.txt");
        assertThat(byFilename.body().path("mediaType").asText()).isEqualTo("text/plain");
        assertThat(download(byFilename.body())).isEqualTo(bytes);

        AgentHttp.Reply overridden = post("", new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("name", "Umsätze 2026.json")
                .addFormDataPart("file", "upload.tmp", RequestBody.create(bytes, BINARY)).build());
        assertThat(overridden.status()).as(overridden.text()).isEqualTo(201);
        assertThat(overridden.body().path("name").asText()).isEqualTo("Umsätze 2026.json");
        assertThat(overridden.body().path("mediaType").asText()).isEqualTo("application/json");
        assertThat(download(overridden.body())).isEqualTo(bytes);

        AgentHttp.Reply byQuery = post("?name=notes.md", new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", "upload.tmp", RequestBody.create(bytes, BINARY)).build());
        assertThat(byQuery.status()).as(byQuery.text()).isEqualTo(201);
        assertThat(byQuery.body().path("name").asText()).isEqualTo("notes.md");
        assertThat(byQuery.body().path("mediaType").asText()).isEqualTo("text/markdown");
    }

    @Test
    void aMultipartBodyWithoutAFilePartIsABadRequest() throws Exception {
        AgentHttp.Reply reply = post("", new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("name", "targets.csv").build());
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().path("code").asText()).isEqualTo("INVALID_REQUEST");
        assertThat(reply.body().path("message").asText()).startsWith("file:");

        AgentHttp.Reply badName = post("", new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("name", "../etc/passwd")
                .addFormDataPart("file", "a.csv", RequestBody.create(binary(10), BINARY)).build());
        assertThat(badName.status()).isEqualTo(400);
        assertThat(badName.body().path("message").asText()).startsWith("name:");

        AgentHttp.Reply noBoundary = post("", RequestBody.create("x", MediaType.get("multipart/form-data")));
        assertThat(noBoundary.status()).isEqualTo(400);
        assertThat(noBoundary.body().path("code").asText()).isEqualTo("INVALID_REQUEST");
    }

    @Test
    void aFileAboveTenMebibytesIsRefusedWith413() throws Exception {
        byte[] tooLarge = binary(FilesEndpoint.MAX_BYTES + 1);
        AgentHttp.Reply multipart = post("", new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", "big.bin", RequestBody.create(tooLarge, BINARY)).build());
        assertThat(multipart.status()).isEqualTo(413);
        assertThat(multipart.body().path("code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");

        AgentHttp.Reply raw = post("?name=big.bin", RequestBody.create(tooLarge, BINARY));
        assertThat(raw.status()).isEqualTo(413);
        assertThat(raw.body().path("code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");

        AgentHttp.Reply atTheLimit = post("", new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", "limit.bin", RequestBody.create(binary(FilesEndpoint.MAX_BYTES), BINARY)).build());
        assertThat(atTheLimit.status()).isEqualTo(201);
    }

    @Test
    void theRawBodyWithANameQueryStillWorks() throws Exception {
        byte[] bytes = binary(1000);
        AgentHttp.Reply up = post("?name=raw.bin", RequestBody.create(bytes, BINARY));
        assertThat(up.status()).as(up.text()).isEqualTo(201);
        assertThat(up.body().path("name").asText()).isEqualTo("raw.bin");
        assertThat(download(up.body())).isEqualTo(bytes);

        AgentHttp.Reply noName = post("", RequestBody.create(bytes, BINARY));
        assertThat(noName.status()).isEqualTo(400);
        assertThat(noName.body().path("message").asText()).startsWith("name:");

        AgentHttp.Reply json = post("?name=x.json", RequestBody.create("{}", MediaType.get("application/json")));
        assertThat(json.status()).isEqualTo(415);
        assertThat(json.body().path("code").asText()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void theFileRoutesAreTheGeneratedStubsWithTheUploadOverridden() throws Exception {
        // the endpoint declares no routes: the contract's stub does, and its upload operation is the endpoint's
        assertThat(FilesService.class).isAssignableFrom(FilesEndpoint.class);
        assertThat(Arrays.stream(FilesEndpoint.class.getDeclaredMethods()).map(Method::getName))
                .contains("uploadFile").doesNotContain("routing");
        AgentHttp.Reply unsupported = post("", RequestBody.create("a,b\n", MediaType.get("text/csv")));
        assertThat(unsupported.status()).isEqualTo(415);
        assertThat(unsupported.body().path("code").asText()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");

        // the stub checks the download's path parameter against the contract (1 to 200 characters)
        Request tooLong = new Request.Builder().url(server.url(Api.AGENT) + "/api/v1/files/" + "f".repeat(201) + "/content").build();
        try (Response response = AgentHttp.HTTP.newCall(tooLong).execute()) {
            JsonNode body = AgentHttp.JSON.readTree(response.body().string());
            assertThat(response.code()).isEqualTo(400);
            assertThat(body.path("code").asText()).isEqualTo("INVALID_REQUEST");
            assertThat(body.path("message").asText()).contains("fileId");
        }
    }
}
