package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many requests on one kept-alive connection, read byte by byte as a client reads them: an answer the mock gives
 * again and again is the same bytes each time, every request gets its own answer in order, and a {@code HEAD} among
 * them has no body (Netty pairs each request with its response per connection; an answer written past its encoder
 * must keep that pairing).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KeptAliveConnectionTest {
    private static final String GET = "GET /forms/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + Http.CREDENTIAL + "\r\n\r\n";
    private static final String HEAD = "HEAD /forms/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + Http.CREDENTIAL + "\r\n\r\n";
    private MockServers mocks;
    private int port;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0).build());
        port = URI.create(mocks.url(Api.FORMS)).getPort();
    }

    @AfterAll
    void stop() {
        mocks.close();
    }

    @Test
    void aRepeatedAnswerIsTheSameBytesEachTimeAndAHeadAfterItHasNoBody() throws IOException {
        try (Socket s = connect()) {
            List<Answer> gets = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                send(s, GET);
                gets.add(Answer.read(s.getInputStream(), false));
            }
            send(s, HEAD);
            Answer head = Answer.read(s.getInputStream(), true);
            send(s, GET);
            Answer after = Answer.read(s.getInputStream(), false);

            assertThat(gets).extracting(Answer::head).containsOnly(gets.get(0).head());
            assertThat(gets).extracting(Answer::body).containsOnly(gets.get(0).body());
            assertThat(gets.get(0).head()).startsWith("HTTP/1.1 200 OK\r\n").contains("connection: keep-alive\r\n");
            assertThat(gets.get(0).body()).contains("\"id\":1");
            assertThat(head.head()).startsWith("HTTP/1.1 405 ");
            assertThat(head.body()).isEmpty();
            assertThat(after.head()).isEqualTo(gets.get(0).head()); // nothing of the HEAD's answer was left on the wire
            assertThat(after.body()).isEqualTo(gets.get(0).body());
        }
    }

    @Test
    void pipelinedRequestsGetTheirAnswersInOrderAHeadAmongThemWithoutBody() throws IOException {
        try (Socket s = connect()) {
            send(s, GET + GET + GET + HEAD + GET + GET);

            InputStream in = s.getInputStream();
            List<Answer> answers = new ArrayList<>();
            for (String request : List.of("GET", "GET", "GET", "HEAD", "GET", "GET")) {
                answers.add(Answer.read(in, request.equals("HEAD")));
            }

            assertThat(answers).extracting(a -> a.head().substring(0, 12))
                    .containsExactly("HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 405", "HTTP/1.1 200", "HTTP/1.1 200");
            assertThat(answers.get(3).body()).isEmpty();
            assertThat(answers).filteredOn(a -> a.head().startsWith("HTTP/1.1 200")).extracting(Answer::body)
                    .containsOnly(answers.get(0).body());
        }
    }

    @Test
    void aRequestSentWithoutBodyIsRecordedWithTheHeadersMockServersAggregatorGaveIt() throws IOException {
        mocks.reset();
        try (Socket s = connect()) {
            send(s, GET);
            Answer.read(s.getInputStream(), false);
        }

        assertThat(mocks.received(Api.FORMS, "getForm")).singleElement().satisfies(r -> {
            assertThat(r.header("Authorization")).isEqualTo(Http.CREDENTIAL);
            assertThat(r.header("content-length")).isEqualTo("0"); // as MockServer's own aggregator sets it
            assertThat(r.body()).isEmpty();
        });
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        s.setSoTimeout(10_000);
        return s;
    }

    private static void send(Socket s, String request) throws IOException {
        s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    /** One answer as read off the wire: status line and headers as sent, then the body its length announced. */
    private record Answer(String head, String body) {
        static Answer read(InputStream in, boolean headRequest) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("the connection closed after " + head.toString(StandardCharsets.ISO_8859_1));
                }
                head.write(b);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1);
            int length = 0;
            for (String line : text.split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring("content-length:".length()).trim());
                }
            }
            byte[] body = headRequest ? new byte[0] : in.readNBytes(length);
            return new Answer(text, new String(body, StandardCharsets.UTF_8));
        }
    }
}
