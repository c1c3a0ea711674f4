package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.SecurityScheme;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
 * A refresh token the mock did not issue gets the contract's 400 example.
 */
final class TokenEndpoint {
    private final MockTokens tokens;
    private final String rolesClaim;
    private final DeclaredResponses responses;
    private final ErrorReplies errors;
    private final ContractDocument document;

    private TokenEndpoint(MockTokens tokens, String rolesClaim, DeclaredResponses responses, ErrorReplies errors,
                          ContractDocument document) {
        this.document = document;
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
                        errors, op.document()));
    }

    Reply reply(Incoming request) {
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
