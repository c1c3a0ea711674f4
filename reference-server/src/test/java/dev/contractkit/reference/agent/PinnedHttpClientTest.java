package dev.contractkit.reference.agent;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The MCP transport's client connects to the address the policy checked and nowhere else (issue 34.1): a DNS
 * answer that changes after the check (rebinding) cannot move the connection, and a request for another origin
 * than the checked one is refused before any connection.
 */
class PinnedHttpClientTest {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Test
    void theConnectionGoesToTheCheckedAddressAndTheNameIsNeverLookedUpAgain() throws Exception {
        String token = AgentResourcesTest.TOKEN;
        try (McpTestServer mcp = new McpTestServer(token)) {
            int port = URI.create(mcp.url()).getPort();
            // a name that resolves nowhere: had the transport looked it up again (as the JDK's client does), it failed
            URI uri = URI.create("http://rebinding.invalid:" + port + "/mcp");
            McpAddressPolicy.Target target = new McpAddressPolicy.Target("http://rebinding.invalid:" + port, "/mcp", uri,
                    List.of(InetAddress.getByName("127.0.0.1")));
            try (McpTool.Session session = McpTool.open(target, token)) {
                assertThat(session.tools()).extracting(t -> t.name()).contains("region_targets");
            }
            assertThat(mcp.authorizations).isNotEmpty().allMatch(a -> a.equals("Bearer " + token));
        }
    }

    @Test
    void aRequestForAnotherOriginThanTheCheckedOneIsRefusedWithoutConnecting() throws Exception {
        AtomicInteger hits = new AtomicInteger();
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", ex -> {
            hits.incrementAndGet();
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        other.start();
        try (McpTestServer mcp = new McpTestServer(null)) {
            McpAddressPolicy.Target target = McpAddressPolicyTest.policy("127.0.0.1/32").check(mcp.url());
            HttpClient client = PinnedHttpClient.builder(target, TIMEOUT).build();
            URI elsewhere = URI.create("http://127.0.0.1:" + other.getAddress().getPort() + "/x");
            HttpRequest request = HttpRequest.newBuilder(elsewhere).header("Authorization", "Bearer secret").GET().build();
            assertThatThrownBy(() -> client.send(request, HttpResponse.BodyHandlers.ofString()))
                    .hasMessageContaining("refused").hasMessageContaining("not the checked");
            assertThat(hits).hasValue(0);

            HttpResponse<String> ok = client.send(HttpRequest.newBuilder(target.uri()).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ok.statusCode()).as("the checked origin answers").isBetween(200, 499);
        } finally {
            other.stop(0);
        }
    }
}
