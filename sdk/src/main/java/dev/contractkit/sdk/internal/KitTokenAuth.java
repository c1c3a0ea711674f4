package dev.contractkit.sdk.internal;

import okhttp3.Interceptor;

import java.util.List;
import java.util.Optional;

/**
 * The kit token of the exec, runtime and agent APIs (their contracts' {@code KitToken} scheme, HTTP bearer) as
 * {@code Authorization: Bearer <token>} on every request. Not part of the public API: the clients' builders take
 * the token with {@code KitTokenBuilder.token(String)}, which checks it.
 */
public final class KitTokenAuth {
    private KitTokenAuth() {
    }

    /**
     * @param token the kit token, as {@code KitTokenBuilder.kitToken()} holds it; empty for none (then only the
     *              contract's open operations, health and readiness, answer; the others answer 401)
     * @return the interceptors that send it (none when there is no token)
     */
    public static List<Interceptor> of(Optional<String> token) {
        return token.<List<Interceptor>>map(t -> {
            String value = "Bearer " + t;
            return List.of(chain -> chain.proceed(chain.request().newBuilder().header("Authorization", value).build()));
        }).orElse(List.of());
    }
}
