package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.ClientProviderBase;

/** {@link ExecClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is the kit token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.clientType() == ExecClient.class).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8080", kitToken)) { ... }
 * }</pre> */
public final class ExecClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public ExecClientProvider() {
        super("exec", ExecClient.class, (baseUrl, credential) -> ExecClient.builder().baseUrl(baseUrl).token(credential).build());
    }
}
