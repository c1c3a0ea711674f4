package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Refusals the schema cannot express: a response marked {@code x-kit-refusal: true} (a business rule said no;
 * false unless declared) and an operation's {@code x-kit-refusals}, regular expressions an answer body matching
 * one of which is a refusal (none unless declared).
 */
public final class Refusals {
    /** {@code x-kit-refusal} */
    public static final String RESPONSE_KEY = "x-kit-refusal";
    /** {@code x-kit-refusals} */
    public static final String OPERATION_KEY = "x-kit-refusals";

    private Refusals() {
    }

    /**
     * @param response a response's node
     * @return true when the contract marks it a refusal
     */
    public static boolean marked(JsonNode response) {
        return response.path(RESPONSE_KEY).asBoolean(false);
    }

    /**
     * @param operation an operation's node
     * @return its refusal patterns
     */
    public static List<Pattern> patterns(JsonNode operation) {
        List<Pattern> out = new ArrayList<>();
        operation.path(OPERATION_KEY).forEach(p -> out.add(Pattern.compile(p.asText())));
        return List.copyOf(out);
    }
}
