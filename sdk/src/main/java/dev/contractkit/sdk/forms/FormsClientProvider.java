package dev.contractkit.sdk.forms;

import dev.contractkit.sdk.ClientProviderBase;

/** {@link FormsClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the API key.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.apiId().equals("forms")).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8081", "kit-demo-forms-key")) { ... }
 * }</pre> */
public final class FormsClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public FormsClientProvider() {
        super("forms", FormsClient.class, (baseUrl, credential) -> FormsClient.builder().baseUrl(baseUrl).apiKey(credential).build());
    }
}
