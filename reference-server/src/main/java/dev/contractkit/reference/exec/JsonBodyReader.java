package dev.contractkit.reference.exec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;

import java.io.IOException;
import java.io.InputStream;

/** Reads a JSON request body of at most a given size (413 {@code body_too_large} beyond it). */
final class JsonBodyReader {
    private JsonBodyReader() {
    }

    static JsonNode json(ServerRequest req, ObjectMapper mapper, int maxBytes) {
        if (!req.content().hasEntity()) {
            throw Translator.bad("a JSON body is required");
        }
        byte[] bytes;
        try (InputStream in = req.content().inputStream()) {
            bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw new ApiError(Status.REQUEST_ENTITY_TOO_LARGE_413, "body_too_large",
                        "request body is larger than " + maxBytes + " bytes");
            }
        } catch (IOException e) {
            throw Translator.bad("cannot read the request body: " + e.getMessage());
        }
        try {
            JsonNode node = mapper.readTree(bytes);
            if (node == null || node.isMissingNode()) {
                throw Translator.bad("a JSON body is required");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw Translator.bad("malformed JSON body: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")"));
        } catch (IOException e) {
            throw Translator.bad("malformed JSON body: " + e.getMessage());
        }
    }
}
