package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.ClientProviderBase;

/** {@link CouponsClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is a bearer token.
 *
 * <pre>{@code
 * ClientProvider p = ServiceLoader.load(ClientProvider.class).stream().map(ServiceLoader.Provider::get)
 *         .filter(c -> c.apiId().equals("coupons")).findFirst().orElseThrow();
 * try (AutoCloseable client = p.create("http://127.0.0.1:8082", "ACCESS_TOKEN")) { ... }
 * }</pre> */
public final class CouponsClientProvider extends ClientProviderBase {
    /** Made by {@link java.util.ServiceLoader}. */
    public CouponsClientProvider() {
        super("coupons", CouponsClient.class, (baseUrl, credential) -> CouponsClient.builder().baseUrl(baseUrl).bearerToken(credential).build());
    }
}
