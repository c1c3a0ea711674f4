package dev.contractkit.reference.codehost;

import dev.contractkit.reference.codehost.v4.ApprovalsService;
import dev.contractkit.reference.codehost.v4.GeoService;
import dev.contractkit.reference.codehost.v4.ManagedLicensesService;
import dev.contractkit.reference.codehost.v4.MergeRequestsService;
import dev.contractkit.reference.codehost.v4.RunnersService;
import dev.contractkit.reference.codehost.v4.UsersService;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpService;

import java.util.List;
import java.util.function.Function;

/** The services generated from {@code codehost-v4.yaml}, each routing its operations to the given handlers. */
final class V4Services {
    private V4Services() {
    }

    static List<HttpService> of(Function<String, Handler> handlers) {
        return List.of(new RunnersService(handlers), new MergeRequestsService(handlers), new ApprovalsService(handlers),
                new UsersService(handlers), new GeoService(handlers), new ManagedLicensesService(handlers));
    }
}
