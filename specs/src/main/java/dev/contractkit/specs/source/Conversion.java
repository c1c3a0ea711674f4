package dev.contractkit.specs.source;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What swagger-parser does for the reader: Swagger 2.0 to OpenAPI 3.0 (its converter), and several files into
 * one (its external-reference resolution: the other files' parts become components of the first). Loaded only
 * when a document needs it, so modules that read the kit's own contracts do not need swagger-parser.
 */
final class Conversion {
    private static final int MESSAGES_SHOWN = 3;

    private Conversion() {
    }

    /**
     * A document swagger-parser rewrote.
     *
     * @param json  the document as OpenAPI JSON
     * @param notes what was done to it, one line each
     */
    record Converted(String json, List<String> notes) {
    }

    /** A Swagger 2.0 document as OpenAPI 3.0 JSON. */
    static Converted swagger2(Path file, String text, JsonNode root, boolean external) {
        ParseOptions options = options(external);
        // a document without other files is handed over as JSON text, which swagger-parser reads without its
        // YAML size limit; one with other files by its location, so that the relative references resolve
        SwaggerParseResult result = external
                ? new OpenAPIParser().readLocation(file.toAbsolutePath().toString(), null, options)
                : new OpenAPIParser().readContents(Trees.isJson(text) ? text : root.toString(), null, options);
        List<String> notes = new ArrayList<>();
        notes.add("converted from Swagger " + root.path("swagger").asText() + " to OpenAPI 3.0 (swagger-parser's converter)");
        if (external) {
            notes.add("bundled: the $refs to other files became components of this document");
        }
        return source(file, result, false, notes);
    }

    /** An OpenAPI document whose references reach other files, as one document. */
    static Converted bundle(Path file, String version) {
        SwaggerParseResult result = new OpenAPIParser().readLocation(file.toAbsolutePath().toString(), null,
                options(true));
        List<String> notes = new ArrayList<>();
        notes.add("bundled: the $refs to other files became components of this document");
        return source(file, result, version.startsWith("3.1"), notes);
    }

    private static ParseOptions options(boolean resolve) {
        ParseOptions options = new ParseOptions();
        options.setResolve(resolve);
        options.setResolveFully(false);
        options.setFlatten(false);
        // swagger-parser's safe URL resolution (setSafelyResolveURL) also refuses relative file references
        // (2.1.36: "Failed to parse URL"), so it stays off: a $ref to a URL is fetched as Prism and swagger-parser do
        return options;
    }

    private static Converted source(Path file, SwaggerParseResult result, boolean v31, List<String> notes) {
        OpenAPI api = result.getOpenAPI();
        List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
        if (api == null) {
            throw new IllegalArgumentException(file + ": swagger-parser could not read it"
                    + (messages.isEmpty() ? "" : ": " + String.join("; ", messages.subList(0, Math.min(MESSAGES_SHOWN, messages.size())))));
        }
        if (!messages.isEmpty()) {
            notes.add("swagger-parser said " + messages.size() + " thing(s) of it, first: "
                    + String.join("; ", messages.subList(0, Math.min(MESSAGES_SHOWN, messages.size()))));
        }
        try {
            String json = (v31 ? Json31.mapper() : Json.mapper()).writeValueAsString(api);
            return new Converted(json, List.copyOf(notes));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": the converted document cannot be written ("
                    + e.getOriginalMessage() + ")", e);
        }
    }
}
