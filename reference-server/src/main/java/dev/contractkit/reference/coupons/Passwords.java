package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.Secrets;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;

/**
 * PBKDF2-HMAC-SHA256 password hashes: {@code pbkdf2-sha256$<iterations>$<salt>$<hash>}. New hashes use
 * {@link #DEFAULT_ITERATIONS} (OWASP's 2023 figure) unless {@code KIT_COUPONS_PASSWORD_ITERATIONS} says
 * otherwise; stored hashes of any iteration count keep verifying, and {@link #needsRehash} tells the caller
 * to store a new hash after a successful login with a weaker one.
 */
final class Passwords {
    /** PBKDF2-HMAC-SHA256 iterations OWASP's Password Storage Cheat Sheet (2023) asks for. */
    static final int DEFAULT_ITERATIONS = 600_000;
    /** The floor of the setting (tests lower the cost; nothing should go below this). */
    static final int MIN_ITERATIONS = 1_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int iterations;
    /** A hash of nothing at the current cost: unknown users are checked against it, so they take as long. */
    private final String dummy;
    /** Key derivations run in this JVM (the test seam that shows an unknown user costs one too). */
    private static final AtomicLong DERIVATIONS = new AtomicLong();

    Passwords(int iterations) {
        if (iterations < MIN_ITERATIONS) {
            throw new IllegalArgumentException("KIT_COUPONS_PASSWORD_ITERATIONS must be at least " + MIN_ITERATIONS
                    + " (default " + DEFAULT_ITERATIONS + "), was " + iterations);
        }
        this.iterations = iterations;
        byte[] salt = new byte[16];
        byte[] hash = new byte[32];
        RANDOM.nextBytes(salt);
        RANDOM.nextBytes(hash);
        this.dummy = format(iterations, salt, hash);
    }

    int iterations() {
        return iterations;
    }

    String hash(String password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return format(iterations, salt, derive(password, salt, iterations));
    }

    /** @return whether {@code password} matches {@code stored}; false for a malformed stored hash */
    boolean matches(String password, String stored) {
        String[] parts = stored.split("\\$");
        if (parts.length != 4 || !parts[0].equals("pbkdf2-sha256")) {
            return false;
        }
        try {
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            return Secrets.same(expected, derive(password, salt, Integer.parseInt(parts[1])));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Spends the same work as {@link #matches} on a user that does not exist; always false. */
    boolean matchesNobody(String password) {
        matches(password, dummy);
        return false;
    }

    /** @return true when {@code stored} was made with fewer iterations than the current cost */
    boolean needsRehash(String stored) {
        String[] parts = stored.split("\\$");
        try {
            return parts.length != 4 || !parts[0].equals("pbkdf2-sha256") || Integer.parseInt(parts[1]) < iterations;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    static long derivations() {
        return DERIVATIONS.get();
    }

    private byte[] derive(String password, byte[] salt, int rounds) {
        DERIVATIONS.incrementAndGet();
        try {
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, rounds, 256);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String format(int rounds, byte[] salt, byte[] hash) {
        return "pbkdf2-sha256$" + rounds + "$" + b64(salt) + "$" + b64(hash);
    }

    private static String b64(byte[] bytes) {
        return Base64.getEncoder().withoutPadding().encodeToString(bytes);
    }
}
