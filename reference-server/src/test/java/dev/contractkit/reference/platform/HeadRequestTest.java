package dev.contractkit.reference.platform;

import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A HEAD request that ends in an error answers with headers only: a body after a HEAD answer would be read as the
 * next response on a kept-alive connection (RFC 9110 9.3.2).
 */
class HeadRequestTest {
    private static final String TOKEN = "PRIVATE-TOKEN: kit-demo-codehost-token";

    @TempDir
    Path dataDir;
    private KitServer server;

    @BeforeEach
    void start() {
        server = KitServer.start(TestDatabases.embedded(dataDir), List.of(Api.CODEHOST));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aHeadAnsweredWith405LeavesTheConnectionReadyForTheNextRequest() throws Exception {
        URI base = URI.create(server.url(Api.CODEHOST));
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));

            out.write(request("HEAD", "/api/v4/runners/all", base));
            List<String> head = readHead(in);
            assertThat(head.getFirst()).startsWith("HTTP/1.1 405");
            assertThat(head).anySatisfy(h -> assertThat(h).startsWithIgnoringCase("Allow: GET"));

            out.write(request("GET", "/api/v4/runners/all", base));
            assertThat(readHead(in).getFirst()).as("the next response on the same connection")
                    .startsWith("HTTP/1.1 200");
        }
    }

    private static byte[] request(String method, String path, URI base) {
        return (method + " " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort() + "\r\n" + TOKEN
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** @return the status line and header lines of one response (its body, if any, is left unread) */
    private static List<String> readHead(BufferedReader in) throws Exception {
        List<String> lines = new ArrayList<>();
        for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
            lines.add(line);
        }
        return lines;
    }
}
