package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;

/**
 * A request under construction: typed parameter values and a body (JSON or form), turned into an {@link RelativeRequest}
 * with the target's headers and the credential placements.
 *
 * @param values parameter values by {@code in:name}; a parameter that is absent is left out
 * @param body   the body, if one is sent
 */
public record RequestDraft(Map<String, Value> values, Optional<Body> body) {

    public RequestDraft {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * One parameter's value.
     *
     * @param parameter the contract's parameter
     * @param value     its typed value
     */
    record Value(Parameter parameter, JsonNode value) {
    }

    /**
     * A request body, held as JSON and sent as JSON or as a form ({@code application/x-www-form-urlencoded}).
     *
     * @param mediaType     the declared media type it is sent as
     * @param schemaPointer its schema
     * @param value         the body
     */
    record Body(String mediaType, String schemaPointer, JsonNode value) {
        static final String FORM = "application/x-www-form-urlencoded";

        Body with(JsonNode newValue) {
            return new Body(mediaType, schemaPointer, newValue);
        }

        static final String BOUNDARY = "kit-conformance-boundary";

        /**
         * A request is sent in one media type, not a range: for a declared {@code *}{@code /*} or
         * {@code application/*}, JSON ({@code application/octet-stream} for a {@code format: binary} string);
         * {@code text/*} as {@code text/plain}; {@code multipart/*} as {@code multipart/form-data}. A concrete key
         * stays as it is.
         *
         * @param declared the key of the operation's request {@code content}
         * @param schema   its schema, resolved
         * @return the media type the body travels in
         */
        static String concrete(String declared, JsonNode schema) {
            String d = declared.toLowerCase(Locale.ROOT).split(";")[0].trim();
            return switch (d) {
                case "*/*", "application/*" -> schema.path("format").asText("").equals("binary")
                        ? "application/octet-stream" : "application/json";
                case "text/*" -> "text/plain";
                case "multipart/*" -> "multipart/form-data";
                default -> declared;
            };
        }

        boolean isForm() {
            return mediaType.toLowerCase(Locale.ROOT).startsWith(FORM);
        }

        boolean isJson() {
            return Contract.isJson(mediaType);
        }

        boolean isMultipart() {
            return mediaType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data");
        }

        /** @return the Content-Type it travels with */
        String contentType() {
            return isMultipart() ? "multipart/form-data; boundary=" + BOUNDARY : mediaType;
        }

        /**
         * @return the body as it travels: JSON text; the object's fields form-encoded; multipart parts (a field
         * whose value is an object {@code {"filename", "content"}} is a file); any other media type: the text as is
         */
        String text() {
            if (isMultipart()) {
                StringBuilder b = new StringBuilder();
                value.properties().forEach(f -> {
                    b.append("--").append(BOUNDARY).append("\r\n");
                    JsonNode v = f.getValue();
                    if (v.isObject() && v.has("filename")) {
                        b.append("Content-Disposition: form-data; name=\"").append(f.getKey()).append("\"; filename=\"")
                                .append(v.path("filename").asText()).append("\"\r\nContent-Type: text/plain\r\n\r\n")
                                .append(v.path("content").asText());
                    } else {
                        b.append("Content-Disposition: form-data; name=\"").append(f.getKey()).append("\"\r\n\r\n")
                                .append(v.isTextual() ? v.asText() : v.toString());
                    }
                    b.append("\r\n");
                });
                return b.append("--").append(BOUNDARY).append("--\r\n").toString();
            }
            if (!isForm() && !isJson()) {
                return value.isTextual() ? value.asText() : value.toString();
            }
            if (!isForm()) {
                return value.toString();
            }
            if (value.isTextual()) { // a form body the document types as a string (spoonacular): already encoded
                return value.asText();
            }
            List<String> pairs = new ArrayList<>();
            value.properties().forEach(f -> items(f.getValue()).forEach(v -> pairs.add(
                    URLEncoder.encode(f.getKey(), StandardCharsets.UTF_8) + "="
                            + URLEncoder.encode(v, StandardCharsets.UTF_8))));
            return String.join("&", pairs);
        }
    }

    static String key(Parameter p) {
        return p.in() + ":" + p.name();
    }

    RequestDraft with(Parameter p, JsonNode value) {
        Map<String, Value> copy = new LinkedHashMap<>(values);
        copy.put(key(p), new Value(p, value));
        return new RequestDraft(copy, body);
    }

    RequestDraft without(Parameter p) {
        Map<String, Value> copy = new LinkedHashMap<>(values);
        copy.remove(key(p));
        return new RequestDraft(copy, body);
    }

    RequestDraft withBody(Optional<Body> newBody) {
        return new RequestDraft(values, newBody);
    }

    /**
     * @param op       the operation
     * @param headers  the target's own headers
     * @param auth     credential placements
     * @param stripped {@code in:name} (lower-case name) of credentials to leave out of the target's headers
     * @return the request
     */
    RelativeRequest toCall(Operation op, List<Map.Entry<String, String>> headers, List<CredentialPlacer.Placement> auth,
                    List<String> stripped) {
        Map<String, String> path = new LinkedHashMap<>();
        List<Map.Entry<String, String>> query = new ArrayList<>();
        List<Map.Entry<String, String>> outHeaders = new ArrayList<>();
        List<String> cookies = new ArrayList<>();
        for (Map.Entry<String, String> h : headers) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            boolean replaced = auth.stream().anyMatch(a -> a.in().equals("header") && a.name().equalsIgnoreCase(name));
            if (!replaced && !stripped.contains("header:" + name)) {
                outHeaders.add(h);
            }
        }
        for (Value v : values.values()) {
            Parameter p = v.parameter();
            if (isCredential(p, auth, stripped)) {
                continue;
            }
            if (p.isContent()) { // one text in its media type: JSON, or a string as written for any other
                boolean json = Contract.isJson(p.node().path("content").fieldNames().next());
                String text = json || !v.value().isTextual() ? v.value().toString() : v.value().asText();
                switch (p.in()) {
                    case "path" -> path.put(p.name(), text);
                    case "query" -> query.add(Map.entry(p.name(), text));
                    case "header" -> outHeaders.add(Map.entry(p.name(), text));
                    case "cookie" -> cookies.add(p.name() + "=" + text);
                    default -> {
                    }
                }
                continue;
            }
            switch (p.in()) {
                case "path" -> path.put(p.name(), ParameterStyle.path(p, v.value()));
                case "query" -> query.addAll(ParameterStyle.query(p, v.value()));
                case "header" -> outHeaders.add(Map.entry(p.name(), ParameterStyle.simple(p, v.value())));
                case "cookie" -> cookies.add(p.name() + "=" + ParameterStyle.simple(p, v.value()));
                default -> {
                }
            }
        }
        for (CredentialPlacer.Placement a : auth) {
            switch (a.in()) {
                case "query" -> query.add(Map.entry(a.name(), a.value()));
                case "cookie" -> cookies.add(a.name() + "=" + a.value());
                default -> outHeaders.add(Map.entry(a.name(), a.value()));
            }
        }
        if (!cookies.isEmpty()) {
            outHeaders.add(Map.entry("Cookie", String.join("; ", cookies)));
        }
        return new RelativeRequest(op.method(), op.path(), path, query, outHeaders,
                body.map(b -> new RelativeRequest.Body(b.contentType(), b.text())));
    }

    /**
     * A parameter the document also names as a security scheme's place (an {@code apiKey} header declared among the
     * operation's parameters too, as vtex's documents do): the credential placed there, or withheld from there, is
     * what travels, never the parameter's example as a second value.
     */
    private static boolean isCredential(Parameter p, List<CredentialPlacer.Placement> auth, List<String> stripped) {
        String key = p.in() + ":" + p.name().toLowerCase(Locale.ROOT);
        return stripped.contains(key)
                || auth.stream().anyMatch(a -> a.in().equals(p.in()) && a.name().equalsIgnoreCase(p.name()));
    }

    /** @return a parameter value as it travels: text as is, numbers plain, arrays comma-joined */
    public static String text(JsonNode v) {
        if (v.isArray()) {
            return String.join(",", items(v));
        }
        if (v.isBigDecimal()) {
            return v.decimalValue().toPlainString();
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }

    private static List<String> items(JsonNode v) {
        if (!v.isArray()) {
            return List.of(text(v));
        }
        return StreamSupport.stream(v.spliterator(), false).map(RequestDraft::text).toList();
    }
}
