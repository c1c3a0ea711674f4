package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The model profiles the operator configured (settings, never the API): each an OpenAI-compatible chat-completions
 * endpoint (OpenAI, OpenRouter, DeepSeek, vLLM, Ollama ...) called through langchain4j's
 * {@link OpenAiStreamingChatModel}. {@code deterministic} (the workspace file's) needs none of this.
 *
 * <p>Settings: {@code agent.model-profiles} = ids, comma-separated; per id {@code agent.model.<id>.model} and
 * {@code .endpoint} (the base URL, e.g. {@code https://api.openai.com/v1}), the key from {@code .api-key-env} (an
 * environment variable's name) or {@code .api-key-file} (a file's path; a local server may need neither),
 * optional {@code .name}, {@code .description}, {@code .timeout} (ISO 8601, default 60 s). The key is read at
 * start, kept in the client only, and never listed, logged or sent anywhere but to the endpoint.
 *
 * <p>In {@code platform} because two APIs use them: the agent (a run names its profile) and the answers engine
 * ({@code answers.model-profile}).
 */
public final class ModelProfiles {
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    /** A configured profile; {@code client} calls its endpoint and gives up after {@code timeout}. */
    public record Profile(String id, String name, String description, String model, String endpoint, boolean hasKey,
                          Duration timeout, StreamingChatModel client) {
    }

    private final Map<String, Profile> profiles;

    private ModelProfiles(Map<String, Profile> profiles) {
        this.profiles = profiles;
    }

    /**
     * @param settings the server's settings
     * @param env      the environment (a key's variable is read from it)
     * @throws IllegalArgumentException naming the setting that is missing or wrong (never a key)
     */
    public static ModelProfiles from(Settings settings, Function<String, String> env) {
        Map<String, Profile> out = new LinkedHashMap<>();
        for (String id : settings.list("agent.model-profiles")) {
            if (!ID.matcher(id).matches() || id.equals("deterministic")) {
                throw new IllegalArgumentException("setting " + Settings.envName("agent.model-profiles")
                        + ": '" + id + "' is not a profile id (lower-case letters, digits and '-'; not 'deterministic')");
            }
            String prefix = "agent.model." + id + ".";
            String model = required(settings, prefix + "model");
            String endpoint = required(settings, prefix + "endpoint");
            URI uri;
            try {
                uri = URI.create(endpoint);
            } catch (IllegalArgumentException e) {
                uri = null;
            }
            if (uri == null || uri.getHost() == null || uri.getUserInfo() != null || !List.of("http", "https").contains(String.valueOf(uri.getScheme()))) {
                throw new IllegalArgumentException("setting " + Settings.envName(prefix + "endpoint")
                        + " must be an http(s) URL without credentials, such as https://api.openai.com/v1");
            }
            String key = key(settings, prefix, env);
            Duration timeout = timeout(settings, prefix + "timeout");
            OpenAiStreamingChatModel.OpenAiStreamingChatModelBuilder b = OpenAiStreamingChatModel.builder()
                    .baseUrl(endpoint).modelName(model).timeout(timeout)
                    .returnThinking(true) // DeepSeek's (and vLLM's) reasoning_content: REASONING_* events
                    .logRequests(false).logResponses(false);
            if (uri.getScheme().equals("http")) {
                // no h2c upgrade on a plain-http endpoint (a local model server): the JDK's client sends the POST with
                // "Upgrade: h2c" and may send it again when the server does not upgrade, a second paid model call
                b.httpClientBuilder(JdkHttpClient.builder().httpClientBuilder(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)));
            }
            b.apiKey(key == null ? "none" : key); // a local server takes any value; the client wants one
            out.put(id, new Profile(id, settings.get(prefix + "name", id), settings.get(prefix + "description",
                    model + " at " + uri.getScheme() + "://" + uri.getAuthority()), model, endpoint, key != null, timeout, b.build()));
        }
        return new ModelProfiles(out);
    }

    private static String required(Settings settings, String key) {
        return settings.get(key).orElseThrow(() -> new IllegalArgumentException("setting " + Settings.envName(key)
                + " is required for the model profile named in " + Settings.envName("agent.model-profiles")));
    }

    /** @return the key, or null when the profile names none */
    private static String key(Settings settings, String prefix, Function<String, String> env) {
        Optional<String> variable = settings.get(prefix + "api-key-env");
        Optional<String> file = settings.get(prefix + "api-key-file");
        if (variable.isPresent() && file.isPresent()) {
            throw new IllegalArgumentException("settings " + Settings.envName(prefix + "api-key-env") + " and "
                    + Settings.envName(prefix + "api-key-file") + ": set one of them");
        }
        if (variable.isPresent()) {
            String v = env.apply(variable.get());
            if (v == null || v.isBlank()) {
                throw new IllegalArgumentException("setting " + Settings.envName(prefix + "api-key-env")
                        + " names the environment variable " + variable.get() + ", which is not set");
            }
            return v.trim();
        }
        if (file.isPresent()) {
            try {
                String v = Files.readString(Path.of(file.get()), StandardCharsets.UTF_8).trim();
                if (v.isEmpty()) {
                    throw new IllegalArgumentException("setting " + Settings.envName(prefix + "api-key-file")
                            + ": the file " + file.get() + " is empty");
                }
                return v;
            } catch (IOException e) {
                throw new IllegalArgumentException("setting " + Settings.envName(prefix + "api-key-file")
                        + ": cannot read the file " + file.get() + " (" + e.getClass().getSimpleName() + ")");
            }
        }
        return null;
    }

    private static Duration timeout(Settings settings, String key) {
        Duration d = settings.duration(key);
        if (d.isZero()) {
            throw new IllegalArgumentException("setting " + Settings.envName(key) + " must be longer than zero, such as 60s");
        }
        return d;
    }

    /** @return the profile, or empty for {@code deterministic} and unknown ids */
    public Optional<Profile> find(String id) {
        return Optional.ofNullable(id == null ? null : profiles.get(id));
    }

    /** @return the configured profiles' ids, in the order of the setting */
    public List<String> ids() {
        return List.copyOf(profiles.keySet());
    }

    /** @return the profiles as workspace entries ({@code modelProfiles} of the workspace file): no key, ever */
    public List<ObjectNode> entries(ObjectMapper mapper) {
        List<ObjectNode> out = new ArrayList<>();
        for (Profile p : profiles.values()) {
            out.add(mapper.createObjectNode().put("id", p.id()).put("name", p.name()).put("description", p.description())
                    .put("enabled", true).put("default", false).put("provider", "openai-compatible")
                    .put("model", p.model()).put("endpoint", p.endpoint()).put("hasKey", p.hasKey()));
        }
        return out;
    }
}
