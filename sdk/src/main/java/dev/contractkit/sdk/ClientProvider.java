package dev.contractkit.sdk;

/**
 * Makes one API's client from a base URL and a credential, for tools that build clients without naming them
 * (the mock's JUnit extension injects a ready client into a test parameter of its type). The SDK registers one
 * per API in {@code META-INF/services/dev.contractkit.sdk.ClientProvider}; find them with
 * {@link java.util.ServiceLoader}.
 *
 * <pre>{@code
 * for (ClientProvider p : ServiceLoader.load(ClientProvider.class)) {
 *     System.out.println(p.apiId() + " -> " + p.clientType().getSimpleName());   // forms -> FormsClient ...
 * }
 * }</pre>
 */
public interface ClientProvider {
    /** @return the id of the API the client talks to, as in the kit's catalogue (e.g. {@code forms}) */
    String apiId();

    /** @return the client's type, e.g. {@code FormsClient.class} */
    Class<?> clientType();

    /**
     * @param baseUrl    the API's base URL
     * @param credential the credential the API takes (an API key or a bearer token), as its contract says
     * @return a ready client; the caller closes it
     */
    AutoCloseable create(String baseUrl, String credential);
}
