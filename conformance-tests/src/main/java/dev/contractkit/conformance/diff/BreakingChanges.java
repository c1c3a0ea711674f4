package dev.contractkit.conformance.diff;

import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.openapitools.openapidiff.core.OpenApiCompare;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Every incompatible change between two OpenAPI contracts, computed by openapi-diff and listed one line each.
 * Paths are compared without their version prefix ({@code /api/v4/runners} and {@code /api/v5/runners} are
 * the same endpoint), so a new major version shows what it removes, not that every path moved.
 *
 * <pre>{@code
 * List<BreakingChange> changes = BreakingChanges.between(v4Text, v5Text);
 * changes.forEach(c -> System.out.println(c.line()));
 * }</pre>
 */
public final class BreakingChanges {
    private static final Pattern VERSION_PREFIX = Pattern.compile("^/api/v\\d+(?=/)");

    private BreakingChanges() {
    }

    /**
     * @param oldText the old contract (YAML or JSON)
     * @param newText the new contract
     * @return the incompatible changes, in document order
     * @throws IllegalArgumentException when a text is not an OpenAPI document
     */
    public static List<BreakingChange> between(String oldText, String newText) {
        ChangedOpenApi diff = OpenApiCompare.fromSpecifications(parse(oldText, "old"), parse(newText, "new"));
        return new ChangeWalker().walk(diff);
    }

    private static OpenAPI parse(String text, String which) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIParser().readContents(text, null, options);
        OpenAPI api = result.getOpenAPI();
        if (api == null || api.getPaths() == null) {
            throw new IllegalArgumentException("the " + which + " contract is not an OpenAPI document"
                    + (result.getMessages() == null || result.getMessages().isEmpty() ? ""
                    : ": " + String.join("; ", result.getMessages())));
        }
        Paths unversioned = new Paths();
        api.getPaths().forEach((path, item) -> unversioned.addPathItem(VERSION_PREFIX.matcher(path).replaceFirst(""), item));
        api.setPaths(unversioned);
        return api;
    }
}
