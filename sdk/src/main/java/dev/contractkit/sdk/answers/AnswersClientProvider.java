package dev.contractkit.sdk.answers;

import dev.contractkit.sdk.ClientProvider;

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
public final class AnswersClientProvider implements ClientProvider {
    /** Made by {@link java.util.ServiceLoader}. */
    public AnswersClientProvider() {
    }

    @Override
    public String apiId() {
        return "answers";
    }

    @Override
    public Class<?> clientType() {
        return AnswersClient.class;
    }

    @Override
    public AutoCloseable create(String baseUrl, String credential) {
        return AnswersClient.builder().baseUrl(baseUrl).apiKey(credential).noClientRateLimit().build();
    }
}
