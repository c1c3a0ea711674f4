package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;

/** Shared by the consumer pacts: the SDK aimed at Pact's mock server, without retries (one request per interaction). */
final class PactConfig {
    /**
     * The kit token the exec, runtime and agent interactions send ({@code Authorization: Bearer ...}); the provider
     * tests start the reference server with this token (setting {@code token}), so the example value is the one
     * that verifies.
     */
    static final String KIT_TOKEN = "test-kit-token";
    /** What the {@code Authorization} header of a kit-token interaction must look like. */
    static final String KIT_BEARER = "Bearer \\S+";
    /** The {@code Authorization} header the kit-token interactions send (the example the provider is verified with). */
    static final String KIT_AUTHORIZATION = "Bearer " + KIT_TOKEN;

    private PactConfig() {
    }

    static ClientConfig of(MockServer server) {
        return ClientConfig.builder().baseUrl(server.getUrl()).retries(RetryPolicy.none()).build();
    }
}
