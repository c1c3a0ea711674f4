package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fixture of the per-API suites: the reference server and the mock server of the same APIs (free ports, one
 * credential), each run through the suite once with an {@link IndependentValidator} watching every exchange.
 */
final class BothImplementations implements AutoCloseable {
    private final KitServer server;
    private final MockServers mock;
    private final Map<Api, Run> reference = new LinkedHashMap<>();
    private final Map<Api, Run> mocked = new LinkedHashMap<>();

    /** One run of the suite and the validator that watched it. */
    private record Run(Report report, IndependentValidator validator) {
    }

    private BothImplementations(KitServer server, MockServers mock) {
        this.server = server;
        this.mock = mock;
    }

    /**
     * @param apis       the APIs, each on a free port of both servers
     * @param credential the credential both servers accept and the suite sends
     * @param settings   the reference server's settings besides ports and data directory
     * @param data       the reference server's data directory
     * @param notOnMock  checks left out of an API's run against the mock (it keeps no state without --stateful)
     */
    static BothImplementations run(List<Api> apis, String credential, Map<String, String> settings, Path data,
                                   Map<Api, Set<Check>> notOnMock) {
        Map<String, String> all = new HashMap<>(settings);
        all.put("data-dir", data.toString());
        apis.forEach(api -> all.put(api.id() + ".port", "0"));
        MockOptions.Builder options = MockOptions.builder().apis(apis);
        apis.forEach(api -> options.port(api, 0).credential(api, credential));
        BothImplementations both = new BothImplementations(KitServer.start(TestSettings.of(all), apis),
                MockServers.start(options.build()));
        try {
            for (Api api : apis) {
                both.reference.put(api, run(api, "reference", both.server.url(api), credential, Set.of()));
                both.mocked.put(api, run(api, "mock", both.mock.url(api), credential, notOnMock.getOrDefault(api, Set.of())));
            }
        } catch (RuntimeException | Error e) {
            both.close();
            throw e;
        }
        return both;
    }

    private static Run run(Api api, String name, String url, String credential, Set<Check> excluded) {
        IndependentValidator validator = IndependentValidator.of(api, name);
        return new Run(Conformance.run(validator.watch(ConformanceTarget.builder(api)).baseUrl(url).credential(credential)
                .excludeChecks(excluded).build()), validator);
    }

    /** @return the reference server's run of that API */
    Report reference(Api api) {
        return reference.get(api).report();
    }

    /** @return the mock's run of that API */
    Report mock(Api api) {
        return mocked.get(api).report();
    }

    /** @return the reference server's base URL of that API */
    String referenceUrl(Api api) {
        return server.url(api);
    }

    /** @return the mock's base URL of that API */
    String mockUrl(Api api) {
        return mock.url(api);
    }

    /** Fails when the independent validator found a response of the reference server invalid. */
    void assertEveryReferenceResponseValid() {
        reference.values().forEach(r -> r.validator().assertEveryResponseValid(r.report()));
    }

    /** Fails when the independent validator found a response of the mock invalid. */
    void assertEveryMockResponseValid() {
        mocked.values().forEach(r -> r.validator().assertEveryResponseValid(r.report()));
    }

    @Override
    public void close() {
        server.close();
        mock.close();
    }
}
