package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A WebSocket client that vanishes (connection reset, no close frame) is not an error in the mock's log. */
class WebSocketDisconnectTest {

    @Test
    void aClientResettingItsWebSocketLeavesNoStackTraceInTheLog() throws Exception {
        List<LogRecord> traces = new CopyOnWriteArrayList<>();
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getThrown() != null) {
                    traces.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(recorder);
        try (MockServers mocks = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).build())) {
            URI ws = URI.create(mocks.channelUrls(Api.COUPONS).get(0));
            for (int i = 0; i < 3; i++) {
                try (Socket socket = new Socket(ws.getHost(), ws.getPort())) {
                    OutputStream out = socket.getOutputStream();
                    out.write(("GET " + ws.getPath() + "?token=" + mocks.token(Api.COUPONS, "alice") + " HTTP/1.1\r\n"
                            + "Host: 127.0.0.1:" + ws.getPort() + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    InputStream in = socket.getInputStream();
                    byte[] head = new byte[12];
                    assertThat(in.readNBytes(head, 0, 12)).isEqualTo(12);
                    assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 101");
                    socket.setSoLinger(true, 0); // close() now resets the connection
                }
            }
            await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5)).until(traces::isEmpty);
        } finally {
            root.removeHandler(recorder);
        }
        assertThat(traces).extracting(LogRecord::getMessage).isEmpty();
    }
}
