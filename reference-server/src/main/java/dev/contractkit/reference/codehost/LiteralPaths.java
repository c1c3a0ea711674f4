package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A path the contract names literally ({@code /runners/all}, {@code /geo_sites/status}) answers 405 for a method
 * it does not declare, although a templated route ({@code PUT /runners/{id}}) would also match it.
 */
final class LiteralPaths {
    private final Map<String, Set<String>> methods = new LinkedHashMap<>();

    LiteralPaths(Version version) {
        ContractDocument doc = version.rules().document();
        for (ContractDocument.Operation op : doc.operations()) {
            if (!op.path().contains("{")) {
                methods.computeIfAbsent(op.path(), p -> new LinkedHashSet<>()).add(op.method());
            }
        }
    }

    void check(ServerRequest req, ServerResponse res) {
        String path = req.path().absolute().path();
        String trimmed = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
        Set<String> allowed = methods.get(trimmed);
        String method = req.prologue().method().text();
        if (allowed != null && !allowed.contains(method)) {
            throw new ApiError(Status.METHOD_NOT_ALLOWED_405, "METHOD_NOT_ALLOWED",
                    method + " is not allowed on " + trimmed + "; allowed: " + String.join(", ", allowed))
                    .withHeader(HeaderNames.ALLOW.defaultCase(), String.join(", ", allowed));
        }
        res.next();
    }
}
