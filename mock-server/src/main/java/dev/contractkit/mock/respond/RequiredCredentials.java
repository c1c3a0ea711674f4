package dev.contractkit.mock.respond;

import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.Keyword;
import dev.contractkit.specs.dialect.SecurityScheme;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.state.MockTokens;

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
final class RequiredCredentials {
    private static final Pattern ANY = Pattern.compile(".*\\S.*");
    private static final int SEEN_LIMIT = 1024;
    private final List<List<Predicate<Incoming>>> alternatives;
    private final List<Function<Incoming, Optional<String>>> refusals;
    private final Optional<String> challenge;

    private RequiredCredentials(List<List<Predicate<Incoming>>> alternatives,
                                List<Function<Incoming, Optional<String>>> refusals, Optional<String> challenge) {
        this.alternatives = alternatives;
        this.refusals = refusals;
        this.challenge = challenge;
    }

    static RequiredCredentials of(ContractDocument doc, ContractDocument.Operation op, Set<String> accepted, MockTokens tokens) {
        if (op.isPublic()) {
            return new RequiredCredentials(List.of(), List.of(), Optional.empty());
        }
        // a document in the kit's dialect gets JWTs checked against the mock's token endpoint; any other document
        // (one nobody here wrote, without x-kit keys) has no such endpoint, so any bearer value is accepted
        boolean kitDialect = doc.mentions(Keyword.PREFIX);
        Map<String, SecurityScheme> schemes = SecurityScheme.all(doc.root(), doc::resolve);
        List<List<Predicate<Incoming>>> alternatives = new ArrayList<>();
        List<Function<Incoming, Optional<String>>> refusals = new ArrayList<>();
        Optional<String> challenge = Optional.empty();
        for (List<String> requirement : SecurityScheme.requirements(doc.root(), op.node())) {
            List<Predicate<Incoming>> all = new ArrayList<>();
            for (String name : requirement) {
                SecurityScheme scheme = schemes.get(name);
                all.add(scheme == null ? request -> true : scheme(scheme, accepted, tokens, kitDialect));
                if (scheme != null) {
                    refusals.add(refusal(scheme, accepted, tokens, kitDialect));
                    challenge = challenge.or(() -> authScheme(scheme));
                }
            }
            alternatives.add(List.copyOf(all));
        }
        return new RequiredCredentials(List.copyOf(alternatives), List.copyOf(refusals), challenge);
    }

    /**
     * The 401 for a request {@link #presentIn} refused. One that sent no credential a scheme reads gets the
     * contract's example; one that sent a credential that is not taken gets the reason in the body's message (not
     * "send it", since it was sent), with an RFC 6750 {@code error="invalid_token"} challenge for a bearer token.
     * Both carry {@code WWW-Authenticate} for an {@code Authorization} scheme (RFC 9110 section 11.6.1).
     */
    Reply unauthorized(Incoming request, ErrorReplies errors, Optional<DeclaredResponses> own) {
        Optional<String> reason = refusals.stream().map(r -> r.apply(request)).flatMap(Optional::stream).findFirst();
        if (reason.isEmpty()) {
            Reply missing = errors.example(401, own);
            return challenge.map(c -> missing.withHeader("WWW-Authenticate", c)).orElse(missing);
        }
        boolean bearer = challenge.filter("Bearer"::equals).isPresent();
        Reply invalid = errors.reply(401, own, (bearer ? "invalid token: " : "invalid credential: ") + reason.get());
        return challenge.map(c -> invalid.withHeader("WWW-Authenticate", bearer
                ? "Bearer error=\"invalid_token\", error_description=\"" + quoted(reason.get()) + "\"" : c)).orElse(invalid);
    }

