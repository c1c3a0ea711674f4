package dev.contractkit.sdkgen;

import dev.contractkit.specs.dialect.ErrorShape;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.openapitools.codegen.utils.ModelUtils;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a document's error bodies hold the error code, the message and the request id, as JSON pointers: from each
 * error schema's {@code x-kit-error} (a 4xx, 5xx or default response's JSON schema), else derived from its
 * properties ({@code code}, {@code message}, {@code request_id}/{@code requestId} at the top or in an {@code error}
 * object; a string {@code error} as the code). The generated client hands them to the SDK's {@code ErrorFormat}, so
 * the exception family parses no API's errors by itself.
 */
final class ErrorShapes {
    private static final List<String> REQUEST_IDS = List.of("request_id", "requestId");

    private ErrorShapes() {
    }

    /**
     * The pointers as Java expressions.
     *
     * @param code      {@code List.of("/error/code", ...)}
     * @param message   the same for the message
     * @param requestId the same for the request id
     */
    record Shape(String code, String message, String requestId) {
    }

    static Shape of(OpenAPI openAPI) {
        Set<String> code = new LinkedHashSet<>();
        Set<String> message = new LinkedHashSet<>();
        Set<String> requestId = new LinkedHashSet<>();
        Set<Schema<?>> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        if (openAPI.getPaths() != null) {
            openAPI.getPaths().values().forEach(item -> item.readOperations().forEach(op ->
                    errorSchemas(openAPI, op).stream().filter(seen::add).forEach(schema -> {
                        ErrorShape shape = ErrorShape.of(schema.getExtensions()).orElseGet(() -> derive(openAPI, schema));
                        code.addAll(shape.code());
                        message.addAll(shape.message());
                        requestId.addAll(shape.requestId());
                    })));
        }
        return new Shape(java(code), java(message), java(requestId));
    }

    private static List<Schema<?>> errorSchemas(OpenAPI openAPI, Operation op) {
        List<Schema<?>> out = new ArrayList<>();
        if (op.getResponses() == null) {
            return out;
        }
        op.getResponses().forEach((status, r) -> {
            if (!(status.startsWith("4") || status.startsWith("5") || status.equals("default"))) {
                return;
            }
            ApiResponse response = ModelUtils.getReferencedApiResponse(openAPI, r);
            if (response == null || response.getContent() == null) {
                return;
            }
            for (Map.Entry<String, MediaType> e : response.getContent().entrySet()) {
                if (e.getKey().contains("json") && e.getValue().getSchema() != null) {
                    Schema<?> schema = ModelUtils.getReferencedSchema(openAPI, e.getValue().getSchema());
                    if (schema != null) {
                        out.add(schema);
                    }
                }
            }
        });
        return out;
    }

    @SuppressWarnings("rawtypes")
    private static ErrorShape derive(OpenAPI openAPI, Schema<?> schema) {
        List<String> code = new ArrayList<>();
        List<String> message = new ArrayList<>();
        List<String> requestId = new ArrayList<>();
        Map<String, Schema> top = properties(openAPI, schema);
        Schema<?> error = top.containsKey("error") ? ModelUtils.getReferencedSchema(openAPI, top.get("error")) : null;
        Map<String, Schema> inner = error == null ? Map.of() : properties(openAPI, error);
        if (inner.containsKey("code")) {
            code.add("/error/code");
        }
        if (top.containsKey("code")) {
            code.add("/code");
        }
        if (error != null && inner.isEmpty() && !"object".equals(error.getType())) {
            code.add("/error");
        }
        if (inner.containsKey("message")) {
            message.add("/error/message");
        }
        if (top.containsKey("message")) {
            message.add("/message");
        }
        REQUEST_IDS.stream().filter(inner::containsKey).forEach(n -> requestId.add("/error/" + n));
        REQUEST_IDS.stream().filter(top::containsKey).forEach(n -> requestId.add("/" + n));
        return new ErrorShape(code, message, requestId);
    }

    @SuppressWarnings("rawtypes")
    private static Map<String, Schema> properties(OpenAPI openAPI, Schema<?> schema) {
        Schema<?> s = ModelUtils.getReferencedSchema(openAPI, schema);
        return s == null || s.getProperties() == null ? Map.of() : s.getProperties();
    }

    private static String java(Set<String> pointers) {
        return "java.util.List.of(" + pointers.stream().map(p -> "\"" + p.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
                .collect(Collectors.joining(", ")) + ")";
    }
}
