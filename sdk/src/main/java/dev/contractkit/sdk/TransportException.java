package dev.contractkit.sdk;

import java.io.IOException;

/**
 * No HTTP answer: connection refused, time-out, broken stream, or a body that is not the contract's JSON.
 * Its {@link #status()} is 0; idempotent calls were retried first.
 *
 * <pre>{@code
 * try {
 *     forms.get(1).execute();
 * } catch (TransportException e) {
 *     System.out.println("server unreachable: " + e.getCause());
 * }
 * }</pre>
 */
public class TransportException extends ApiException {
    /**
     * @param message what failed
     * @param cause   the I/O failure
     */
    public TransportException(String message, IOException cause) {
        super(0, message, "", null, cause);
    }
}
