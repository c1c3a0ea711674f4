package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.ClientProvider;

/** {@link CouponsClient}s for tools that find clients through {@link java.util.ServiceLoader}: the credential is a bearer token. */
public final class CouponsClientProvider implements ClientProvider {
    @Override
    public String apiId() {
        return "coupons";
    }

    @Override
    public Class<?> clientType() {
        return CouponsClient.class;
    }

    @Override
    public AutoCloseable create(String baseUrl, String credential) {
        return CouponsClient.builder().baseUrl(baseUrl).bearerToken(credential).build();
    }
}
