package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.mock.RecordedRequest;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kit's mock of the OpenAI-compatible chat-completions contract ({@code specs/openapi/models/chat-completions.yaml})
 * as a model provider for the tests of the model-backed agent and answers: started with an API key, scripted through
 * the mock's control API ({@code PUT /mockserver/kit/responses}, once per call), and asked what it received.
 */
public final class ChatCompletionsMock implements AutoCloseable {
    /** The chat-completions API of the catalogue. */
    public static final Api CHAT = Api.CHAT_COMPLETIONS;
    /** The operation every model call goes to. */
    public static final String OPERATION = "createChatCompletion";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final OkHttpClient HTTP = new OkHttpClient();
    private final MockServers mock;
    private final Path keyFile;

    private ChatCompletionsMock(MockServers mock, Path keyFile) {
        this.mock = mock;
        this.keyFile = keyFile;
    }

    /**
     * @param key the API key the mock requires
     * @param dir where the key's file for the server goes
     * @return the mock, listening on a free port
     * @throws IOException when the key's file cannot be written
     */
    public static ChatCompletionsMock start(String key, Path dir) throws IOException {
        Path keyFile = Files.writeString(dir.resolve("model-key"), key + "\n");
        return new ChatCompletionsMock(MockServers.start(MockOptions.builder().apis(CHAT).port(CHAT, 0).credential(CHAT, key).build()), keyFile);
    }

    /** @return the mock's base URL (its control API lives under it) */
    public String url() {
        return mock.url(CHAT);
    }

    /** @return the provider endpoint a model profile names ({@code .../v1}) */
    public String endpoint() {
        return url() + "/v1";
    }

    /**
     * @param settings the server's settings
     * @param profile  a profile id the settings list in {@code agent.model-profiles}
     * @return them with that profile on this mock ({@code gpt-4o-mini}, the key from its file)
     */
    public Settings withProfile(Settings settings, String profile) {
        return settings.with("agent.model." + profile + ".model", "gpt-4o-mini")
                .with("agent.model." + profile + ".endpoint", endpoint())
                .with("agent.model." + profile + ".api-key-file", keyFile.toString());
    }

    /** Forgets what was scripted and received. */
    public void reset() {
        mock.reset();
    }

    /** @return the model calls received since the last reset, oldest first */
    public List<RecordedRequest> sent() {
        return mock.received(CHAT, OPERATION);
    }

    /**
     * @param status the status every model call answers from now on, with the contract's example of it
     */
    public void failWith(int status) {
        mock.setResponse(CHAT, OPERATION, status, null);
    }

    /**
     * The next model call (once) answers with the contract's streamed example, then the default again.
     *
     * @param example the example's name in the contract
     * @throws IOException when the mock cannot be reached
     */
    public void answerOnceWithExample(String example) throws IOException {
        script(JSON.createObjectNode().put("example", example));
    }

    /**
     * The next model call (once) answers with this event stream.
     *
     * @param stream {@code text/event-stream} text
     * @throws IOException when the mock cannot be reached
     */
    public void answerOnceWithStream(String stream) throws IOException {
        script(JSON.createObjectNode().put("body", stream));
    }

    /**
     * The next model call (once) streams this text as the assistant's reply, then stops.
     *
     * @param content the reply's text
     * @throws IOException when the mock cannot be reached
     */
    public void answerOnceWithText(String content) throws IOException {
        String chunk = "{\"id\":\"chatcmpl-kit\",\"object\":\"chat.completion.chunk\",\"created\":1767225600,"
                + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"delta\":%s,\"finish_reason\":%s}]}";
        ObjectNode delta = JSON.createObjectNode().put("role", "assistant").put("content", content);
        answerOnceWithStream("data: " + chunk.formatted(delta, "null") + "\n\n"
                + "data: " + chunk.formatted("{}", "\"stop\"") + "\n\n" + "data: [DONE]\n\n");
    }

    private void script(ObjectNode spec) throws IOException {
        spec.put("operation", OPERATION).put("status", 200).put("times", 1);
        Request r = new Request.Builder().url(url() + "/mockserver/kit/responses")
                .put(RequestBody.create(spec.toString(), MediaType.get("application/json"))).build();
        try (Response res = HTTP.newCall(r).execute()) {
            assertThat(res.code()).as(res.body().string()).isEqualTo(200);
        }
    }

    @Override
    public void close() {
        mock.close();
    }
}
