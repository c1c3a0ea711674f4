package dev.contractkit.sdk.coupons;

/** Where the bearer token comes from: nowhere (public calls only), a fixed token, or a {@link TokenProvider}. */
interface TokenSource {
    TokenSource NONE = new TokenSource() {
        @Override
        public String token() {
            return null;
        }
    };

    /** @return the access token, or null when there are no credentials */
    String token();

    /**
     * The server refused {@code token}.
     *
     * @param token the refused token
     * @return true when a different token may now be obtained (worth one more attempt)
     */
    default boolean refused(String token) {
        return false;
    }

    static TokenSource fixed(String token) {
        return () -> token;
    }

    static TokenSource from(TokenProvider provider) {
        return new TokenSource() {
            @Override
            public String token() {
                return provider.accessToken();
            }

            @Override
            public boolean refused(String token) {
                provider.invalidate(token);
                return true;
            }
        };
    }
}
