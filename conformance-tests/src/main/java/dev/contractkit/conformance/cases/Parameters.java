package dev.contractkit.conformance.cases;

import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The parameters of an operation the suite sends and judges. OpenAPI (3.0.3 and 3.1, Parameter Object, "name"):
 * a header parameter named {@code Accept}, {@code Content-Type} or {@code Authorization} SHALL be ignored; the
 * request's media type, the answer's and the credential are described elsewhere (request body, responses,
 * security schemes). So such a parameter is neither sent as a value of its own nor left out as a "missing
 * required header".
 */
final class Parameters {
    private static final Set<String> IGNORED_HEADERS = Set.of("accept", "content-type", "authorization");
    private static final Set<String> ALWAYS_SENT = Set.of("user-agent", "host", "accept-encoding", "content-encoding",
            "content-length", "transfer-encoding");

    private Parameters() {
    }

    /**
     * @return the operation's parameters (path level and operation level) without the ones OpenAPI ignores and the
     *         headers the HTTP client sets itself (a {@code Content-Length} parameter's example sent as the header broke
     *         influxdata's requests; a {@code User-Agent} cannot be left out)
     */
    static List<Parameter> of(Operation op) {
        return op.parameters().stream().filter(p -> !ignored(p) && !alwaysSent(p)).toList();
    }

    /**
     * @return true for a header the suite's HTTP client always sends ({@code User-Agent}, {@code Host},
     *         {@code Accept-Encoding}, {@code Content-Encoding}, {@code Content-Length}, {@code Transfer-Encoding}):
     *         it cannot leave it out nor give it a value of its own (bunq declares {@code User-Agent} required,
     *         influxdata {@code Content-Length}). {@code Connection} is not one: a WebSocket handshake's
     *         {@code Connection: Upgrade} travels as the contract's parameter says
     */
    private static boolean alwaysSent(Parameter p) {
        return p.in().equals("header") && ALWAYS_SENT.contains(p.name().toLowerCase(Locale.ROOT));
    }

    /** @return true for a header parameter named Accept, Content-Type or Authorization (any case) */
    static boolean ignored(Parameter p) {
        return p.in().equals("header") && IGNORED_HEADERS.contains(p.name().toLowerCase(Locale.ROOT));
    }
}
