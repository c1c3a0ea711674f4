package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.Api;
import io.helidon.health.HealthCheck;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.websocket.WsListener;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One API of the reference server: its catalogue entry, its JSON conventions, its routes and its
 * error shape. {@link ApiServer} gives each module its own listener with the shared plumbing
 * (request ids, error mapping, contract-driven 404/405, health and metrics).
 */
public interface ApiModule {

    /** @return the API this module implements */
    Api api();

    /** @return the mapper for this API's JSON (naming convention of its contract) */
    ObjectMapper mapper();

    /**
     * Registers the API's services.
     *
     * @param routing the listener's routing
     */
    void routing(HttpRouting.Builder routing);

    /**
     * Renders a failure in the contract's error shape.
     *
     * @param error     the failure
     * @param requestId the request's id
     * @return the body to send as JSON
     */
    Object errorBody(ApiError error, String requestId);

    /**
     * What the API's {@link Admission}s need beyond the contract: per security scheme, what turns a credential into a
     * caller; the realm of challenges; where rate limits count and the numbers that override the contract's. The
     * kit token's scheme ({@value Admission#KIT_TOKEN_SCHEME}) is the platform's ({@link #namedTokens()}).
     *
     * @return the API's admission setup; nothing beyond the kit token by default
     */
    default Admission.Setup admission() {
        return Admission.Setup.NONE;
    }

    /**
     * The tokens this API accepts besides the kit token, each naming a {@link Principal} (the listener's filter sets
     * the request's principal, {@link Principal#of}); {@code /observe/metrics} takes the kit token only.
     *
     * @return the API's named tokens; none by default
     */
    default NamedTokens namedTokens() {
        return NamedTokens.NONE;
    }

    /** @return readiness checks beyond the database's */
    default List<HealthCheck> healthChecks() {
        return List.of();
    }

    /**
     * WebSocket endpoints served on the same listener (the upgrade is tried before HTTP routing; a listener
     * that refuses it in {@code onHttpUpgrade} leaves the request to the HTTP routes). {@link ApiServer} puts each
     * behind the listener's {@code Host} and {@code Origin} checks, which Helidon's upgrade would skip.
     *
     * @return path to a new listener per connection; empty when the API has none
     */
    default Map<String, Supplier<WsListener>> webSockets() {
        return Map.of();
    }

    /** Stops the module's background work (schedulers); called after its listener stopped. */
    default void close() {
    }
}
