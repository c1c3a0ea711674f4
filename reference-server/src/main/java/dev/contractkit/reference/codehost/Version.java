package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpService;

import java.util.List;
import java.util.function.Function;

/**
 * The two versions the code-hosting API serves from one store, each with its own contract and the services generated
 * from it.
 */
enum Version {
    V4("/api/v4", "openapi/codehost-v4.yaml", V4Services::of),
    V5("/api/v5", "openapi/codehost-v5.yaml", V5Services::of);

    private final String prefix;
    private final String contract;
    private final Function<Function<String, Handler>, List<HttpService>> services;
    private volatile ContractRules rules;

    Version(String prefix, String contract, Function<Function<String, Handler>, List<HttpService>> services) {
        this.prefix = prefix;
        this.contract = contract;
        this.services = services;
    }

    /** @return the version's generated services, routing its contract's operations to these handlers */
    List<HttpService> services(Function<String, Handler> handlers) {
        return services.apply(handlers);
    }

    String prefix() {
        return prefix;
    }

    /** @return the version's contract rules (query and body checks), loaded on first use */
    ContractRules rules() {
        ContractRules r = rules;
        if (r == null) {
            synchronized (this) {
                r = rules;
                if (r == null) {
                    r = new ContractRules(ContractDocument.load(contract));
                    rules = r;
                }
            }
        }
        return r;
    }
}
