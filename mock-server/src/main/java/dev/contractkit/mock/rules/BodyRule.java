package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.AccessModes;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;

/**
 * Checks a request body against the operation's {@code requestBody}: present when required, a declared media
 * type (415 otherwise), and for JSON media types valid JSON that fits the schema; a form-encoded body is checked
 * against its schema too, its values typed by the schema ({@link FormBody}). Under a declared media range
 * ({@code *}{@code /*}, {@code application/*}) the body is read as its own content type says (JSON, form).
 */
public final class BodyRule {
    private final ContractDocument document;
    private final Optional<String> bodyPointer;
    private final boolean required;
    private final List<String> mediaTypes = new ArrayList<>();

    public BodyRule(ContractDocument document, ContractDocument.Operation operation) {
        this.document = document;
        this.bodyPointer = operation.requestBody();
        this.required = bodyPointer.map(p -> document.at(p).path("required").asBoolean(false)).orElse(false);
        bodyPointer.ifPresent(p -> document.at(p + "/content").fieldNames().forEachRemaining(mediaTypes::add));
    }

    public Optional<RequestViolation> problem(Incoming request) {
        if (bodyPointer.isEmpty()) {
            return Optional.empty();
        }
        byte[] body = request.body();
        if (body.length == 0) {
            return required ? Optional.of(new RequestViolation(400, "request body is required")) : Optional.empty();
        }
        String contentType = request.header("Content-Type");
        Optional<String> media = declared(contentType);
        if (media.isEmpty()) {
            return Optional.of(new RequestViolation(415, "content type '" + contentType + "' is not accepted; send one of "
                    + String.join(", ", mediaTypes)));
        }
        String schema = Pointers.append(bodyPointer.get() + "/content", media.get()) + "/schema";
        if (document.at(schema).isMissingNode()) {
            return Optional.empty();
        }
        // under a media range (*/*, application/*) the body is read as what the request says it is
        String as = Json.baseType(media.get()).contains("*") ? Json.baseType(contentType) : Json.baseType(media.get());
        JsonNode value;
        if (as.equals("application/x-www-form-urlencoded")) {
            String text = new String(body, StandardCharsets.UTF_8);
            // a form the document types as one string (spoonacular: text=...) is that string, not its fields
            value = document.resolve(document.at(schema)).path("type").asText("").equals("string")
                    ? TextNode.valueOf(text) : FormBody.decode(text, document, schema);
        } else if (!Json.isJson(as)) {
            return Optional.empty();
        } else {
            try {
                value = Json.MAPPER.readTree(body);
            } catch (IOException e) {
                return Optional.of(new RequestViolation(400, "request body is not valid JSON"));
            }
        }
        List<Finding> findings = AccessModes.filter(document, schema, "readOnly",
                document.validator().validate(schema, value, "request body"));
        return findings.isEmpty() ? Optional.empty()
                : Optional.of(new RequestViolation(400, RequestViolation.describe("request body", findings.get(0))));
    }

    /** The declared media type the request's content type falls under; the first one when the request names none. */
    private Optional<String> declared(String contentType) {
        if (contentType.isBlank()) {
            return mediaTypes.stream().findFirst();
        }
        String base = Json.baseType(contentType);
        String family = base.contains("/") ? base.substring(0, base.indexOf('/')) + "/*" : base;
        return mediaTypes.stream().filter(m -> {
            String declared = Json.baseType(m);
            return declared.equals(base) || declared.equals(family) || declared.equals("*/*");
        }).findFirst();
    }
}
