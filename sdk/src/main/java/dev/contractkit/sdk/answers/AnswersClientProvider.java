package dev.contractkit.sdk.answers;

import dev.contractkit.sdk.ClientProviderBase;

/**
 * {@link AnswersClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the
 * API key; the client's own rate limiting is off, so the server's (or the mock's) limit is what a test sees.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.apiId().equals("answers")).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8083", "ANSWERS_KEY")) { ... }
 * }</pre>
 */
public final class AnswersClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public AnswersClientProvider() {
        super("answers", AnswersClient.class, (baseUrl, credential) -> AnswersClient.builder().baseUrl(baseUrl)
                .apiKey(credential).noClientRateLimit().build());
    }
}
