package dev.contractkit.mock;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolverFactory;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.SchemaSample;
import dev.contractkit.specs.check.Pointers;

/**
 * The public documents nobody here wrote ({@code specs/src/test/resources/contracts-outside}), a request for each
 * of their operations, and swagger-request-validator (Atlassian's, independent of the mock's own code) to judge
 * the answers against the document.
 */
final class OutsideContracts {
    private OutsideContracts() {
    }

    /** @return the directory of the outside documents, read from the module directory */
    static Path root() {
        Path dir = Path.of(System.getProperty("user.dir")).resolve("../specs/src/test/resources/contracts-outside").normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("no outside contracts at " + dir + " (run the tests from the mock-server directory)");
        }
        return dir;
    }

    /** @return the OpenAPI documents, sorted */
    static List<Path> openapi() {
        return list(root().resolve("openapi"));
    }

    /** @return the AsyncAPI documents, sorted */
    static List<Path> asyncapi() {
        return list(root().resolve("asyncapi"));
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().matches(".*\\.ya?ml$")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One request built from an operation: concrete path, query, headers, body. */
    record Call(String method, String path, String query, List<String> headers, String contentType, String body) {
        String url(String base) {
            return base + path + (query.isEmpty() ? "" : "?" + query);
        }
    }

    /**
     * A valid request for the operation: path and required query parameters from their examples (or a value of
     * their type), a credential in the place of its first security requirement, the body's example.
     */
    static Call call(ContractDocument doc, ContractDocument.Operation op) {
        String path = op.path();
        List<String> query = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        for (ContractDocument.Parameter p : op.parameters()) {
            JsonNode schema = doc.resolve(p.node().path("schema"));
            String value = value(doc, p.node(), schema);
            switch (p.in()) {
                case "path" -> path = path.replace("{" + p.name() + "}", value);
                case "query" -> {
                    if (p.required()) {
                        query.add(p.name() + "=" + value);
                    }
                }
                case "header" -> {
                    if (p.required()) {
                        headers.add(p.name());
                        headers.add(value);
                    }
                }
                default -> {
                }
            }
        }
        JsonNode security = op.node().has("security") ? op.node().get("security") : doc.root().path("security");
        if (security.size() > 0) {
            Iterator<String> names = security.get(0).fieldNames();
            while (names.hasNext()) {
                JsonNode scheme = doc.resolve(doc.at("/components/securitySchemes").path(names.next()));
                switch (scheme.path("type").asText()) {
                    case "apiKey" -> {
                        switch (scheme.path("in").asText()) {
                            case "query" -> query.add(scheme.path("name").asText() + "=any-key");
                            case "cookie" -> {
                                headers.add("Cookie");
                                headers.add(scheme.path("name").asText() + "=any-key");
                            }
                            default -> {
                                headers.add(scheme.path("name").asText());
                                headers.add("any-key");
                            }
                        }
                    }
                    case "http" -> {
                        headers.add("Authorization");
                        headers.add(scheme.path("scheme").asText().equalsIgnoreCase("basic")
                                ? "Basic dXNlcjpwYXNzd29yZA==" : "Bearer any-token");
                    }
                    case "oauth2", "openIdConnect" -> {
                        headers.add("Authorization");
                        headers.add("Bearer any-token");
                    }
                    default -> {
                    }
                }
            }
        }
        String contentType = null;
        String body = null;
        JsonNode requestBody = doc.resolve(op.node().path("requestBody"));
        if (requestBody.has("content")) {
            Iterator<String> types = requestBody.get("content").fieldNames();
            contentType = types.next();
            JsonNode media = requestBody.get("content").get(contentType);
            JsonNode example = media.has("example") ? media.get("example")
                    : media.has("examples") ? doc.resolve(media.get("examples").elements().next()).path("value")
                    : SchemaSample.of(doc, media.path("schema"));
            body = contentType.contains("form-urlencoded") ? form(example) : example.toString();
        }
        return new Call(op.method(), path, String.join("&", query), headers, contentType, body);
    }

    private static String form(JsonNode value) {
        List<String> pairs = new ArrayList<>();
        value.fields().forEachRemaining(e -> pairs.add(e.getKey() + "=" + URLEncoder.encode(
                e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString(), StandardCharsets.UTF_8)));
        return String.join("&", pairs);
    }

    private static String value(ContractDocument doc, JsonNode parameter, JsonNode schema) {
        JsonNode v = parameter.has("example") ? parameter.get("example")
                : parameter.has("examples") ? doc.resolve(parameter.get("examples").elements().next()).path("value")
                : SchemaSample.of(doc, schema);
        return v.isValueNode() ? v.asText() : v.toString();
    }

    /** Validates exchanges against one document with swagger-request-validator. */
    static final class Judge {
        private final OpenApiInteractionValidator validator;
        private final ContractDocument doc;

        /**
         * swagger-request-validator refuses to load a document its parser finds invalid (link-example has an
         * operation without responses): such a document is judged by the specs module's networknt validator
         * instead, against the schema of the declared response.
         */
        Judge(ContractDocument doc) {
            this.doc = doc;
            OpenApiInteractionValidator v;
            try {
                // its default treats a property another allOf part declares as undeclared (petstore-expanded's Pet)
                v = OpenApiInteractionValidator.createForInlineApiSpecification(doc.text())
                        .withLevelResolver(LevelResolverFactory.withAdditionalPropertiesIgnored())
                        .build();
            } catch (OpenApiInteractionValidator.ApiLoadException e) {
                v = null;
            }
            validator = v;
        }

        /** @return the validator's error messages about the response (empty when it fits the document) */
        List<String> responseErrors(Call call, Http.Answer answer) {
            if (validator == null) {
                return networkntErrors(call, answer);
            }
            SimpleRequest.Builder request = new SimpleRequest.Builder(call.method(), call.path());
            for (int i = 0; i < call.headers().size(); i += 2) {
                request.withHeader(call.headers().get(i), call.headers().get(i + 1));
            }
            if (call.body() != null) {
                request.withContentType(call.contentType()).withBody(call.body());
            }
            for (String pair : call.query().isEmpty() ? new String[0] : call.query().split("&")) {
                String[] kv = pair.split("=", 2);
                request.withQueryParam(kv[0], kv.length > 1 ? kv[1] : "");
            }
            SimpleResponse.Builder response = SimpleResponse.Builder.status(answer.status());
            answer.headers().names().forEach(n -> response.withHeader(n, answer.headers().values(n)));
            if (!answer.body().isEmpty()) {
                response.withBody(answer.body());
            }
            ValidationReport report = validator.validate(request.build(), response.build());
            return report.getMessages().stream()
                    .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
                    .filter(m -> m.getKey().startsWith("validation.response"))
                    .map(m -> m.getKey() + ": " + m.getMessage().replace('\n', ' ') + " " + m.getNestedMessages().stream()
                            .map(n -> n.getMessage().replace('\n', ' ')).toList())
                    .toList();
        }

        private List<String> networkntErrors(Call call, Http.Answer answer) {
            ContractDocument.Operation op = doc.operations().stream()
                    .filter(o -> o.method().equals(call.method()) && OutsideContracts.call(doc, o).path().equals(call.path()))
                    .findFirst().orElseThrow();
            if (op.responses().isEmpty()) {
                return List.of(); // OpenAPI 3.1 lets an operation declare no response: nothing to hold the answer to
            }
            String response = op.responses().getOrDefault(String.valueOf(answer.status()), op.responses().get("default"));
            if (response == null) {
                return List.of("status " + answer.status() + " is not declared by " + op.operationId());
            }
            JsonNode content = doc.at(response + "/content");
            if (!content.isObject() || content.isEmpty()) {
                return answer.body().isEmpty() ? List.of() : List.of("a body where " + op.operationId() + " declares none");
            }
            String type = answer.contentType().replaceFirst(";.*", "").trim();
            if (!content.has(type)) {
                return List.of("content type '" + type + "' is not declared by " + op.operationId());
            }
            try {
                return doc.validator().validate(doc.resolvePointer(Pointers.append(
                                response + "/content", type) + "/schema"), Json.MAPPER.readTree(answer.body()), op.operationId())
                        .stream().map(Object::toString).toList();
            } catch (IOException e) {
                return List.of("not JSON: " + answer.body());
            }
        }
    }
}
