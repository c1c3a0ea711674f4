package dev.contractkit.sdkgen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What real documents hold that openapi-generator mishandles on its own, changed before it generates:
 * <ul>
 *   <li>{@code x-internal: true} on a schema: openapi-generator writes no model for it, yet the models and operations
 *       referring to it still name the class (codat.io); the client writes the model;</li>
 *   <li>a named example that is a {@code $ref} elsewhere than an existing {@code #/components/examples/X} (e.g. into
 *       another operation's response, as digitalocean.com does): openapi-generator fails on the operation
 *       ("Could not process operation"); the client has no use for examples, so such an example is dropped;</li>
 *   <li>a {@code default} on a schema without a type (superset): written as a bare name that does not compile;
 *       dropped;</li>
 *   <li>an {@code allOf} of a {@code oneOf}/{@code anyOf} and more parts (influxdata): a class extending an
 *       interface; the union's part is left out (an {@code allOf} of the union alone: {@link UnionAliases}).</li>
 * </ul>
 */
final class DocumentRepairs {
    private static final String EXAMPLES = "#/components/examples/";

    private final OpenAPI api;

    private DocumentRepairs(OpenAPI api) {
        this.api = api;
    }

    /** @param api the document, changed in place */
    static void apply(OpenAPI api) {
        DocumentRepairs r = new DocumentRepairs(api);
        if (api.getComponents() != null) {
            if (api.getComponents().getSchemas() != null) {
                api.getComponents().getSchemas().values().forEach(DocumentRepairs::notInternal);
                Set<Schema<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
                api.getComponents().getSchemas().values().forEach(s -> r.walk(s, seen));
            }
            each(api.getComponents().getResponses(), r::response);
            each(api.getComponents().getRequestBodies(), b -> r.content(b.getContent()));
            each(api.getComponents().getParameters(), p -> r.examples(p.getExamples()));
        }
        if (api.getPaths() != null) {
            api.getPaths().values().forEach(item -> item.readOperations().forEach(r::operation));
        }
    }

    private static <T> void each(Map<String, T> map, Consumer<T> action) {
        if (map != null) {
            map.values().forEach(action);
        }
    }

    private static void notInternal(Schema<?> schema) {
        if (schema != null && schema.getExtensions() != null) {
            schema.getExtensions().remove("x-internal");
        }
    }

    /**
     * A default on a schema without a type (superset's {@code configuration_method: {default: sqlalchemy_form}}):
     * the property is an {@code Object}, and openapi-generator writes the default as a bare name that does not
     * compile; the client needs no default, so it is dropped.
     */
    private void walk(Schema<?> schema, Set<Schema<?>> seen) {
        if (schema == null || !seen.add(schema) || seen.size() > 100_000) {
            return;
        }
        noUnionParent(schema);
        if (schema.getDefault() != null && schema.getType() == null && (schema.getTypes() == null || schema.getTypes().isEmpty())
                && schema.get$ref() == null && schema.getEnum() == null && schema.getAllOf() == null
                && schema.getOneOf() == null && schema.getAnyOf() == null) {
            schema.setDefault(null);
        }
        if (schema.getProperties() != null) {
            schema.getProperties().values().forEach(p -> walk(p, seen));
        }
        walk(schema.getItems(), seen);
        if (schema.getAdditionalProperties() instanceof Schema<?> extra) {
            walk(extra, seen);
        }
        for (List<Schema> parts : Arrays.asList(schema.getAllOf(), schema.getOneOf(), schema.getAnyOf())) {
            if (parts != null) {
                parts.forEach(p -> walk(p, seen));
            }
        }
    }

    /**
     * An {@code allOf} of a {@code oneOf}/{@code anyOf} and more properties (influxdata's template summary checks):
     * openapi-generator writes a class extending the union's interface, which does not compile; the union's part is
     * left out, the class keeps the other parts' properties (the union's fields are still read, as unknown ones).
     */
    private void noUnionParent(Schema<?> schema) {
        if (schema.getAllOf() == null || schema.getAllOf().size() < 2) {
            return;
        }
        schema.getAllOf().removeIf(part -> union(part.get$ref()));
    }

    private boolean union(String ref) {
        String prefix = "#/components/schemas/";
        if (ref == null || !ref.startsWith(prefix)) {
            return false;
        }
        Schema<?> target = api.getComponents().getSchemas().get(ref.substring(prefix.length()));
        return target != null && target.getProperties() == null && target.getAllOf() == null
                && (target.getOneOf() != null && !target.getOneOf().isEmpty()
                || target.getAnyOf() != null && !target.getAnyOf().isEmpty());
    }

    private void operation(Operation op) {
        if (op.getParameters() != null) {
            op.getParameters().forEach(p -> {
                examples(p.getExamples());
                content(p.getContent());
            });
        }
        if (op.getRequestBody() != null) {
            content(op.getRequestBody().getContent());
        }
        if (op.getResponses() != null) {
            op.getResponses().values().forEach(this::response);
        }
    }

    private void response(ApiResponse response) {
        content(response.getContent());
    }

    private void content(Content content) {
        if (content != null) {
            content.values().forEach(m -> examples(m.getExamples()));
        }
    }

    private void examples(Map<String, Example> examples) {
        if (examples != null) {
            examples.values().removeIf(e -> e == null || e.get$ref() != null && !known(e.get$ref()));
        }
    }

    private boolean known(String ref) {
        Map<String, Example> components = api.getComponents() == null ? null : api.getComponents().getExamples();
        return ref.startsWith(EXAMPLES) && components != null
                && components.get(ref.substring(EXAMPLES.length())) != null;
    }
}
