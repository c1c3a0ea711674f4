package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.RelativeRequest;
import dev.contractkit.conformance.cases.Transport;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.dialect.RequiredRole;
import dev.contractkit.specs.dialect.SecurityScheme;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Obtains bearer tokens for a contract whose security scheme names its token endpoint
 * ({@code x-kit-token-endpoint}, e.g. {@code /realms/{realm}/protocol/openid-connect/token}): one OAuth 2.0
 * password grant (form-encoded {@code grant_type=password}, {@code client_id}, {@code username},
 * {@code password}) per user the target gives. Path parameters of the endpoint (the realm) and the default
 * {@code client_id} come from the token operation's examples. Users are told apart by the roles in their
 * token ({@code x-kit-roles-claim}, e.g. {@code realm_access.roles}): the principal has every role some
 * operation requires ({@code x-kit-required-role}); a user lacking one of them is the lesser user.
 */
final class Tokens {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The credentials of a run.
     *
     * @param principal the credential of every positive request (the target's, or the best user's token)
     * @param lesser    a token without a role some operation requires, for {@code forbidden_role}
     * @param errors    what went wrong obtaining tokens
     * @param notes     what could not be done
     */
    record Obtained(Optional<String> principal, Optional<String> lesser, List<String> errors, List<String> notes) {
    }

    private Tokens() {
    }

    static Obtained obtain(Contract contract, ConformanceTarget target, Transport transport) {
        Optional<SecurityScheme> scheme = tokenScheme(contract);
        Set<String> required = requiredRoles(contract);
        if (target.users().isEmpty()) {
            List<String> notes = new ArrayList<>();
            if (!required.isEmpty() && target.checks().contains(Check.FORBIDDEN_ROLE)) {
                notes.add("no user without the role " + String.join(", ", required) + " given: " + Check.FORBIDDEN_ROLE.key()
                        + " was not checked (pass --user NAME:PASSWORD for an admin and for a plain user)");
            }
            return new Obtained(target.credential(), Optional.empty(), List.of(), notes);
        }
        if (scheme.isEmpty()) {
            return new Obtained(target.credential(), Optional.empty(), List.of("--user was given, but "
                    + contract.document().file() + " names no token endpoint (" + SecurityScheme.TOKEN_ENDPOINT + " on a security scheme)"),
                    List.of());
        }
        String endpoint = scheme.get().tokenEndpoint().orElseThrow();
        Optional<Operation> op = contract.document().operations().stream()
                .filter(o -> o.method().equals("POST") && o.path().equals(endpoint)).findFirst();
        String path = endpoint;
        if (op.isPresent()) {
            for (Parameter p : op.get().parameters()) {
                if (p.in().equals("path") && !p.example().isMissingNode()) {
                    path = path.replace("{" + p.name() + "}", p.example().asText());
                }
            }
        }
        String clientId = target.clientId().or(() -> op.flatMap(o -> exampleClientId(contract, o))).orElse("kit");
        HttpUrl url = new RelativeRequest("POST", path, Map.of(), List.of(), List.of(), Optional.empty())
                .url(transport.base());
        String claim = scheme.get().rolesClaim().orElse(SecurityScheme.DEFAULT_ROLES_CLAIM);
        List<String> errors = new ArrayList<>();
        Optional<String> principal = Optional.empty();
        Optional<String> first = Optional.empty();
        Optional<String> lesser = Optional.empty();
        for (ConformanceTarget.Login login : target.users()) {
            Optional<String> token = request(transport, url, clientId, login, errors);
            if (token.isEmpty()) {
                continue;
            }
            first = first.or(() -> token);
            Set<String> roles = roles(token.get(), claim);
            if (roles.containsAll(required)) {
                principal = principal.or(() -> token);
            } else {
                lesser = lesser.or(() -> token);
            }
        }
        Optional<String> chosen = target.credential().isPresent() ? target.credential()
                : principal.isPresent() ? principal : first;
        List<String> notes = new ArrayList<>();
        if (lesser.isEmpty() && !required.isEmpty() && target.checks().contains(Check.FORBIDDEN_ROLE)) {
            notes.add("every user given has the role(s) " + String.join(", ", required) + ": "
                    + Check.FORBIDDEN_ROLE.key() + " was not checked (add a --user without them)");
        }
        if (principal.isEmpty() && target.credential().isEmpty() && !required.isEmpty() && first.isPresent()) {
            notes.add("no user given has the role(s) " + String.join(", ", required)
                    + ": operations that need them were called with a lesser token");
        }
        return new Obtained(chosen, lesser, errors, notes);
    }

    private static Optional<String> request(Transport transport, HttpUrl url, String clientId, ConformanceTarget.Login login,
                                            List<String> errors) {
        FormBody form = new FormBody.Builder().add("grant_type", "password").add("client_id", clientId)
                .add("username", login.user()).add("password", login.password()).build();
        Request req = new Request.Builder().url(url).post(form).build();
        try (Response r = transport.client().newCall(req).execute()) {
            String text = r.body() == null ? "" : r.body().string();
            if (r.code() != 200) {
                errors.add("cannot obtain a token for user '" + login.user() + "': POST " + url.encodedPath()
                        + " answered " + r.code() + " (" + Excerpts.abbreviate(text) + ")");
                return Optional.empty();
            }
            String token = JSON.readTree(text).path("access_token").asText("");
            if (token.isEmpty()) {
                errors.add("cannot obtain a token for user '" + login.user() + "': no access_token in the answer");
                return Optional.empty();
            }
            return Optional.of(token);
        } catch (IOException e) {
            errors.add("cannot obtain a token for user '" + login.user() + "' from " + url + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** @return the roles in a JWT's payload at a dotted claim path; empty when it is not a JWT */
    static Set<String> roles(String jwt, String claim) {
        Set<String> out = new LinkedHashSet<>();
        String[] parts = jwt.split("\\.");
        if (parts.length < 2) {
            return out;
        }
        try {
            JsonNode node = JSON.readTree(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
            for (String step : claim.split("\\.")) {
                node = node.path(step);
            }
            node.forEach(r -> out.add(r.asText()));
        } catch (IOException | IllegalArgumentException e) {
            return out;
        }
        return out;
    }

    static Set<String> requiredRoles(Contract contract) {
        Set<String> out = new LinkedHashSet<>();
        contract.document().operations().forEach(o -> RequiredRole.of(o.node()).ifPresent(out::add));
        return out;
    }

    private static Optional<SecurityScheme> tokenScheme(Contract contract) {
        return SecurityScheme.all(contract.document().root(), contract.document()::resolve).values().stream()
                .filter(s -> s.tokenEndpoint().isPresent()).findFirst();
    }

    private static Optional<String> exampleClientId(Contract contract, Operation op) {
        JsonNode content = contract.document().at(op.requestBody().orElse("/none")).path("content");
        for (JsonNode media : content) {
            if (media.path("example").has("client_id")) {
                return Optional.of(media.path("example").path("client_id").asText());
            }
            for (JsonNode ex : media.path("examples")) {
                JsonNode v = contract.document().resolve(ex).path("value");
                if (v.has("client_id")) {
                    return Optional.of(v.path("client_id").asText());
                }
            }
        }
        return Optional.empty();
    }
}
