package dev.contractkit.sdk;

import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;

/**
 * The SDK tests' fixture: a fresh {@link MockWebServer} on a free port for each test, shut down after it.
 *
 * <pre>{@code
 * @RegisterExtension
 * final MockWebServerExtension mock = new MockWebServerExtension();
 * private final MockWebServer server = mock.server();
 * }</pre>
 */
public final class MockWebServerExtension implements BeforeEachCallback, AfterEachCallback {
    private final MockWebServer server = new MockWebServer();

    /** @return the server (started before each test) */
    public MockWebServer server() {
        return server;
    }

    /** @return its base URL, e.g. {@code http://127.0.0.1:PORT/} */
    public String url() {
        return server.url("/").toString();
    }

    /**
     * @param status the status
     * @param body   a JSON body
     * @return a JSON answer
     */
    public static MockResponse json(int status, String body) {
        return new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json").setBody(body);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        server.start();
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        server.shutdown();
    }
}
