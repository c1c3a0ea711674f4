package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.ClientProvider;

/** {@link AgentClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the kit token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.clientType() == AgentClient.class).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8090", kitToken)) { ... }
 * }</pre> */
public final class AgentClientProvider implements ClientProvider {
    /** Made by {@link java.util.ServiceLoader}. */
    public AgentClientProvider() {
    }

    @Override
    public String apiId() {
        return "agent";
    }

    @Override
    public Class<?> clientType() {
        return AgentClient.class;
    }

    @Override
    public AutoCloseable create(String baseUrl, String credential) {
        return AgentClient.builder().baseUrl(baseUrl).token(credential).build();
    }
}
