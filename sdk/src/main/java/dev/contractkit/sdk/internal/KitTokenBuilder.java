package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.UnauthorizedException;
import okhttp3.Interceptor;

import java.util.List;

/**
 * The builder of a client of a local service (exec, runtime, agent): the shared settings of {@link ClientBuilder}
 * plus the kit token (their contracts' {@code KitToken} scheme). Not part of the public API beyond the methods
 * each client's {@code Builder} inherits.
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
     * @throws IllegalArgumentException when it is blank or holds white space
     */
    public B token(String token) {
        this.token = KitTokenAuth.check(token);
        return self();
    }

    /** @return the configuration built so far, checked (the base URL is required) */
    protected ClientConfig buildConfig() {
        return configBuilder().build();
    }

    /** @return the interceptors that send the kit token (none when no token was given) */
    protected List<Interceptor> auth() {
        return List.of(KitTokenAuth.of(token));
    }
}
