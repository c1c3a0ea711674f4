package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * A security scheme with the kit's keys: where a credential goes and in what form
 * ({@code x-kit-credential-format}, e.g. {@code Token token={credential}}; unless declared the credential alone,
 * {@code Bearer {credential}} or {@code Basic {credential}}), whether its values are JWTs
 * ({@code x-kit-token-format: JWT}, {@code bearerFormat: JWT}, OAuth 2, OpenID Connect), the path of the token
 * endpoint that issues them ({@code x-kit-token-endpoint}) and the claim listing roles
 * ({@code x-kit-roles-claim}, {@link #DEFAULT_ROLES_CLAIM} unless declared).
 *
 * <pre>{@code
 * SecurityScheme s = SecurityScheme.all(doc.root(), doc::resolve).get("TokenAuth");
 * SecurityScheme.Placement p = s.place("secret"); // header Authorization: Token token=secret
 * }</pre>
 *
 * @param name             the scheme's name in {@code components/securitySchemes}
 * @param type             apiKey, http, oauth2, openIdConnect, mutualTLS
 * @param httpScheme       the {@code scheme} of an http scheme, lower case (empty for others)
 * @param in               header, query or cookie (an apiKey's; {@code header} for the others)
 * @param parameterName    the header, query parameter or cookie name ({@code Authorization} unless an apiKey)
 * @param credentialFormat the declared form, if any
 * @param jwt              true when values are JWTs
 * @param tokenEndpoint    the token endpoint's path, if declared
 * @param rolesClaim       the roles claim's path, if declared
 */
public record SecurityScheme(String name, String type, String httpScheme, String in, String parameterName,
                             Optional<String> credentialFormat, boolean jwt, Optional<String> tokenEndpoint,
                             Optional<String> rolesClaim) {
    /** {@code x-kit-credential-format} */
    public static final String CREDENTIAL_FORMAT = "x-kit-credential-format";
    /** {@code x-kit-token-format} */
    public static final String TOKEN_FORMAT = "x-kit-token-format";
    /** {@code x-kit-token-endpoint} */
    public static final String TOKEN_ENDPOINT = "x-kit-token-endpoint";
    /** {@code x-kit-roles-claim} */
    public static final String ROLES_CLAIM = "x-kit-roles-claim";
    /** The roles claim unless a scheme declares one. */
    public static final String DEFAULT_ROLES_CLAIM = "roles";
    private static final String CREDENTIAL = "{credential}";

    /**
     * Where a credential goes.
     *
     * @param in    header, query or cookie
     * @param name  header, parameter or cookie name
     * @param value the full value
     */
    public record Placement(String in, String name, String value) {
    }

    /**
     * @param name the scheme's name
     * @param node the scheme's object ({@code $ref} resolved)
     * @return the scheme
     */
    public static SecurityScheme of(String name, JsonNode node) {
        String type = node.path("type").asText();
        boolean apiKey = type.equals("apiKey");
        boolean jwt = type.equals("oauth2") || type.equals("openIdConnect")
                || "JWT".equalsIgnoreCase(node.path("bearerFormat").asText())
                || "JWT".equalsIgnoreCase(node.path(TOKEN_FORMAT).asText());
        return new SecurityScheme(name, type,
                type.equals("http") ? node.path("scheme").asText("bearer").toLowerCase(Locale.ROOT) : "",
                apiKey ? node.path("in").asText("header") : "header",
                apiKey ? node.path("name").asText() : "Authorization",
                text(node.path(CREDENTIAL_FORMAT)), jwt, text(node.path(TOKEN_ENDPOINT)), text(node.path(ROLES_CLAIM)));
    }

    /**
     * @param root    a document's root
     * @param resolve resolves a {@code $ref} object to its target
     * @return every scheme of {@code components/securitySchemes}, by name, in document order
     */
    public static Map<String, SecurityScheme> all(JsonNode root, UnaryOperator<JsonNode> resolve) {
        Map<String, SecurityScheme> out = new LinkedHashMap<>();
        root.path("components").path("securitySchemes").fields()
                .forEachRemaining(e -> out.put(e.getKey(), of(e.getKey(), resolve.apply(e.getValue()))));
        return out;
    }

    /**
     * @param root    a document's root
     * @param resolve resolves a {@code $ref} object to its target
     * @return the first declared {@code x-kit-roles-claim}, else {@link #DEFAULT_ROLES_CLAIM}
     */
    public static String rolesClaim(JsonNode root, UnaryOperator<JsonNode> resolve) {
        return all(root, resolve).values().stream().flatMap(s -> s.rolesClaim().stream()).findFirst()
                .orElse(DEFAULT_ROLES_CLAIM);
    }

    /**
     * The operation's security requirements (its own {@code security}, else the document's): alternatives, each
     * the names of schemes that must all be present.
     *
     * @param root      a document's root
     * @param operation an operation's node
     * @return the requirements; empty when there are none
     */
    public static List<List<String>> requirements(JsonNode root, JsonNode operation) {
        JsonNode security = operation.has("security") ? operation.get("security") : root.path("security");
        List<List<String>> out = new ArrayList<>();
        for (JsonNode requirement : security) {
            List<String> names = new ArrayList<>();
            for (Iterator<String> it = requirement.fieldNames(); it.hasNext(); ) {
                names.add(it.next());
            }
            out.add(List.copyOf(names));
        }
        return List.copyOf(out);
    }

    /**
     * @param credential the credential (a key, a token, {@code user:password} for basic)
     * @return where and in what form a request carries it
     */
    public Placement place(String credential) {
        if (type.equals("apiKey")) {
            return new Placement(in, parameterName, format(CREDENTIAL, credential));
        }
        if (type.equals("http") && httpScheme.equals("basic")) {
            String encoded = Base64.getEncoder().encodeToString(credential.getBytes(StandardCharsets.UTF_8));
            return new Placement("header", "Authorization", format("Basic " + CREDENTIAL, encoded));
        }
        return new Placement("header", "Authorization", format("Bearer " + CREDENTIAL, credential));
    }

    /**
     * @return a pattern values in the declared form match, group 1 the credential ({@code Token token={credential}}
     *         becomes {@code \QToken token=\E(\S.*?)}); empty when no form is declared
     */
    public Optional<Pattern> form() {
        return credentialFormat.map(f -> {
            int at = f.indexOf(CREDENTIAL);
            if (at < 0) {
                return Pattern.compile(Pattern.quote(f));
            }
            String before = f.substring(0, at);
            String after = f.substring(at + CREDENTIAL.length());
            return Pattern.compile((before.isEmpty() ? "" : Pattern.quote(before)) + "(\\S.*?)"
                    + (after.isEmpty() ? "" : Pattern.quote(after)));
        });
    }

    private String format(String fallback, String value) {
        return credentialFormat.orElse(fallback).replace(CREDENTIAL, value);
    }

    private static Optional<String> text(JsonNode n) {
        return n.isTextual() ? Optional.of(n.asText()) : Optional.empty();
    }
}
