package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Whether a request carries the credentials an operation's security requirements ask for. By default a mock
 * accepts any value, so only presence and form are checked; given accepted credentials ({@code --credential}),
 * any other value is refused too, so clients (and the conformance suite) can test their handling of a bad key: the header, query parameter or cookie of an {@code apiKey}
 * scheme (in the form of its {@code x-kit-credential-format}, e.g. {@code Token token={credential}}), the
 * {@code Authorization} scheme of an {@code http} scheme, a bearer token for OAuth 2 / OpenID Connect.
 * Requirements are alternatives; the schemes of one requirement must all be present. A scheme whose values are
 * JWTs ({@code bearerFormat: JWT}, OAuth 2, OpenID Connect, {@code x-kit-token-format: JWT}) takes only tokens
 * {@link MockTokens} accepts (unless accepted credentials are configured).
 */
final class Credentials {
    private static final String FORMAT = "x-kit-credential-format";

    private final List<List<Predicate<Incoming>>> alternatives;

    private Credentials(List<List<Predicate<Incoming>>> alternatives) {
        this.alternatives = alternatives;
    }

    static Credentials of(ContractDocument doc, ContractDocument.Operation op, Set<String> accepted, MockTokens tokens) {
        if (op.isPublic()) {
            return new Credentials(List.of());
        }
        JsonNode security = op.node().has("security") ? op.node().get("security") : doc.root().path("security");
        // a document in the kit's dialect gets JWTs checked against the mock's token endpoint; any other document
        // (one nobody here wrote, without x-kit keys) has no such endpoint, so any bearer value is accepted
        boolean kitDialect = doc.text().contains("x-kit-");
        List<List<Predicate<Incoming>>> alternatives = new ArrayList<>();
        for (JsonNode requirement : security) {
            List<Predicate<Incoming>> all = new ArrayList<>();
            for (Iterator<String> names = requirement.fieldNames(); names.hasNext(); ) {
                all.add(scheme(doc.resolve(doc.root().path("components").path("securitySchemes").path(names.next())), accepted,
                        tokens, kitDialect));
            }
            alternatives.add(List.copyOf(all));
        }
        return new Credentials(List.copyOf(alternatives));
    }

    /** @return true when the operation is public or the request satisfies one of its requirements */
    boolean presentIn(Incoming request) {
        return alternatives.isEmpty()
                || alternatives.stream().anyMatch(all -> all.stream().allMatch(p -> p.test(request)));
    }

    /** Whether a value of this scheme must be a JWT: {@code bearerFormat: JWT}, OAuth 2, OpenID Connect. */
    static boolean jwt(JsonNode scheme) {
        String type = scheme.path("type").asText();
        return type.equals("oauth2") || type.equals("openIdConnect")
                || "JWT".equalsIgnoreCase(scheme.path("bearerFormat").asText())
                || "JWT".equalsIgnoreCase(scheme.path("x-kit-token-format").asText());
    }

    private static Predicate<Incoming> scheme(JsonNode scheme, Set<String> accepted, MockTokens tokens, boolean jwt) {
        Predicate<String> valid = jwt && jwt(scheme) && accepted.isEmpty() ? v -> tokens.claims(v).isPresent() : v -> true;
        return switch (scheme.path("type").asText()) {
            case "apiKey" -> apiKey(scheme, accepted, valid);
            case "http" -> authorization(scheme.path("scheme").asText("bearer"), accepted, valid);
            case "oauth2", "openIdConnect" -> authorization("bearer", accepted, valid);
            default -> request -> true; // mutualTLS, or a scheme the contract does not define: nothing to check here
        };
    }

    private static Predicate<Incoming> apiKey(JsonNode scheme, Set<String> accepted, Predicate<String> valid) {
        Pattern form = scheme.has(FORMAT) ? formPattern(scheme.get(FORMAT).asText()) : Pattern.compile(".*\\S.*");
        String name = scheme.path("name").asText();
        String in = scheme.path("in").asText();
        return request -> {
            List<String> values = apiKeyValues(in, name, request); // read once per request
            return values.stream().map(form::matcher).anyMatch(m -> m.matches()
                    && (accepted.isEmpty() || accepted.contains(m.groupCount() > 0 ? m.group(1) : m.group())))
                    && values.stream().anyMatch(valid);
        };
    }

    private static List<String> apiKeyValues(String in, String name, Incoming request) {
        return switch (in) {
            case "query" -> request.query(name);
            case "cookie" -> request.cookie(name);
            default -> request.headers(name);
        };
    }

    /** {@code Token token={credential}} becomes {@code \QToken token=\E\S.*}. */
    private static Pattern formPattern(String format) {
        int at = format.indexOf("{credential}");
        if (at < 0) {
            return Pattern.compile(Pattern.quote(format));
        }
        String before = format.substring(0, at);
        String after = format.substring(at + "{credential}".length());
        return Pattern.compile((before.isEmpty() ? "" : Pattern.quote(before)) + "(\\S.*?)"
                + (after.isEmpty() ? "" : Pattern.quote(after)));
    }

    private static Predicate<Incoming> authorization(String httpScheme, Set<String> accepted, Predicate<String> valid) {
        String prefix = httpScheme.toLowerCase(Locale.ROOT) + " ";
        return request -> request.headers("Authorization").stream()
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).startsWith(prefix) && !v.substring(prefix.length()).isBlank()
                        && (accepted.isEmpty() || accepted.contains(v.substring(prefix.length()).trim()))
                        && valid.test(v.substring(prefix.length()).trim()));
    }
}
