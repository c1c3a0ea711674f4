package dev.contractkit.reference.platform;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.function.Supplier;

/**
 * The documented demo credentials (forms key, codehost token, coupon users) are for a server on loopback
 * only: a module refuses to start when {@code KIT_HOST} is anything else and its demo credential is still in
 * effect, with a message that names the setting to change.
 *
 * <pre>{@code
 * DemoCredentials.refuseOffLoopback(settings, () -> keys.contains(DEMO_KEY) ? List.of(DEMO_KEY) : List.of(),
 *         "forms API key", "KIT_FORMS_API_KEYS");
 * }</pre>
 */
public final class DemoCredentials {
    private DemoCredentials() {
    }

    /**
     * @param host a bind address or host name
     * @return whether it is a loopback address (127.0.0.0/8, ::1, or a name that resolves to one)
     */
    public static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host.trim()).isLoopbackAddress();
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    /**
     * @param settings the server's settings ({@code host}, default 127.0.0.1)
     * @param inUse    the demo credentials still in effect (asked only off loopback)
     * @param what     what they are, e.g. "forms API key"
     * @param setting  what to set instead, e.g. "KIT_FORMS_API_KEYS"
     * @throws IllegalStateException when the server binds a non-loopback address and a demo credential is in use
     */
    public static void refuseOffLoopback(Settings settings, Supplier<? extends Collection<String>> inUse, String what,
                                         String setting) {
        String host = settings.get("host", "127.0.0.1");
        if (loopback(host)) {
            return;
        }
        Collection<String> demo = inUse.get();
        if (!demo.isEmpty()) {
            throw new IllegalStateException("KIT_HOST=" + host + " is not a loopback address, but the demo " + what + " ("
                    + String.join(", ", demo) + ") would be accepted: anyone who can reach the server knows it from "
                    + "the README. Set " + setting + " to your own secret, or bind to 127.0.0.1.");
        }
    }
}
