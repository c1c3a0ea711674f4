package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.AddOnSettings;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.internal.CredentialsFailure;
import dev.contractkit.sdk.internal.Generated;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link CouponsClient}'s builder (generated from {@code specs/openapi/coupons.yaml}) adds to the contract's
 * settings: a {@link TokenProvider} that logs in and renews the access token (the contract's {@code BearerAuth}
 * scheme takes a fixed token: the generated {@code bearerToken(String)}), and the update channel's reconnect
 * back-off. The generated {@code CouponsClient.Builder} implements this interface.
 *
 * <pre>{@code
 * CouponsClient coupons = CouponsClient.builder().baseUrl("http://127.0.0.1:8082").tokenProvider(tokens)
 *         .reconnectBackoff(Duration.ofSeconds(1), Duration.ofMinutes(1)).build();
 * }</pre>
 *
 * @param <B> the generated builder
 */
public interface CouponsClientBuilderAddOn<B extends CouponsClientBuilderAddOn<B>> {
    /**
     * Gives a setting of the client's add-ons (generated).
     *
     * @param key   the setting
     * @param value its value
     * @param <T>   its type
     * @return the builder
     */
    <T> B addOnSetting(AddOnSettings.Key<T> key, T value);

    /**
     * Every call but the contract's open ones ({@code security: []}: health, list, get) and the update channel carry
     * {@code Authorization: Bearer <token>} from {@code tokens}, renewed before it expires and once more when the
     * server answers 401. It wins over a fixed {@code bearerToken(...)}.
     *
     * @param tokens logs in and renews the access token
     * @return the builder
     */
    default B tokenProvider(TokenProvider tokens) {
        TokenSource source = TokenSource.from(Objects.requireNonNull(tokens, "tokens == null"));
        addOnSetting(CouponsAddOnKeys.CREDENTIALS, source);
        return addOnSetting(Generated.INTERCEPTOR, bearer(source));
    }

    /**
     * @param initial the first wait before reconnecting the update channel (500 ms unless set), doubled per failure
     * @param max     the longest wait (30 s unless set)
     * @return the builder
     * @throws IllegalArgumentException unless {@code 0 <= initial <= max}
     */
    default B reconnectBackoff(Duration initial, Duration max) {
        Objects.requireNonNull(initial, "initial == null");
        Objects.requireNonNull(max, "max == null");
        if (initial.isNegative() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("need 0 <= initial <= max, was " + initial + ", " + max);
        }
        return addOnSetting(CouponsAddOnKeys.BACKOFF, new CouponsAddOnKeys.Backoff(initial, max));
    }

    private static Interceptor bearer(TokenSource credentials) {
        return chain -> {
            Request request = chain.request();
            if (request.header("Authorization") != null) {
                return chain.proceed(request); // the update channel's handshake, which sets the token itself
            }
            String token = token(credentials);
            Response response = chain.proceed(withBearer(request, token));
            if (response.code() == 401 && credentials.refused(token)) {
                String fresh = token(credentials);
                if (fresh != null && !fresh.equals(token)) {
                    response.close();
                    return chain.proceed(withBearer(request, fresh));
                }
            }
            return response;
        };
    }

    private static String token(TokenSource credentials) throws CredentialsFailure {
        try {
            return credentials.token();
        } catch (ApiException e) {
            throw new CredentialsFailure(e);
        }
    }

    private static Request withBearer(Request request, String token) {
        return request.newBuilder().header("Authorization", "Bearer " + token).build();
    }
}
