package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.ClientProviderBase;

/** {@link CodehostV4Client}s for tools that find clients through {@link java.util.ServiceLoader} (API
 * {@code codehost}): the credential is the private token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.clientType() == CodehostV4Client.class).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8084", "kit-demo-codehost-token")) { ... }
 * }</pre> */
public final class CodehostV4ClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public CodehostV4ClientProvider() {
        super("codehost", CodehostV4Client.class,
                (baseUrl, credential) -> CodehostV4Client.builder().baseUrl(baseUrl).token(credential).build());
    }
}
