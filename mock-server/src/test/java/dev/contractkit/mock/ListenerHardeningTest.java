package dev.contractkit.mock;

import dev.contractkit.mock.netty.ListenerGuard;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Attacks sent to running mocks: DNS rebinding, the control plane from elsewhere, CORS, big bodies, proxying. */
class ListenerHardeningTest {
    private static final String EXPECTATION = """
            {"httpRequest": {"method": "GET", "path": "/forms/7"},
             "httpResponse": {"statusCode": 200, "body": {"form": {"id": 7}}}}""";
    private static final String TOKEN = "a-control-token-of-some-length";

    private final Http http = new Http();
    private MockServers mocks;

    private String start(MockOptions.Builder options) {
        mocks = MockServers.start(options.apis(Api.FORMS).port(Api.FORMS, 0).build());
        return "http://127.0.0.1:" + mocks.port(Api.FORMS);
    }

    @AfterEach
    void stop() {
        http.close();
        if (mocks != null) {
            mocks.close();
        }
    }

    @Test
    void aForeignHostHeaderIsRefusedWith421InTheContractsShapeSoDnsRebindingFindsNothing() {
        String base = start(MockOptions.builder());

        Http.Answer api = http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL, "Host", "attacker.example:" + mocks.port(Api.FORMS));
        Http.Answer control = http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION, "Host", "attacker.example");

        assertThat(api.status()).isEqualTo(421);
        assertThat(api.json().findPath("message").asText()).contains("Host 'attacker.example:").contains("--allowed-host");
        assertThat(control.status()).isEqualTo(421);
        assertThat(http.get(base + "/forms/7", "Authorization", Http.CREDENTIAL).json().at("/form/id").asInt())
                .as("the expectation was not added").isEqualTo(1);
    }

    @Test
    void loopbackNamesAndAnAllowedHostAreAnswered() {
        String base = start(MockOptions.builder().allowedHost("mock.test"));
        int port = mocks.port(Api.FORMS);

        assertThat(http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL, "Host", "localhost:" + port).status()).isEqualTo(200);
        assertThat(http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL, "Host", "[::1]:" + port).status()).isEqualTo(200);
        assertThat(http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL, "Host", "MOCK.test:" + port).status()).isEqualTo(200);
    }

    @Test
    void onANonLoopbackBindTheControlPlaneIsOffAndTheApiStillAnswers() {
        String base = start(MockOptions.builder().host("0.0.0.0"));

        assertThat(mocks.port(Api.FORMS)).isPositive();
        for (String path : List.of("/mockserver/expectation", "/mockserver/reset", "/mockserver/clear",
                "/mockserver/retrieve?type=requests", "/mockserver/kit/responses", "/%6Dockserver/expectation", "/MOCKSERVER/reset")) {
            Http.Answer a = http.send("PUT", base + path, "application/json", EXPECTATION);
            assertThat(a.status()).as(path).isEqualTo(403);
            assertThat(a.json().findPath("message").asText()).as(path).contains("--control-plane --control-token");
        }
        assertThat(http.get(base + "/mockserver/kit/apis").status()).isEqualTo(403);
        assertThat(http.get(base + "/mockserver/dashboard").status()).isEqualTo(403);
        assertThat(http.get(base + "/forms/7", "Authorization", Http.CREDENTIAL).json().at("/form/id").asInt()).isEqualTo(1);
    }

    @Test
    void theControlPlaneOnANonLoopbackBindNeedsTheFlagAndTheToken() {
        assertThatThrownBy(() -> MockOptions.builder().host("0.0.0.0").controlPlane(true).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--control-token");
        String base = start(MockOptions.builder().host("0.0.0.0").controlPlane(true).controlToken(TOKEN));

        Http.Answer without = http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION);
        Http.Answer wrong = http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION,
                ListenerGuard.TOKEN_HEADER, TOKEN + "x");
        Http.Answer right = http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION,
                ListenerGuard.TOKEN_HEADER, TOKEN);

        assertThat(without.status()).isEqualTo(403);
        assertThat(wrong.status()).isEqualTo(403);
        assertThat(right.status()).isEqualTo(201);
        assertThat(http.get(base + "/forms/7").json().at("/form/id").asInt()).isEqualTo(7);
    }

    @Test
    void aControlPlaneRequestFromAForeignOriginIsRefusedAndSameOriginPasses() {
        String base = start(MockOptions.builder());

        Http.Answer foreign = http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION,
                "Origin", "https://attacker.example");
        Http.Answer nullOrigin = http.send("PUT", base + "/mockserver/kit/reset", "application/json", "", "Origin", "null");
        Http.Answer read = http.get(base + "/mockserver/kit/apis", "Origin", "https://attacker.example");
        Http.Answer dashboardSocket = http.get(base + "/_mockserver_ui_websocket", "Origin", "https://attacker.example",
                "Connection", "Upgrade", "Upgrade", "websocket", "Sec-WebSocket-Version", "13",
                "Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==");
        Http.Answer same = http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION,
                "Origin", base);

        assertThat(foreign.status()).isEqualTo(403);
        assertThat(foreign.json().findPath("message").asText()).contains("Origin 'https://attacker.example'");
        assertThat(nullOrigin.status()).isEqualTo(403);
        assertThat(read.status()).isEqualTo(403);
        assertThat(dashboardSocket.status()).as("the request log is not readable from another origin").isEqualTo(403);
        assertThat(same.status()).isEqualTo(201);
    }

    @Test
    void noCorsHeadersAreSentToAnotherOriginEvenWhenMockServersPropertiesAskForThem() {
        // MockServer reads these system properties where its configuration leaves CORS unset: the kit sets it off
        System.setProperty("mockserver.enableCORSForAPI", "true");
        System.setProperty("mockserver.enableCORSForAllResponses", "true");
        try {
            String base = start(MockOptions.builder());

            Http.Answer preflight = http.send("OPTIONS", base + "/mockserver/expectation", null, null,
                    "Origin", "https://attacker.example", "Access-Control-Request-Method", "PUT");
            Http.Answer apiPreflight = http.send("OPTIONS", base + "/forms/1", null, null,
                    "Origin", "https://attacker.example", "Access-Control-Request-Method", "GET");
            Http.Answer get = http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL, "Origin", "https://attacker.example");
            http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION);
            Http.Answer matched = http.get(base + "/forms/7", "Origin", "https://attacker.example");

            for (Http.Answer a : List.of(preflight, apiPreflight, get, matched)) {
                assertThat(a.headers().names()).noneMatch(n -> n.toLowerCase(Locale.ROOT).startsWith("access-control-"));
            }
            assertThat(get.status()).isEqualTo(200);
            assertThat(matched.json().at("/form/id").asInt()).as("answered by MockServer itself").isEqualTo(7);
        } finally {
            System.clearProperty("mockserver.enableCORSForAPI");
            System.clearProperty("mockserver.enableCORSForAllResponses");
        }
    }

    @Test
    void aWebSocketFromAForeignOriginIsRefusedAndALocalPageMayConnect() throws IOException {
        mocks = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).build());
        int port = mocks.port(Api.COUPONS);
        String handshake = "GET /ws/coupons HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: Upgrade\r\n"
                + "Authorization: Bearer " + mocks.token(Api.COUPONS, "alice") + "\r\n"
                + "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

        String foreign = raw(port, handshake + "Origin: https://attacker.example\r\n\r\n");
        String local = firstLine(port, handshake + "Origin: http://localhost:3000\r\n\r\n");

        assertThat(foreign).startsWith("HTTP/1.1 403").contains("WebSocket from Origin 'https://attacker.example'");
        assertThat(local).startsWith("HTTP/1.1 101");
    }

    @Test
    void handshakesPastTheWebSocketCapAreRefusedWith503() throws IOException {
        System.setProperty("kit.mock.ws-max-connections", "2");
        try {
            mocks = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).build());
        } finally {
            System.clearProperty("kit.mock.ws-max-connections");
        }
        int port = mocks.port(Api.COUPONS);
        String handshake = "GET /ws/coupons HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: Upgrade\r\n"
                + "Authorization: Bearer " + mocks.token(Api.COUPONS, "alice") + "\r\n"
                + "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
        List<Socket> open = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Socket s = new Socket("127.0.0.1", port);
                open.add(s);
                s.setSoTimeout(10_000);
                s.getOutputStream().write(handshake.getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
                assertThat(new BufferedReader(new InputStreamReader(s.getInputStream(),
                        StandardCharsets.ISO_8859_1)).readLine()).startsWith("HTTP/1.1 101");
            }
            Awaitility.await().atMost(Duration.ofSeconds(10))
                    .until(() -> raw(port, handshake).startsWith("HTTP/1.1 503"));
            assertThat(raw(port, handshake)).contains("Retry-After: 5").contains("KIT_MOCK_WS_MAX_CONNECTIONS");
        } finally {
            for (Socket s : open) {
                s.close();
            }
        }
    }

    @Test
    void aBodyOverTheLimitIsRefusedWith413WithOrWithoutContentLength() {
        String base = start(MockOptions.builder().maxBodyBytes(1024));
        String big = "x".repeat(4096);

        Http.Answer declared = http.send("POST", base + "/forms/1", "application/json", big, "Authorization", Http.CREDENTIAL);
        Http.Answer chunked = http.call("POST", base + "/forms/1", new RequestBody() {
            @Override
            public MediaType contentType() {
                return MediaType.get("application/json");
            }

            @Override
            public long contentLength() {
                return -1; // chunked: the size is only known while reading
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                for (int i = 0; i < 8; i++) {
                    sink.writeUtf8("y".repeat(512)).flush();
                }
            }
        });
        Http.Answer small = http.send("POST", base + "/forms/1", "application/json", "{}", "Authorization", Http.CREDENTIAL);

        assertThat(declared.status()).isEqualTo(413);
        assertThat(declared.json().findPath("message").asText()).contains("1024 bytes").contains("--max-body-bytes");
        assertThat(chunked.status()).isEqualTo(413);
        assertThat(small.status()).as("under the limit the contract answers (no POST on /forms/1)").isEqualTo(405);
    }

    @Test
    void theListenerIsNoProxyAbsoluteUrisConnectSocksAndHttp2AreRefused() throws IOException {
        start(MockOptions.builder());
        int port = mocks.port(Api.FORMS);

        assertThat(raw(port, "GET http://169.254.169.254/latest/meta-data HTTP/1.1\r\nHost: 169.254.169.254\r\n\r\n"))
                .startsWith("HTTP/1.1 400").contains("not a proxy");
        assertThat(raw(port, "CONNECT 169.254.169.254:80 HTTP/1.1\r\nHost: 169.254.169.254:80\r\n\r\n"))
                .startsWith("HTTP/1.1 400").contains("not a proxy");
        assertThat(raw(port, "\u0005\u0001\u0000")).as("SOCKS5 greeting").isEmpty();
        assertThat(raw(port, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\u0000\u0000\u0000\u0004\u0000\u0000\u0000\u0000\u0000"))
                .as("HTTP/2 prior knowledge").isEmpty();
    }

    @Test
    void theCommandLineSaysTheControlPlaneIsOffAndRefusesItWithoutAToken() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);

        Main.Launch refused = Main.launch(List.of("--api", "forms", "--port", "forms=0", "--host", "0.0.0.0", "--control-plane"), Map.of(), o, e);
        Main.Launch running = Main.launch(List.of("--api", "forms", "--port", "forms=0", "--host", "0.0.0.0"), Map.of(), o, e);
        try {
            assertThat(refused).isEqualTo(new Main.Launch.Exited(2));
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("mock: the control plane on a non-loopback address (0.0.0.0) needs a secret");
            assertThat(running).isInstanceOf(Main.Launch.Running.class);
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("the control plane (/mockserver/) is off on this non-loopback bind");
        } finally {
            if (running instanceof Main.Launch.Running r) {
                r.servers().close();
            }
        }
    }

    /** Sends raw bytes and reads the answer's first line (a WebSocket stays open after it). */
    private static String firstLine(int port, String request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
        }
    }

    /** Sends raw bytes and reads until the mock closes the connection (a closed one without an answer reads ""). */
    private static String raw(int port, String request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
