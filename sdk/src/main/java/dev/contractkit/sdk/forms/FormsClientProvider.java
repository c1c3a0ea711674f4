package dev.contractkit.sdk.forms;

import dev.contractkit.sdk.ClientProvider;

/** {@link FormsClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the API key. */
public final class FormsClientProvider implements ClientProvider {
    @Override
    public String apiId() {
        return "forms";
    }

    @Override
    public Class<?> clientType() {
        return FormsClient.class;
    }

    @Override
    public AutoCloseable create(String baseUrl, String credential) {
        return FormsClient.builder().baseUrl(baseUrl).apiKey(credential).build();
    }
}
