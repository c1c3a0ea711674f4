package dev.contractkit.reference.platform;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Collection;
import java.util.Optional;
import java.util.function.Function;

/**
 * The server's one constant-time comparison of secrets (API keys, tokens, password hashes, PKCE verifiers, CSRF
 * cookies): the time it takes does not tell a caller how much of a guess was right. docs-test's
 * {@code ArchitectureTest} keeps every other class off {@link MessageDigest#isEqual}.
 */
public final class Secrets {
    private Secrets() {
    }

    /**
     * @param expected the secret
     * @param given    what a caller sent (may be null)
     * @return true when they are equal, compared in constant time
     */
    public static boolean same(byte[] expected, byte[] given) {
        return expected != null && given != null && MessageDigest.isEqual(expected, given);
    }

    /**
     * @param expected the secret
     * @param given    what a caller sent (may be null)
     * @return true when they are equal (UTF-8), compared in constant time
     */
    public static boolean same(String expected, String given) {
        return expected != null && given != null
                && same(expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Compares the given value with every candidate's secret (all of them, so the time does not tell which matched).
     *
     * @param candidates what may match
     * @param secret     a candidate's secret
     * @param given      what a caller sent (may be null)
     * @param <T>        the candidates' type
     * @return the first candidate whose secret it is
     */
    public static <T> Optional<T> find(Collection<T> candidates, Function<T, byte[]> secret, String given) {
        if (given == null) {
            return Optional.empty();
        }
        byte[] g = given.getBytes(StandardCharsets.UTF_8);
        T found = null;
        for (T c : candidates) {
            if (same(secret.apply(c), g) && found == null) {
                found = c;
            }
        }
        return Optional.ofNullable(found);
    }
}
