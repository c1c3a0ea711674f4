package dev.contractkit.conformance.diff;

import io.swagger.v3.oas.models.media.Schema;
import org.openapitools.openapidiff.core.model.ChangedApiResponse;
import org.openapitools.openapidiff.core.model.ChangedContent;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;
import org.openapitools.openapidiff.core.model.ChangedOperation;
import org.openapitools.openapidiff.core.model.ChangedParameter;
import org.openapitools.openapidiff.core.model.ChangedSchema;
import org.openapitools.openapidiff.core.model.Endpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Walks openapi-diff's model and keeps the leaves it marks incompatible, each with its place. Two request
 * changes that openapi-diff counts as compatible are breaking for the kit's contracts, whose request schemas
 * are closed ({@code additionalProperties: false}): a removed request property (a client still sending it is
 * refused) and a property that stops being {@code nullable} (a client sending null is refused). Both are
 * read from the same openapi-diff model.
 */
final class ChangeWalker {
    private final List<BreakingChange> out = new ArrayList<>();

    List<BreakingChange> walk(ChangedOpenApi diff) {
        for (Endpoint e : diff.getMissingEndpoints()) {
            out.add(new BreakingChange(e.getMethod() + " " + e.getPathUrl(), "", "endpoint removed"));
        }
        for (ChangedOperation op : diff.getChangedOperations()) {
            operation(op);
        }
        return List.copyOf(out);
    }

    private void operation(ChangedOperation op) {
        String endpoint = op.getHttpMethod() + " " + op.getPathUrl();
        if (op.getParameters() != null && op.getParameters().isIncompatible()) {
            op.getParameters().getMissing().forEach(p ->
                    out.add(new BreakingChange(endpoint, p.getIn() + " parameter " + p.getName(), "parameter removed")));
            for (ChangedParameter p : op.getParameters().getChanged()) {
                if (!p.isIncompatible()) {
                    continue;
                }
                String where = p.getIn() + " parameter " + p.getName();
                if (p.getSchema() != null && p.getSchema().isIncompatible()) {
                    schema(endpoint, where, p.getSchema());
                } else {
                    out.add(new BreakingChange(endpoint, where, "parameter changed"));
                }
            }
        }
        if (op.getRequestBody() != null && op.getRequestBody().isDifferent()) {
            content(endpoint, "request body", op.getRequestBody().getContent(), true);
        }
        ChangedApiResponse responses = op.getApiResponses();
        if (responses != null && responses.isIncompatible()) {
            responses.getMissing().keySet().forEach(code ->
                    out.add(new BreakingChange(endpoint, "response " + code, "response removed")));
            responses.getChanged().forEach((code, r) -> {
                if (r.isIncompatible()) {
                    content(endpoint, "response " + code + " body", r.getContent(), false);
                }
            });
        }
    }

    private void content(String endpoint, String where, ChangedContent content, boolean request) {
        if (content == null || !content.isDifferent()) {
            return;
        }
        if (content.isIncompatible()) {
            content.getMissing().keySet().forEach(type ->
                    out.add(new BreakingChange(endpoint, where + " " + type, "media type removed")));
        }
        content.getChanged().forEach((type, media) -> {
            if (media.getSchema() == null) {
                return;
            }
            if (request) {
                requestSchema(endpoint, where, media.getSchema());
            } else if (media.getSchema().isIncompatible()) {
                schema(endpoint, where, media.getSchema());
            }
        });
    }

    /** openapi-diff's own findings plus the two rules for closed request schemas. */
    private void requestSchema(String endpoint, String where, ChangedSchema s) {
        if (s.isIncompatible()) {
            schema(endpoint, where, s);
            return;
        }
        if (Boolean.FALSE.equals(s.getNewSchema() == null ? null : s.getNewSchema().getAdditionalProperties())) {
            for (String name : s.getMissingProperties().keySet()) {
                out.add(new BreakingChange(endpoint, where + " ." + name, "property removed (the schema is closed)"));
            }
        }
        if (s.getNullable() != null && Boolean.TRUE.equals(s.getNullable().getLeft())
                && !Boolean.TRUE.equals(s.getNullable().getRight())) {
            out.add(new BreakingChange(endpoint, where, "null no longer allowed"));
        }
        for (Map.Entry<String, ChangedSchema> p : s.getChangedProperties().entrySet()) {
            requestSchema(endpoint, where + " ." + p.getKey(), p.getValue());
        }
    }

    private void schema(String endpoint, String where, ChangedSchema s) {
        int before = out.size();
        for (String name : s.getMissingProperties().keySet()) {
            out.add(new BreakingChange(endpoint, where + " ." + name, "property removed"));
        }
        if (s.getEnumeration() != null && s.getEnumeration().isIncompatible()) {
            List<?> added = s.getEnumeration().getIncreased();
            List<?> removed = s.getEnumeration().getMissing();
            out.add(new BreakingChange(endpoint, where, "enum changed"
                    + (added.isEmpty() ? "" : ", values added " + added)
                    + (removed.isEmpty() ? "" : ", values removed " + removed)));
        }
        boolean onlyRemovedOnes = s.getRequired() != null && s.getRequired().getIncreased().isEmpty()
                && s.getMissingProperties().keySet().containsAll(s.getRequired().getMissing());
        if (s.getRequired() != null && s.getRequired().isIncompatible() && !onlyRemovedOnes) {
            out.add(new BreakingChange(endpoint, where, "required properties changed, added "
                    + s.getRequired().getIncreased() + ", removed " + s.getRequired().getMissing()));
        }
        if (s.isChangedType()) {
            out.add(new BreakingChange(endpoint, where, "type changed from " + type(s.getOldSchema())
                    + " to " + type(s.getNewSchema())));
        }
        for (Map.Entry<String, ChangedSchema> p : s.getChangedProperties().entrySet()) {
            if (p.getValue().isIncompatible()) {
                schema(endpoint, where + " ." + p.getKey(), p.getValue());
            }
        }
        if (s.getItems() != null && s.getItems().isIncompatible()) {
            schema(endpoint, where + "[]", s.getItems());
        }
        if (out.size() == before) {
            // incompatible for a reason the walker does not name (constraints, formats ...): say so, never drop it
            out.add(new BreakingChange(endpoint, where, "schema changed incompatibly"));
        }
    }

    private static String type(Schema<?> schema) {
        return schema == null ? "none" : String.valueOf(schema.getType());
    }
}
