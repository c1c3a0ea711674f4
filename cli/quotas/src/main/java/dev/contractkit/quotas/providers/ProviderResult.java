package dev.contractkit.quotas.providers;

import java.time.Instant;
import java.util.List;

/**
 * One provider's result: exactly one of the four statuses cli/quotas/README.md names. Closed set, so every caller
 * handles each status ({@code switch} without default).
 *
 * <pre>{@code
 * switch (result) {
 *     case ProviderResult.Available a -> a.windows();
 *     case ProviderResult.Unavailable u -> u.consoleUrl();
 *     case ProviderResult.AuthRequired r -> r.message();
 *     case ProviderResult.NetworkError n -> n.message();
 * }
 * }</pre>
 */
public sealed interface ProviderResult {
    /** @return the provider */
    Provider provider();

    /** @return when it was fetched */
    Instant fetchedAt();

    /** @return the status' JSON name */
    Status status();

    /**
     * @return which of the provider's accounts this is (its user or login, else where its credential was found), or
     * empty when quotas found only one: then the result is the provider's, as before accounts
     */
    String account();

    /** @return this result for the named account */
    ProviderResult withAccount(String account);

    /**
     * @return what the result is keyed and shown by: the provider's id, or {@code <id>:<account>} for one of several
     * accounts (the cache's entries, the statusline's segments, the UI's rows, {@code --fail-over}'s messages)
     */
    default String key() {
        return account().isEmpty() ? provider().id() : provider().id() + ":" + account();
    }

    /** The statuses, best first (the cache keeps a result unless the new one is at least as good). */
    enum Status {
        /** credentials found and the usage interface answered */
        AVAILABLE("available"),
        /** credentials worked but the plan is not active or the server returned an error */
        UNAVAILABLE("unavailable"),
        /** no credentials discoverable (or the provider refused them) */
        AUTH_REQUIRED("auth_required"),
        /** transport error reaching the endpoint */
        NETWORK_ERROR("network_error");

        private final String json;

        Status(String json) {
            this.json = json;
        }

        /** @return the name in JSON, e.g. {@code auth_required} */
        public String json() {
            return json;
        }

        /** @return true when this status is at least as good as the other */
        public boolean atLeastAsGoodAs(Status other) {
            return ordinal() <= other.ordinal();
        }

        static Status ofJson(String json) {
            for (Status s : values()) {
                if (s.json.equals(json)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown status '" + json + "'");
        }
    }

    /**
     * @param provider  the provider
     * @param plan      the plan name
     * @param windows   the quota windows, as the provider reports them
     * @param fetchedAt when
     */
    record Available(Provider provider, String plan, List<Window> windows, Instant fetchedAt, String account) implements ProviderResult {
        public Available {
            plan = SafeText.clean(plan);
            windows = List.copyOf(windows);
            account = account == null ? "" : SafeText.clean(account);
        }

        /** The result of a provider's only account. */
        public Available(Provider provider, String plan, List<Window> windows, Instant fetchedAt) {
            this(provider, plan, windows, fetchedAt, "");
        }

        @Override
        public Available withAccount(String account) {
            return new Available(provider, plan, windows, fetchedAt, account);
        }

        @Override
        public Status status() {
            return Status.AVAILABLE;
        }
    }

    /**
     * @param provider   the provider
     * @param message    what the provider said
     * @param consoleUrl where to manage the plan
     * @param fetchedAt  when
     */
    record Unavailable(Provider provider, String message, String consoleUrl, Instant fetchedAt, String account) implements ProviderResult {
        public Unavailable {
            message = SafeText.clean(message);
            consoleUrl = SafeText.clean(consoleUrl);
            account = account == null ? "" : SafeText.clean(account);
        }

        /** The result of a provider's only account. */
        public Unavailable(Provider provider, String message, String consoleUrl, Instant fetchedAt) {
            this(provider, message, consoleUrl, fetchedAt, "");
        }

        @Override
        public Unavailable withAccount(String account) {
            return new Unavailable(provider, message, consoleUrl, fetchedAt, account);
        }

        @Override
        public Status status() {
            return Status.UNAVAILABLE;
        }
    }

    /**
     * @param provider  the provider
     * @param message   which credentials were looked for, or that the provider refused them
     * @param fetchedAt when
     */
    record AuthRequired(Provider provider, String message, Instant fetchedAt, String account) implements ProviderResult {
        public AuthRequired {
            message = SafeText.clean(message);
            account = account == null ? "" : SafeText.clean(account);
        }

        /** The result of a provider's only account. */
        public AuthRequired(Provider provider, String message, Instant fetchedAt) {
            this(provider, message, fetchedAt, "");
        }

        @Override
        public AuthRequired withAccount(String account) {
            return new AuthRequired(provider, message, fetchedAt, account);
        }

        @Override
        public Status status() {
            return Status.AUTH_REQUIRED;
        }
    }

    /**
     * @param provider  the provider
     * @param message   the transport error
     * @param fetchedAt when
     */
    record NetworkError(Provider provider, String message, Instant fetchedAt, String account) implements ProviderResult {
        public NetworkError {
            message = SafeText.clean(message);
            account = account == null ? "" : SafeText.clean(account);
        }

        /** The result of a provider's only account. */
        public NetworkError(Provider provider, String message, Instant fetchedAt) {
            this(provider, message, fetchedAt, "");
        }

        @Override
        public NetworkError withAccount(String account) {
            return new NetworkError(provider, message, fetchedAt, account);
        }

        @Override
        public Status status() {
            return Status.NETWORK_ERROR;
        }
    }
}
