package dev.contractkit.reference.codehost;

import io.helidon.webserver.http.Handler;

import java.util.Objects;
import java.util.stream.Stream;

/**
 * The handlers of one version, one class per resource for both versions ({@link Version} picks the differences);
 * the version's generated services route the contract's operations to them by operationId.
 */
record Endpoints(Version version, RunnerEndpoint runners, MergeRequestEndpoint mergeRequests, UserEndpoint users,
                 GeoEndpoint geo, LicenseEndpoint licenses) {

    /**
     * @return the handler of the operation (asked by a generated service when its routes are set up)
     * @throws IllegalStateException when no endpoint has one: the server does not start
     */
    Handler handler(String operationId) {
        return Stream.of(runners.handler(operationId), mergeRequests.handler(operationId), users.handler(operationId),
                        geo.handler(operationId), licenses.handler(operationId))
                .filter(Objects::nonNull).findFirst()
                .orElseThrow(() -> new IllegalStateException("codehost " + version + ": no handler for operation " + operationId));
    }
}
