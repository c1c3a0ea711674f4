package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.SecurityScheme;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.rules.FormBody;
import dev.contractkit.mock.state.MockTokens;

/**
 * The mock's answer at a token endpoint (the path of a security scheme's {@code x-kit-token-endpoint}): the
 * contract's success example with {@code access_token} and {@code refresh_token} replaced by tokens the mock
 * signed ({@link MockTokens}), for the form's {@code username} (password grant) or the refresh token's subject.
 * A refresh token the mock did not issue gets the contract's 400 example. The mock serves one realm: the path
 * parameters of the endpoint ({@code /realms/{realm}/...}) take only the value the contract's example gives them
 * ({@code contractkit}); any other is the contract's 404 (an unknown realm), as a real identity provider answers.
 */
final class TokenEndpoint {
    private final MockTokens tokens;
    private final String rolesClaim;
    private final DeclaredResponses responses;
    private final ErrorReplies errors;
    private final ContractDocument document;
    private final Map<String, String> served;

    private TokenEndpoint(MockTokens tokens, String rolesClaim, DeclaredResponses responses, ErrorReplies errors,
                          ContractDocument.Operation operation) {
        this.document = operation.document();
        this.served = new LinkedHashMap<>();
        for (ContractDocument.Parameter p : operation.parameters()) {
            if (p.in().equals("path") && p.example().isValueNode()) {
                served.put(p.name(), p.example().asText());
            }
        }
        this.tokens = tokens;
        this.rolesClaim = rolesClaim;
        this.responses = responses;
        this.errors = errors;
    }

    /** @return the token endpoint behaviour, when the operation is at a scheme's {@code x-kit-token-endpoint} */
    static Optional<TokenEndpoint> of(ContractDocument.Operation op, DeclaredResponses responses, ErrorReplies errors,
                                      MockTokens tokens) {
        if (!op.method().equals("POST")) {
            return Optional.empty();
        }
        return SecurityScheme.all(op.document().root(), op.document()::resolve).values().stream()
                .filter(s -> s.tokenEndpoint().filter(op.path()::equals).isPresent()).findFirst()
                .map(s -> new TokenEndpoint(tokens, s.rolesClaim().orElse(SecurityScheme.DEFAULT_ROLES_CLAIM), responses,
                        errors, op));
    }

    /** @param pathValues the request's path parameters, e.g. {@code realm} */
    Reply reply(Incoming request, Map<String, String> pathValues) {
        for (Map.Entry<String, String> one : served.entrySet()) {
            String asked = pathValues.getOrDefault(one.getKey(), one.getValue());
            if (!asked.equals(one.getValue())) {
                return errors.reply(404, Optional.of(responses), one.getKey() + " '" + asked + "' does not exist; the mock"
                        + " serves '" + one.getValue() + "' (the contract's example)");
            }
        }
        String form = request.bodyText();
        ObjectNode fields = FormBody.decode(form, document, "");
        String subject;
        if (fields.path("grant_type").asText().equals("refresh_token")) {
            Optional<JWTClaimsSet> claims = tokens.claims(fields.path("refresh_token").asText(""));
            if (claims.isEmpty() || claims.get().getSubject() == null) {
                return errors.example(400, Optional.of(responses));
            }
            subject = claims.get().getSubject();
        } else {
            subject = fields.path("username").asText("user");
        }
        Reply success = responses.success();
        DeclaredResponses.Example example = responses.forCode(success.status()).orElseThrow();
        if (!example.value().isObject()) {
            return success;
        }
        ObjectNode out = ((ObjectNode) example.value()).deepCopy();
        long access = out.path("expires_in").asLong(300);
        long refresh = out.path("refresh_expires_in").asLong(1800);
        out.put("access_token", tokens.mint(subject, rolesClaim, Duration.ofSeconds(access), "Bearer"));
        if (out.has("refresh_token")) {
            out.put("refresh_token", tokens.mint(subject, rolesClaim, Duration.ofSeconds(refresh), "Refresh"));
        }
        return Reply.of(success.status(), example.mediaType(), out.toString().getBytes(StandardCharsets.UTF_8));
    }
}
