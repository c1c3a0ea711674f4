package dev.contractkit.examples.demo;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * This run's secrets, made fresh for it and never printed: an answers API key (the server accepts it for this run
 * only) and a kit token (exec, runtime and agent). The examples table and the credentials name them as
 * {@code {answers-key}} and {@code {kit-token}}.
 *
 * @param answersKey the answers service's API key
 * @param kitToken   the kit token
 */
record Secrets(String answersKey, String kitToken) {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** @return new secrets: {@code kit-demo-} and 24 hex digits; 64 hex digits */
    static Secrets fresh() {
        return new Secrets("kit-demo-" + hex(12), hex(32));
    }

    /**
     * @param template a text that may name {@code {answers-key}} and {@code {kit-token}}
     * @return the text with both filled in
     */
    String fill(String template) {
        return template.replace("{answers-key}", answersKey).replace("{kit-token}", kitToken);
    }

    private static String hex(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** @return no secret: the record's text would print them */
    @Override
    public String toString() {
        return "Secrets[hidden]";
    }
}
