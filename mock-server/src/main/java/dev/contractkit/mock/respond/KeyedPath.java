package dev.contractkit.mock.respond;

import dev.contractkit.mock.http.PathTemplate;
import dev.contractkit.specs.check.ContractDocument;
import org.mockserver.model.HttpRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What tells apart operations a document writes on one path with a key after it, as AWS documents (and their
 * APIs-guru conversions) do: {@code DELETE /tags/{arn}#tagKeys} beside {@code GET /tags/{arn}},
 * {@code POST /#X-Amz-Target=Service.Action}, {@code GET /{Bucket}?acl}. A client sends the path without the key and
 * the key as a query parameter or a header; each name of the key ({@code a&b}, {@code name=value}) becomes a
 * condition on the request: the operation's own parameter of that name where it declares one (query or header), else
 * a header for an {@code X-} name with a value ({@code X-Amz-Target=...}). Names OpenAPI says to ignore ({@code Accept},
 * {@code Content-Type}, {@code Authorization}) and other names the operation does not declare add none (Azure's
 * {@code #overload=stream}, {@code #disambiguation_dummy}); where the key adds none, the operation's request body
 * media types do ({@code Content-Type}).
 */
final class KeyedPath {
    private static final Set<String> IGNORED = Set.of("accept", "content-type", "authorization");

    private KeyedPath() {
    }

    /** @return the request matcher for the key's conditions; empty when the template has no key or it adds none */
    static Optional<HttpRequest> matcher(ContractDocument.Operation op, PathTemplate path) {
        if (path.key().isEmpty()) {
            return Optional.empty();
        }
        HttpRequest request = HttpRequest.request().withMethod(op.method()).withPath(path.wireRegex());
        boolean any = false;
        for (String item : path.key().substring(1).split("&")) {
            int eq = item.indexOf('=');
            String name = eq < 0 ? item : item.substring(0, eq);
            // MockServer takes a missing parameter for one whose value matches an empty text: a name alone after
            // '#' wants some value; after '?' ({Bucket}?acl) clients send it empty, so absence cannot be told apart
            String written = eq < 0 ? "" : item.substring(eq + 1);
            String value = written.contains("{") ? ".*" // ?page={page}: any value of that parameter
                    : eq >= 0 ? Pattern.quote(written) : path.key().startsWith("#") ? ".+" : ".*";
            if (name.isBlank() || IGNORED.contains(name.toLowerCase(Locale.ROOT))) {
                continue;
            }
            Optional<String> in = op.parameters().stream().filter(p -> p.name().equalsIgnoreCase(name))
                    .map(ContractDocument.Parameter::in).findFirst();
            String where = in.orElse(eq >= 0 && name.regionMatches(true, 0, "x-", 0, 2) ? "header" : "");
            switch (where) {
                case "query" -> request.withQueryStringParameter(name, value);
                case "header" -> request.withHeader(name, value);
                default -> {
                    continue;
                }
            }
            any = true;
        }
        if (!any && op.requestBody().isPresent()) { // Azure's /analyze#overload=stream: told apart by its body's type
            List<String> types = new ArrayList<>();
            op.document().at(op.requestBody().get() + "/content").fieldNames().forEachRemaining(m -> types.add(mediaRange(m)));
            if (!types.isEmpty()) {
                request.withHeader("Content-Type", "(?i)(" + String.join("|", types) + ")(\\s*;.*)?");
                any = true;
            }
        }
        return any ? Optional.of(request) : Optional.empty();
    }

    /** A declared media type (or range, {@code image/*}) as a regular expression of the type a request names. */
    private static String mediaRange(String declared) {
        String base = declared.contains(";") ? declared.substring(0, declared.indexOf(';')).strip() : declared.strip();
        return Pattern.quote(base).replace("*", "\\E[^;]*\\Q");
    }
}
