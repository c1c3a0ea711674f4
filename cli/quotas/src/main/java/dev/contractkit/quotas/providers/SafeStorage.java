package dev.contractkit.quotas.providers;

import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Opens a value sealed by Electron's {@code safeStorage} (Chromium's {@code os_crypt}), as VS Code seals its
 * secrets: a {@code v10} or {@code v11} prefix, then AES-128-CBC with an IV of 16 spaces and a key derived by
 * PBKDF2-HMAC-SHA1 from a password with the salt {@code saltysalt}. On Linux {@code v10} is the fixed password
 * {@code peanuts} (no keyring in use) and {@code v11} a password kept in the Secret Service (application attribute
 * the app's name), 1 iteration; on macOS {@code v10} is the password of the Keychain item {@code <app> Safe Storage},
 * 1003 iterations. As Chromium does, a value the key does not open is tried once more with the empty password's key.
 * Sources: Chromium {@code components/os_crypt/sync/os_crypt_linux.cc}, {@code os_crypt_mac.mm},
 * {@code key_storage_libsecret.cc}; Electron {@code electron_browser_main_parts.cc} (docs/decisions.md).
 */
final class SafeStorage {
    /** Why a value could not be opened, for the user (never the value or the key). */
    static final class Failed extends Exception {
        Failed(String message) {
            super(message);
        }
    }

    private static final byte[] SALT = "saltysalt".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] IV = "                ".getBytes(StandardCharsets.US_ASCII);

    private SafeStorage() {
    }

    /**
     * @param sealed what {@code safeStorage.encryptString} returned
     * @param app    the Electron app's name ({@code Code}, {@code Code - Insiders}, {@code VSCodium}): names its key
     * @param env    where the keyring tools are ({@code secret-tool}, {@code security}) and which system this is
     * @return the text
     * @throws Failed when the key cannot be had or does not open the value
     */
    static String open(byte[] sealed, String app, Environment env) throws Failed {
        String prefix = sealed.length >= 3 ? new String(sealed, 0, 3, StandardCharsets.US_ASCII) : "";
        byte[] key;
        if (env.macOS() && prefix.equals("v10")) {
            key = key(macPassword(app, env), 1003);
        } else if (!env.macOS() && prefix.equals("v10")) {
            key = key("peanuts", 1);
        } else if (!env.macOS() && prefix.equals("v11")) {
            key = key(linuxPassword(app, env), 1);
        } else {
            throw new Failed("is not sealed the way Electron's safeStorage seals it on " + (env.macOS() ? "macOS" : "Linux")
                    + " (no v10" + (env.macOS() ? "" : "/v11") + " prefix)");
        }
        byte[] body = Arrays.copyOfRange(sealed, 3, sealed.length);
        return decrypt(body, key).or(() -> decrypt(body, key("", 1)))
                .orElseThrow(() -> new Failed("could not be decrypted (" + prefix + "): the stored value is damaged or was sealed"
                        + " with another key"));
    }

    /** PBKDF2-HMAC-SHA1 with the salt {@code saltysalt}, 16 bytes. */
    static byte[] key(String password, int iterations) {
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA1")
                    .generateSecret(new PBEKeySpec(password.toCharArray(), SALT, iterations, 128)).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no PBKDF2WithHmacSHA1", e);
        }
    }

    private static Optional<String> decrypt(byte[] body, byte[] key) {
        try {
            Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(IV));
            return Optional.of(new String(c.doFinal(body), StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            return Optional.empty(); // wrong key (bad padding) or not a whole number of blocks
        }
    }

    /** The v11 password: the Secret Service item Chromium's libsecret backend keeps, attribute application = the app. */
    private static String linuxPassword(String app, Environment env) throws Failed {
        String tool = env.program("secret-tool").map(Object::toString).orElseThrow(() -> new Failed("is sealed with a key kept in"
                + " the system keyring (v11), and secret-tool is not installed to read it (Debian, Ubuntu: apt-get install"
                + " libsecret-tools)"));
        return Sources.output(List.of(tool, "lookup", "application", app)).filter(p -> !p.isEmpty())
                .orElseThrow(() -> new Failed("is sealed with a key kept in the system keyring (v11), and the keyring gave no"
                        + " key for application '" + app + "' (is it locked, or does " + app + " keep it in KWallet?)"));
    }

    /** The macOS password: the Keychain item {@code <app> Safe Storage}. */
    private static String macPassword(String app, Environment env) throws Failed {
        String service = app + " Safe Storage";
        return env.program("security").flatMap(tool -> Sources.output(List.of(tool.toString(), "find-generic-password", "-s",
                        service, "-w"))).filter(p -> !p.isEmpty())
                .orElseThrow(() -> new Failed("is sealed with the key of the Keychain item '" + service + "', which could not be"
                        + " read (missing, access refused, or a prompt not answered within 5 s)"));
    }
}
