package dev.contractkit.conformance;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A front for a test server that sends content on HEAD, a defect the JDK's HTTP server does not allow on its own:
 * it relays each connection to the server and sends every HEAD on as another method (GET: answered like GET; a
 * method the server refuses: its 405 with the error body), so that answer, content included, goes back to the
 * client that sent HEAD.
 */
final class HeadWithContentFront implements AutoCloseable {
    private final ServerSocket listener;
    private final int upstreamPort;
    private final String method;

    private HeadWithContentFront(int upstreamPort, String method) throws IOException {
        this.upstreamPort = upstreamPort;
        this.method = method;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("head-with-content-front").start(this::accept);
    }

    /**
     * @param upstreamPort the server's port on the loopback address
     * @param method       what a HEAD is sent on as
     */
    static HeadWithContentFront before(int upstreamPort, String method) throws IOException {
        return new HeadWithContentFront(upstreamPort, method);
    }

    int port() {
        return listener.getLocalPort();
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closing a listening socket that is gone already
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Thread.ofVirtual().start(() -> relay(client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void relay(Socket client) {
        try (client; Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
            Thread answers = Thread.ofVirtual().start(() -> copy(upstream, client));
            InputStream in = new BufferedInputStream(client.getInputStream());
            OutputStream out = upstream.getOutputStream();
            for (String head = readHead(in); !head.isEmpty(); head = readHead(in)) {
                out.write((head.startsWith("HEAD ") ? method + " " + head.substring(5) : head)
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.write(in.readNBytes(contentLength(head)));
                out.flush();
            }
            upstream.shutdownOutput();
            answers.join();
        } catch (IOException | InterruptedException e) {
            // either side went away: the connection ends
        }
    }

    private static void copy(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
        } catch (IOException e) {
            // either side went away
        }
    }

    /** @return a request's head, up to and including the empty line; empty when the client closed the connection */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        for (int c = in.read(); c != -1; c = in.read()) {
            head.write(c);
            String text = head.toString(StandardCharsets.ISO_8859_1);
            if (text.endsWith("\r\n\r\n")) {
                return text;
            }
        }
        return "";
    }

    private static int contentLength(String head) {
        return head.lines().map(l -> l.toLowerCase(Locale.ROOT))
                .filter(l -> l.startsWith("content-length:"))
                .mapToInt(l -> Integer.parseInt(l.substring("content-length:".length()).trim()))
                .findFirst().orElse(0);
    }
}
