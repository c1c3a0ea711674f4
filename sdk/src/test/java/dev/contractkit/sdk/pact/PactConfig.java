package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;

/** Shared by the consumer pacts: the SDK aimed at Pact's mock server, without retries (one request per interaction). */
final class PactConfig {
    private PactConfig() {
    }

    static ClientConfig of(MockServer server) {
        return ClientConfig.builder().baseUrl(server.getUrl()).retries(RetryPolicy.none()).build();
    }
}
