package dev.contractkit.conformance;

import dev.contractkit.conformance.report.Report;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The fixture of the suites against one API of the reference server alone: the server on a free port, run through
 * the suite once with an {@link IndependentValidator} watching every exchange.
 */
final class ReferenceServerRun implements AutoCloseable {
    private final KitServer server;
    private final Api api;
    private final Report report;
    private final IndependentValidator validator;

    private ReferenceServerRun(KitServer server, Api api, Report report, IndependentValidator validator) {
        this.server = server;
        this.api = api;
        this.report = report;
        this.validator = validator;
    }

    /**
     * @param api         the API, on a free port
     * @param data        the server's data directory
     * @param credentials how the run authenticates ({@code credential(...)}, {@code user(...)})
     */
    static ReferenceServerRun start(Api api, Path data, UnaryOperator<ConformanceTarget.Builder> credentials) {
        KitServer server = KitServer.start(TestSettings.of(Map.of(api.id() + ".port", "0", "data-dir", data.toString())),
                List.of(api));
        try {
            IndependentValidator validator = IndependentValidator.of(api, "reference");
            Report report = Conformance.run(credentials.apply(validator.watch(ConformanceTarget.builder(api))
                    .baseUrl(server.url(api))).build());
            return new ReferenceServerRun(server, api, report, validator);
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
    }

    /** @return the run */
    Report report() {
        return report;
    }

    /** @return the server's base URL of the API */
    String url() {
        return server.url(api);
    }

    /** Fails when the independent validator found a response invalid. */
    void assertEveryResponseValid() {
        validator.assertEveryResponseValid(report);
    }

    @Override
    public void close() {
        server.close();
    }
}
