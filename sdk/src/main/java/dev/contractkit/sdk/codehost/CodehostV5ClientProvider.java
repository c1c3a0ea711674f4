package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.ClientProviderBase;

/** {@link CodehostV5Client}s for tools that find clients through {@link java.util.ServiceLoader} (API
 * {@code codehost}): the credential is the private token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.clientType() == CodehostV5Client.class).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8084", "kit-demo-codehost-token")) { ... }
 * }</pre> */
public final class CodehostV5ClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public CodehostV5ClientProvider() {
        super("codehost", CodehostV5Client.class,
                (baseUrl, credential) -> CodehostV5Client.builder().baseUrl(baseUrl).token(credential).build());
    }
}
