package dev.contractkit.reference.codehost;

import dev.contractkit.reference.codehost.v5.ApprovalsService;
import dev.contractkit.reference.codehost.v5.GeoService;
import dev.contractkit.reference.codehost.v5.MergeRequestsService;
import dev.contractkit.reference.codehost.v5.RunnersService;
import dev.contractkit.reference.codehost.v5.UsersService;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpService;

import java.util.List;
import java.util.function.Function;

/** The services generated from {@code codehost-v5.yaml} (no managed licenses), routing to the given handlers. */
final class V5Services {
    private V5Services() {
    }

    static List<HttpService> of(Function<String, Handler> handlers) {
        return List.of(new RunnersService(handlers), new MergeRequestsService(handlers), new ApprovalsService(handlers),
                new UsersService(handlers), new GeoService(handlers));
    }
}
