package dev.contractkit.sdk.runtime;

import dev.contractkit.sdk.ClientProvider;

/** {@link RuntimeClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the kit token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.clientType() == RuntimeClient.class).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:18080", kitToken)) { ... }
 * }</pre> */
public final class RuntimeClientProvider implements ClientProvider {
    /** Made by {@link java.util.ServiceLoader}. */
    public RuntimeClientProvider() {
    }

    @Override
    public String apiId() {
        return "runtime";
    }

    @Override
    public Class<?> clientType() {
        return RuntimeClient.class;
    }

    @Override
    public AutoCloseable create(String baseUrl, String credential) {
        return RuntimeClient.builder().baseUrl(baseUrl).token(credential).build();
    }
}
