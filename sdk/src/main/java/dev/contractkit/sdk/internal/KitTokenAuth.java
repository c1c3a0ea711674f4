package dev.contractkit.sdk.internal;

import okhttp3.Interceptor;

import java.util.Objects;

/**
 * The kit token of the exec, runtime and agent APIs (their contracts' {@code KitToken} scheme, HTTP bearer) as
 * {@code Authorization: Bearer <token>} on every request. Not part of the public API: the clients' builders take
 * the token with {@code token(String)}.
 */
public final class KitTokenAuth {
    private KitTokenAuth() {
    }

    /**
     * @param token a kit token
     * @return the token, checked
     * @throws NullPointerException     when it is null
     * @throws IllegalArgumentException when it is blank or holds white space or control characters (a token read
     *                                  from a file with its line break is trimmed by the caller, not here)
     */
    public static String check(String token) {
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
        return token;
    }

    /**
     * @param token the kit token, or null for none (then only the contract's open operations, health and
     *              readiness, answer; the others answer 401)
     * @return an interceptor that sends it, or one that changes nothing
     */
    public static Interceptor of(String token) {
        if (token == null) {
            return chain -> chain.proceed(chain.request());
        }
        String value = "Bearer " + check(token);
        return chain -> chain.proceed(chain.request().newBuilder().header("Authorization", value).build());
    }
}
