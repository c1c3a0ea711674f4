package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.ClientProviderBase;

/** {@link AgentClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the kit token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.clientType() == AgentClient.class).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8090", kitToken)) { ... }
 * }</pre> */
public final class AgentClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public AgentClientProvider() {
        super("agent", AgentClient.class, (baseUrl, credential) -> AgentClient.builder().baseUrl(baseUrl).token(credential).build());
    }
}
