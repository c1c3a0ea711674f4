package dev.contractkit.docstest;

import java.security.MessageDigest;

/**
 * A class that authenticates by itself, outside the reference server's {@code Admission}: it names a credential
 * header and compares secrets with {@link MessageDigest#isEqual}. {@link ArchitectureTest} shows its admission rule
 * catches both (the rule's sensitivity).
 */
final class CredentialReaderFixture {
    /** A credential header's name, as a class reading it would hold it. */
    static final String API_KEY_HEADER = "X-API-Key";

    private CredentialReaderFixture() {
    }

    static boolean sameSecret(byte[] expected, byte[] given) {
        return MessageDigest.isEqual(expected, given);
    }
}
