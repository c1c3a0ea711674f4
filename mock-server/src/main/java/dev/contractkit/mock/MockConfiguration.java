package dev.contractkit.mock;

import org.mockserver.configuration.Configuration;

/**
 * MockServer's settings for a contract mock: quiet (log level WARN) and a short request log (100 entries;
 * MockServer's default of 60,000 slows every request as it fills and grows past 1 GB), no proxying of
 * unmatched requests, no CORS headers (a web page elsewhere cannot read the mock's answers), request line and
 * headers bounded (16 KiB, 64 KiB), one event loop per core (at least 2) per listener. {@code -Dmockserver.logLevel=INFO} and {@code -Dmockserver.maxLogEntries=N} still win.
 */
final class MockConfiguration {
    private MockConfiguration() {
    }

    static Configuration of(String host) {
        return Configuration.configuration()
                .logLevel(System.getProperty("mockserver.logLevel", "WARN"))
                .maxLogEntries(Integer.getInteger("mockserver.maxLogEntries", 100))
                .attemptToProxyIfNoMatchingExpectation(false)
                .enableCORSForAPI(false)
                .enableCORSForAllResponses(false)
                .maxInitialLineLength(16 * 1024)
                .maxHeaderSize(64 * 1024)
                .maxChunkSize(8 * 1024)
                // one event loop per core (MockServer's default is 5 a listener, whatever the machine): a request is
                // answered on its event loop without blocking, so more threads only take turns on the same cores
                .nioEventLoopThreadCount(Integer.getInteger("mockserver.nioEventLoopThreadCount",
                        Math.max(2, Runtime.getRuntime().availableProcessors())))
                .localBoundIP(host);
    }
}
