package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.ApiException;

import java.io.IOException;

/**
 * Thrown by a credentials interceptor when no credential could be obtained (e.g. the token endpoint refused
 * the login): OkHttp only lets interceptors throw {@link IOException}s, so the {@link ApiException} rides
 * along as the cause; {@link Http} rethrows it and {@link RetryInterceptor} does not retry it.
 * Not part of the public API.
 */
public final class CredentialsFailure extends IOException {
    /** @param cause why there is no credential */
    public CredentialsFailure(ApiException cause) {
        super(cause.getMessage(), cause);
    }

    @Override
    public synchronized ApiException getCause() {
        return (ApiException) super.getCause();
    }
}
