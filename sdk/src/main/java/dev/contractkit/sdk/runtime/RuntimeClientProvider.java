package dev.contractkit.sdk.runtime;

import dev.contractkit.sdk.ClientProviderBase;

/** {@link RuntimeClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the kit token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.clientType() == RuntimeClient.class).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:18080", kitToken)) { ... }
 * }</pre> */
public final class RuntimeClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public RuntimeClientProvider() {
        super("runtime", RuntimeClient.class, (baseUrl, credential) -> RuntimeClient.builder().baseUrl(baseUrl).token(credential).build());
    }
}