    private static String quoted(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** The {@code Authorization} scheme a challenge names: {@code Bearer}, {@code Basic}; none for an API key. */
    private static Optional<String> authScheme(SecurityScheme scheme) {
        return switch (scheme.type()) {
            case "oauth2", "openIdConnect" -> Optional.of("Bearer");
            case "http" -> Optional.of(scheme.httpScheme().equalsIgnoreCase("bearer") ? "Bearer"
                    : scheme.httpScheme().substring(0, 1).toUpperCase(Locale.ROOT) + scheme.httpScheme().substring(1));
            default -> Optional.empty();
        };
    }

    /** Why the credential the request sent for this scheme is not taken; empty when it sent none (or it is taken). */
    private static Function<Incoming, Optional<String>> refusal(SecurityScheme scheme, Set<String> accepted,
                                                                MockTokens tokens, boolean jwt) {
        boolean checksJwt = jwt && scheme.jwt() && accepted.isEmpty();
        return request -> {
            List<String> sent;
            String prefix = "";
            if (scheme.type().equals("apiKey")) {
                sent = apiKeyValues(scheme.in(), scheme.parameterName(), request);
            } else if (authScheme(scheme).isPresent()) {
                prefix = (scheme.type().equals("http") ? scheme.httpScheme() : "bearer").toLowerCase(Locale.ROOT) + " ";
                String p = prefix;
                sent = request.headers("Authorization").stream().filter(v -> v.toLowerCase(Locale.ROOT).startsWith(p))
                        .map(v -> v.substring(p.length()).trim()).toList();
            } else {
                return Optional.empty();
            }
            if (sent.isEmpty()) {
                return Optional.empty();
            }
            String value = sent.get(0);
            if (value.isBlank()) {
                return Optional.of("the credential is empty");
            }
            if (scheme.type().equals("apiKey") && scheme.form().filter(f -> !f.matcher(value).matches()).isPresent()) {
                return Optional.of("'" + scheme.parameterName() + "' is not in the form the contract gives ("
                        + scheme.form().get().pattern() + ")");
            }
            if (!accepted.isEmpty()) {
                Matcher m = scheme.form().orElse(ANY).matcher(value);
                boolean taken = scheme.type().equals("apiKey")
                        ? m.matches() && accepted.contains(m.groupCount() > 0 ? m.group(1) : m.group())
                        : acceptedValue(prefix, value, accepted);
                return taken ? Optional.empty()
                        : Optional.of("the credential is not one of the mock's accepted credentials (--credential)");
            }
            return checksJwt ? tokens.problem(value).or(() -> Optional.of("the token is not accepted")) : Optional.empty();
        };
    }

    /** @return true when the operation is public or the request satisfies one of its requirements */
    boolean presentIn(Incoming request) {
        if (alternatives.isEmpty()) {
            return true;
        }
        for (List<Predicate<Incoming>> all : alternatives) { // per request: loops, no streams
            boolean every = true;
            for (Predicate<Incoming> p : all) {
                if (!p.test(request)) {
                    every = false;
                    break;
                }
            }
            if (every) {
                return true;
            }
        }
        return false;
    }

    private static Predicate<Incoming> scheme(SecurityScheme scheme, Set<String> accepted, MockTokens tokens, boolean jwt) {
        Predicate<String> valid = jwt && scheme.jwt() && accepted.isEmpty() ? v -> tokens.claims(v).isPresent() : v -> true;
        return switch (scheme.type()) {
            case "apiKey" -> apiKey(scheme, accepted, valid);
            case "http" -> authorization(scheme.httpScheme(), accepted, valid);
            case "oauth2", "openIdConnect" -> authorization("bearer", accepted, valid);
            default -> request -> true; // mutualTLS, or a scheme the contract does not define: nothing to check here
        };
    }

    private static Predicate<Incoming> apiKey(SecurityScheme scheme, Set<String> accepted, Predicate<String> valid) {
        Pattern form = scheme.form().orElse(ANY);
        String name = scheme.parameterName();
        String in = scheme.in();
        // the verdict on a value's form (and acceptance) per value seen: a client sends the same key on every request
        Map<String, Boolean> seen = new ConcurrentHashMap<>();
        return request -> {
            List<String> values = apiKeyValues(in, name, request); // read once per request
            boolean formed = false;
            for (String v : values) {
                Boolean verdict = seen.get(v);
                if (verdict == null) {
                    Matcher m = form.matcher(v);
                    verdict = m.matches() && (accepted.isEmpty() || accepted.contains(m.groupCount() > 0 ? m.group(1) : m.group()));
                    if (seen.size() < SEEN_LIMIT) {
                        seen.put(v, verdict);
                    }
                }
                if (verdict) {
                    formed = true;
                    break;
                }
            }
            if (!formed) {
                return false;
            }
            for (String v : values) {
                if (valid.test(v)) {
                    return true;
                }
            }
            return false;
        };
    }

    private static List<String> apiKeyValues(String in, String name, Incoming request) {
        return switch (in) {
            case "query" -> request.query(name);
            case "cookie" -> request.cookie(name);
            default -> request.headers(name);
        };
    }

    private static Predicate<Incoming> authorization(String httpScheme, Set<String> accepted, Predicate<String> valid) {
        String prefix = httpScheme.toLowerCase(Locale.ROOT) + " ";
        return request -> request.headers("Authorization").stream()
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).startsWith(prefix) && !v.substring(prefix.length()).isBlank()
                        && (accepted.isEmpty() || acceptedValue(prefix, v.substring(prefix.length()).trim(), accepted))
                        && valid.test(v.substring(prefix.length()).trim()));
    }

    /**
     * A Basic credential matches an accepted value given as {@code user:password} (what {@code ./kit conform
     * --credential} takes) as well as in its Base64 form; any other scheme's value as it is.
     */
    private static boolean acceptedValue(String prefix, String value, Set<String> accepted) {
        if (accepted.contains(value)) {
            return true;
        }
        if (!prefix.equals("basic ")) {
            return false;
        }
        try {
            return accepted.contains(new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }
}
