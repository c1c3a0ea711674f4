package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Principal;
import io.helidon.http.Method;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http.ServerRequest;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The operator-managed parts of the agent (issue 35.5): a named principal may read data sources, knowledge bases, MCP
 * servers, skills and model profiles, and search a knowledge base, but registering, changing or deleting one is the
 * operator's (403 {@code FORBIDDEN}); the principals' operations are the operator's altogether.
 */
final class OperatorOnly {
    private static final Pattern RESOURCE = Pattern.compile(
            "^/api/v1/(datasources|knowledge-bases|mcp-servers|skills)(/[^/]+)?/?$");
    private static final Set<Method> READS = Set.of(Method.GET, Method.HEAD, Method.OPTIONS);

    private OperatorOnly() {
    }

    /** The listener filter: a named principal's write to a resource is refused before its route runs. */
    static void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        Principal p = Principal.current(req).orElse(Principal.OPERATOR);
        if (!p.operator() && !READS.contains(req.prologue().method())) {
            var m = RESOURCE.matcher(req.path().path());
            if (m.matches()) {
                throw ApiError.forbidden("only the operator (the kit token) may change " + m.group(1).replace('-', ' ')
                        + "; '" + p.name() + "' is a named principal");
            }
        }
        chain.proceed();
    }

    /** @throws ApiError 403 unless the request is the operator's */
    static void require(ServerRequest request, String what) {
        Principal p = Principal.of(request);
        if (!p.operator()) {
            throw ApiError.forbidden("only the operator (the kit token) may " + what + "; '" + p.name()
                    + "' is a named principal");
        }
    }
}
