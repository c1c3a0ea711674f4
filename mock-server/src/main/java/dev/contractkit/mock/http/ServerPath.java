package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The path part of a document's first server URL ({@code servers[0].url}, its variables at their defaults; a
 * relative URL too), under which the mock serves the document's paths: petstore's {@code servers: [{url: /api/v3}]}
 * puts {@code /pet/{petId}} at {@code /api/v3/pet/1}. The paths stay served at the root as well: a request under the
 * server path is read without it when that matches one of the document's paths (so a path that would match both
 * ways is the document's path under the server path), any other request as it is.
 */
public final class ServerPath {
    private static final Pattern VARIABLE = Pattern.compile("\\{([^}]*)}");
    private static final Pattern ABSOLUTE = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:(//[^/?#]*)?");

    /** No server path: the document's paths at the root only. */
    public static final ServerPath NONE = new ServerPath("", List.of());

    private final String base;
    private final List<Pattern> templates;

    private ServerPath(String base, List<Pattern> templates) {
        this.base = base;
        this.templates = templates;
    }

    /** @return the server path of the first OpenAPI document; none when the documents disagree or have none */
    public static ServerPath of(List<ContractDocument> docs) {
        String base = null;
        List<Pattern> templates = new ArrayList<>();
        for (ContractDocument doc : docs) {
            String own = base(doc.root().path("servers").path(0));
            if (base != null && !base.equals(own)) {
                return NONE;
            }
            base = own;
            doc.operations().forEach(op -> templates.add(PathTemplate.parse(op.path()).pattern()));
        }
        return new ServerPath(base == null ? "" : base, List.copyOf(templates));
    }

    /**
     * @param server a server object (missing: none)
     * @return the path part of its URL with the variables at their defaults, e.g. {@code /api/v3}; "" for the root
     */
    static String base(JsonNode server) {
        String url = server.path("url").asText("");
        JsonNode variables = server.path("variables");
        Matcher m = VARIABLE.matcher(url);
        StringBuilder expanded = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(expanded, Matcher.quoteReplacement(variables.path(m.group(1)).path("default").asText("")));
        }
        m.appendTail(expanded);
        String path = ABSOLUTE.matcher(expanded.toString().trim()).replaceFirst("");
        int end = path.length();
        for (char c : new char[]{'?', '#'}) {
            int at = path.indexOf(c);
            end = at >= 0 ? Math.min(end, at) : end;
        }
        List<String> segments = new ArrayList<>();
        for (String segment : path.substring(0, end).split("/")) {
            if (segment.equals("..") && !segments.isEmpty()) {
                segments.remove(segments.size() - 1);
            } else if (!segment.isEmpty() && !segment.equals(".") && !segment.equals("..")) {
                segments.add(segment);
            }
        }
        return segments.isEmpty() ? "" : "/" + String.join("/", segments);
    }

    /** @return the server path, e.g. {@code /api/v3}; "" when the document's paths are served at the root only */
    public String base() {
        return base;
    }

    /**
     * @param uri a request target ({@code /api/v3/pet/1?x=1})
     * @return the target the document's paths are matched with ({@code /pet/1?x=1}), or empty when it stays as it is
     */
    public Optional<String> strip(String uri) {
        if (base.isEmpty() || !uri.startsWith(base)) {
            return Optional.empty();
        }
        String rest = uri.substring(base.length());
        if (!rest.isEmpty() && "/?#".indexOf(rest.charAt(0)) < 0) {
            return Optional.empty(); // /api/v30 is not under /api/v3
        }
        int q = rest.indexOf('?');
        String path = q < 0 ? rest : rest.substring(0, q);
        String inner = path.isEmpty() ? "/" : path;
        for (Pattern template : templates) {
            if (template.matcher(inner).matches()) {
                return Optional.of(inner + (q < 0 ? "" : rest.substring(q)));
            }
        }
        return Optional.empty();
    }
}
