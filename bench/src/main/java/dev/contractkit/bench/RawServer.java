package dev.contractkit.bench;

import io.helidon.http.HeaderNames;
import io.helidon.webserver.WebServer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The ceiling of a scenario: a Helidon 4 SE server with one handler that answers every request with the same
 * bytes the kit's server answers (read from a file), without looking at the request.
 * Usage: {@code RawServer <body-file> <content-type>}; prints {@code READY http://127.0.0.1:<port>}.
 */
public final class RawServer {
    private RawServer() {
    }

    /**
     * @param args body file, content type
     * @throws IOException when the body cannot be read
     */
    public static void main(String[] args) throws IOException {
        byte[] body = Files.readAllBytes(Path.of(args[0]));
        String type = args[1];
        WebServer server = WebServer.builder().host("127.0.0.1").port(0)
                .routing(r -> r.any((req, res) -> {
                    req.content().consume();
                    res.header(HeaderNames.CONTENT_TYPE, type).send(body);
                }))
                .build().start();
        System.out.println("READY http://127.0.0.1:" + server.port());
        System.out.flush();
    }
}
