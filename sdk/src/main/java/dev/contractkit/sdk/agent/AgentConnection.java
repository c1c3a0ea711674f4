package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.KitTokenAuth;
import retrofit2.Retrofit;

import java.util.Optional;

/**
 * The connection the deprecated {@code AgentResources}/{@code AgentPrincipals} builders open: their settings and the
 * Retrofit instance that sends the kit token and reads the contract's errors, closed with their view. (The generated
 * {@link AgentClient} makes its own; the views take its operations, so they need not name the client, which names
 * them through its add-on.)
 *
 * @param config   the settings (closed with the connection)
 * @param retrofit the Retrofit instance on them
 */
record AgentConnection(ClientConfig config, Retrofit retrofit) implements AutoCloseable {
    /**
     * @param config   the settings a builder gathered
     * @param kitToken the token it was given, if any
     * @return the connection
     */
    static AgentConnection open(ClientConfig config, Optional<String> kitToken) {
        return new AgentConnection(config, Http.retrofit(config, KitTokenAuth.of(kitToken),
                dev.contractkit.sdk.agent.internal.ContractErrors.FORMAT));
    }

    /** Releases what {@link ClientConfig#close()} releases. */
    @Override
    public void close() {
        config.close();
    }
}
