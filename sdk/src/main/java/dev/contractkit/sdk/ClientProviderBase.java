package dev.contractkit.sdk;

import java.util.Objects;
import java.util.function.BiFunction;

/**
 * A {@link ClientProvider} given by its three answers: the API id, the client type and how to build a client from a
 * base URL and a credential. The SDK's providers extend it; a provider of your own can too.
 *
 * <pre>{@code
 * public final class MyClientProvider extends ClientProviderBase {
 *     public MyClientProvider() {   // ServiceLoader makes it
 *         super("my-api", MyClient.class, (url, key) -> MyClient.builder().baseUrl(url).apiKey(key).build());
 *     }
 * }
 * }</pre>
 */
public abstract class ClientProviderBase implements ClientProvider {
    private final String apiId;
    private final Class<? extends AutoCloseable> clientType;
    private final BiFunction<String, String, ? extends AutoCloseable> factory;

    /**
     * @param apiId      the API's id in the kit's catalogue
     * @param clientType the client's type
     * @param factory    base URL and credential to a ready client
     */
    protected ClientProviderBase(String apiId, Class<? extends AutoCloseable> clientType,
                                 BiFunction<String, String, ? extends AutoCloseable> factory) {
        this.apiId = Objects.requireNonNull(apiId, "apiId");
        this.clientType = Objects.requireNonNull(clientType, "clientType");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    @Override
    public final String apiId() {
        return apiId;
    }

    @Override
    public final Class<?> clientType() {
        return clientType;
    }

    @Override
    public final AutoCloseable create(String baseUrl, String credential) {
        return factory.apply(baseUrl, credential);
    }
}
