package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.AddOnSettings;

import java.time.Duration;

/** The settings {@link CouponsClientBuilderAddOn} gives and {@link CouponsClientAddOns} reads. */
final class CouponsAddOnKeys {
    /** Where the update channel's bearer token comes from: nowhere unless a token provider was given. */
    static final AddOnSettings.Key<TokenSource> CREDENTIALS = AddOnSettings.Key.of("tokenProvider", TokenSource.class, TokenSource.NONE);
    /** The update channel's reconnect back-off: 500 ms doubled per failure, at most 30 s, unless set. */
    static final AddOnSettings.Key<Backoff> BACKOFF = AddOnSettings.Key.of("reconnectBackoff", Backoff.class,
            new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30)));

    private CouponsAddOnKeys() {
    }

    /**
     * @param initial the first wait
     * @param max     the longest wait
     */
    record Backoff(Duration initial, Duration max) {
    }
}
