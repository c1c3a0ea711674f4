package dev.contractkit.reference.platform;

import io.helidon.webserver.http.ServerRequest;

import java.util.Objects;
import java.util.Optional;

/**
 * Who sent a request to a listener whose API has more than the kit token ({@link ApiModule#namedTokens()}): the
 * operator (the kit token) or a named principal (one of the API's named tokens). Set by the listener's filter once
 * the token is checked; the operator is named {@value #OPERATOR_NAME}, a name no named token may take.
 *
 * @param name     the principal's name
 * @param operator true for the kit token's holder
 */
public record Principal(String name, boolean operator) {
    private static final Exchange.Slot<Principal> SLOT = Exchange.slot(Principal.class);
    /** The operator's name. */
    public static final String OPERATOR_NAME = "operator";
    /** The kit token's holder. */
    public static final Principal OPERATOR = new Principal(OPERATOR_NAME, true);

    /** Checks the name. */
    public Principal {
        Objects.requireNonNull(name, "name");
    }

    /**
     * @param name a named token's principal
     * @return that principal (not the operator)
     */
    public static Principal named(String name) {
        if (name.equals(OPERATOR_NAME)) {
            throw new IllegalArgumentException("'" + OPERATOR_NAME + "' is the kit token's principal");
        }
        return new Principal(name, false);
    }

    /**
     * @param request a request the listener's filter let through
     * @return its principal
     * @throws ApiError 401 when the request carried no token (an operation the contract leaves public)
     */
    public static Principal of(ServerRequest request) {
        return current(request).orElseThrow(() -> ApiError.unauthorized("send Authorization: Bearer <token>"));
    }

    /**
     * @param request a request the listener's filter let through
     * @return its principal, if it carried a token
     */
    public static Optional<Principal> current(ServerRequest request) {
        return Optional.ofNullable(Exchange.get(request, SLOT));
    }

    /** Sets the request's principal (its admission, {@link Admission}). */
    static void register(ServerRequest request, Principal principal) {
        Exchange.of(request).set(SLOT, principal);
    }

    /**
     * @param owner the principal that owns something (a thread, a file)
     * @return true when this principal may see it: its own, or the operator, who sees everything
     */
    public boolean sees(String owner) {
        return operator || name.equals(owner);
    }
}
