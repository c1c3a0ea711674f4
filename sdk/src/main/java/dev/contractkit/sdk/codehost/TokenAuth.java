package dev.contractkit.sdk.codehost;

import okhttp3.Interceptor;

/** The personal access token as {@code PRIVATE-TOKEN: <token>}, as the original's clients send it. */
final class TokenAuth {
    private TokenAuth() {
    }

    static Interceptor of(String token) {
        return chain -> chain.proceed(chain.request().newBuilder().header("PRIVATE-TOKEN", token).build());
    }
}
