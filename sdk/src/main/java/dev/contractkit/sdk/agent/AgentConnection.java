package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.KitTokenAuth;
import retrofit2.Retrofit;

import java.util.Optional;

/**
 * The agent client's connection: its settings and the Retrofit instance that sends the kit token and reads the
 * contract's errors. {@link AgentClient} is built on one; the deprecated {@code AgentResources}/{@code AgentPrincipals}
 * builders open one the same way and close it with their view (so those views need not name the client, which
 * names them).
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
