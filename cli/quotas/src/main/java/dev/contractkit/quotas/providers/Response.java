package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.io.IOException;

/**
 * One HTTP answer of a provider: status and body. Parsers take these, so they are tested on recorded answers.
 *
 * @param status the HTTP status
 * @param body   the body text
 */
record Response(int status, String body) {
    boolean ok() {
        return status >= 200 && status < 300;
    }

    /** @return the body as JSON, a missing node when it is not JSON */
    JsonNode json() {
        try {
            JsonNode n = ResultJson.mapper().readTree(body);
            return n == null ? MissingNode.getInstance() : n;
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }
}
