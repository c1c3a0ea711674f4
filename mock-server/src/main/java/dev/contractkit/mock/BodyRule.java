package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;
import org.mockserver.model.HttpRequest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks a request body against the operation's {@code requestBody}: present when required, a declared media
 * type (415 otherwise), and for JSON media types valid JSON that fits the schema.
 */
final class BodyRule {
    private final ContractDocument document;
    private final Optional<String> bodyPointer;
    private final boolean required;
    private final List<String> mediaTypes = new ArrayList<>();

    BodyRule(ContractDocument document, ContractDocument.Operation operation) {
        this.document = document;
        this.bodyPointer = operation.requestBody();
        this.required = bodyPointer.map(p -> document.at(p).path("required").asBoolean(false)).orElse(false);
        bodyPointer.ifPresent(p -> document.at(p + "/content").fieldNames().forEachRemaining(mediaTypes::add));
    }

    Optional<Violation> problem(HttpRequest request) {
        if (bodyPointer.isEmpty()) {
            return Optional.empty();
        }
        byte[] body = request.getBodyAsRawBytes();
        if (body == null || body.length == 0) {
            return required ? Optional.of(new Violation(400, "request body is required")) : Optional.empty();
        }
        String contentType = Requests.header(request, "Content-Type");
        Optional<String> media = declared(contentType);
        if (media.isEmpty()) {
            return Optional.of(new Violation(415, "content type '" + contentType + "' is not accepted; send one of "
                    + String.join(", ", mediaTypes)));
        }
        String schema = Pointers.append(bodyPointer.get() + "/content", media.get()) + "/schema";
        boolean form = Json.baseType(media.get()).equals("application/x-www-form-urlencoded");
        if ((!Json.isJson(media.get()) && !form) || document.at(schema).isMissingNode()) {
            return Optional.empty();
        }
        JsonNode value;
        if (form) {
            value = form(new String(body, java.nio.charset.StandardCharsets.UTF_8), schema);
        } else {
            try {
                value = Json.MAPPER.readTree(body);
            } catch (IOException e) {
                return Optional.of(new Violation(400, "request body is not valid JSON"));
            }
        }
        List<Finding> findings = document.validator().validate(schema, value, "request body");
        return findings.isEmpty() ? Optional.empty()
                : Optional.of(new Violation(400, Violation.describe("request body", findings.get(0))));
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

    /**
     * A form body as the object its schema describes: each field once (the first value), typed as the schema's
     * property says when the text is such a value (so {@code size=abc} stays a string and fails the schema).
     */
    static com.fasterxml.jackson.databind.node.ObjectNode form(String text, String schema, ContractDocument document) {
        com.fasterxml.jackson.databind.node.ObjectNode out = Json.MAPPER.createObjectNode();
        JsonNode properties = document == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance()
                : document.resolve(document.at(schema)).path("properties");
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String raw = eq < 0 ? "" : decode(pair.substring(eq + 1));
            if (out.has(name)) {
                continue;
            }
            String type = document == null ? "string" : document.resolve(properties.path(name)).path("type").asText("string");
            try {
                switch (type) {
                    case "integer" -> out.put(name, new java.math.BigInteger(raw));
                    case "number" -> out.put(name, new java.math.BigDecimal(raw));
                    case "boolean" -> {
                        if (raw.equals("true") || raw.equals("false")) {
                            out.put(name, Boolean.parseBoolean(raw));
                        } else {
                            out.put(name, raw);
                        }
                    }
                    default -> out.put(name, raw);
                }
            } catch (NumberFormatException e) {
                out.put(name, raw);
            }
        }
        return out;
    }

    private JsonNode form(String text, String schema) {
        return form(text, schema, document);
    }

    private static String decode(String s) {
        try {
            return java.net.URLDecoder.decode(s, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
