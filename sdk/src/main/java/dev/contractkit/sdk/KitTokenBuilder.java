package dev.contractkit.sdk;

import java.util.Objects;
import java.util.Optional;

/**
 * The builder of a client of a local service ({@code ExecClient}, {@code RuntimeClient}, {@code AgentClient}): the
 * shared settings of {@link ClientBuilder} plus the kit token (their contracts' {@code KitToken} scheme).
 *
 * <pre>{@code
 * ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(kitToken).build();
 * }</pre>
 *
 * @param <B> the concrete builder
 */
public abstract class KitTokenBuilder<B extends KitTokenBuilder<B>> extends ClientBuilder<B> {
    private String token;

    /** For the SDK's own builders. */
    protected KitTokenBuilder() {
    }

    /**
     * The kit token: the server's {@code KIT_TOKEN}, or the file {@code <data dir>/kit-token} it made (owner-only)
     * on first start and printed once. Sent as {@code Authorization: Bearer <token>} (the contract's
     * {@code KitToken} scheme) on every request, the agent's event stream and file transfers included. Without it
     * only the contract's open probes answer (exec {@code health()}, runtime {@code ready()}); every other call
     * fails with {@link UnauthorizedException} (401).
     *
     * @param token the kit token
     * @return this builder
     * @throws NullPointerException     when it is null
     * @throws IllegalArgumentException when it is blank or holds white space or control characters (a token read
     *                                  from a file with its line break is trimmed by the caller, not here)
     */
    public B token(String token) {
        Objects.requireNonNull(token, "token == null");
        if (token.isBlank()) {
            throw new IllegalArgumentException("The kit token is blank: use the value of KIT_TOKEN or of the file"
                    + " <data dir>/kit-token that the server made.");
        }
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c <= ' ' || c == 0x7f) {
                throw new IllegalArgumentException("The kit token holds white space or a control character at index "
                        + i + "; trim the value read from KIT_TOKEN or <data dir>/kit-token.");
            }
        }
        this.token = token;
        return self();
    }

    /** @return the kit token given to {@link #token(String)}, checked; empty when none was */
    protected Optional<String> kitToken() {
        return Optional.ofNullable(token);
    }
}
