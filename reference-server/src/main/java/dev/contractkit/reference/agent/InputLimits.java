package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Settings;
import io.helidon.http.Status;

import java.util.Map;

/**
 * Size limits of a run request beyond the contract's (which caps ids, names and the number of messages): the text
 * of one message ({@code agent.max-message-chars}, default {@value #MESSAGE_CHARS}) and the text of the whole
 * request ({@code agent.max-input-chars}, default {@value #INPUT_CHARS}: messages, context, state, forwardedProps,
 * tools). Checked before anything reads the text; over a limit: 413 {@code PAYLOAD_TOO_LARGE}.
 *
 * @param messageChars the most characters of one message's text
 * @param inputChars   the most characters of all the strings (and field names) of the request
 */
record InputLimits(int messageChars, int inputChars) {
    static final int MESSAGE_CHARS = 32_000;
    static final int INPUT_CHARS = 256_000;
    static final String MESSAGE_SETTING = "agent.max-message-chars";
    static final String INPUT_SETTING = "agent.max-input-chars";

    static InputLimits from(Settings settings) {
        return new InputLimits(positive(settings, MESSAGE_SETTING, MESSAGE_CHARS), positive(settings, INPUT_SETTING, INPUT_CHARS));
    }

    private static int positive(Settings settings, String key, int fallback) {
        int v = settings.getInt(key, fallback);
        if (v < 1) {
            throw new IllegalArgumentException("setting " + Settings.envName(key) + " must be 1 or more, was " + v);
        }
        return v;
    }

    /** @throws ApiError 413 when a message or the whole request has more text than allowed */
    void check(JsonNode input) {
        JsonNode messages = input.path("messages");
        for (int i = 0; messages.isArray() && i < messages.size(); i++) {
            JsonNode content = messages.get(i).path("content");
            if (chars(content, messageChars) > messageChars) {
                throw tooLarge("messages[" + i + "].content: longer than " + messageChars + " characters (setting "
                        + Settings.envName(MESSAGE_SETTING) + ")");
            }
        }
        if (chars(input, inputChars) > inputChars) {
            throw tooLarge("body: more than " + inputChars + " characters of text (setting "
                    + Settings.envName(INPUT_SETTING) + ")");
        }
    }

    private static ApiError tooLarge(String message) {
        return new ApiError(Status.REQUEST_ENTITY_TOO_LARGE_413, "PAYLOAD_TOO_LARGE", message);
    }

    /** @return the characters of the value's strings and field names, counting stops once above {@code limit} */
    private static long chars(JsonNode node, int limit) {
        if (node.isTextual()) {
            return node.textValue().length();
        }
        long sum = 0;
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                sum += e.getKey().length() + chars(e.getValue(), limit);
                if (sum > limit) {
                    return sum;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                sum += chars(item, limit);
                if (sum > limit) {
                    return sum;
                }
            }
        }
        return sum;
    }
}
