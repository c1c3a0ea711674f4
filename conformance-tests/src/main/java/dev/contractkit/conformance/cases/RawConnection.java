package dev.contractkit.conformance.cases;

import okhttp3.HttpUrl;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLSocketFactory;

/**
 * One kept-alive HTTP/1.1 connection on a plain socket, for what a client library hides: requests are written
 * one after another and the answers read line by line, so bytes a server sends where none belong (a body after a
 * HEAD answer) are seen as they are instead of being skipped.
 */
public final class RawConnection implements AutoCloseable {
    private static final int MAX_LINE = 8192;
    private static final Set<String> OWN_HEADERS = Set.of("host", "content-length", "content-type", "connection",
            "transfer-encoding");

    private final Socket socket;
    private final InputStream in;

    private RawConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
    }

    /** Connects to the URL's host and port (TLS for https), reads time out after {@code timeout}. */
    public static RawConnection open(HttpUrl url, Duration timeout) throws IOException {
        Socket socket = url.isHttps() ? SSLSocketFactory.getDefault().createSocket(url.host(), url.port())
                : new Socket(url.host(), url.port());
        socket.setSoTimeout((int) timeout.toMillis());
        return new RawConnection(socket);
    }

    /** Writes a request without a body: the URL's path and query, a Host header and the given headers. */
    public void send(String method, HttpUrl url, List<Map.Entry<String, String>> headers) throws IOException {
        StringBuilder b = new StringBuilder(method).append(' ').append(url.encodedPath())
                .append(url.encodedQuery() == null ? "" : "?" + url.encodedQuery()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(url.host()).append(':').append(url.port()).append("\r\n");
        headers.stream().filter(h -> !OWN_HEADERS.contains(h.getKey().toLowerCase(Locale.ROOT)))
                .forEach(h -> b.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n"));
        socket.getOutputStream().write(b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** @return the status line and header lines of the next answer (its content, if any, left unread); empty at the end */
    public List<String> readHead() throws IOException {
        List<String> lines = new ArrayList<>();
        for (Optional<String> line = readLine(); line.isPresent() && !line.get().isEmpty(); line = readLine()) {
            lines.add(line.get());
        }
        return lines;
    }

    /**
     * @return the next line (without its CRLF; what came when the server stops sending or closes in the middle of
     *         one), or empty when the server closed the connection before sending anything
     */
    public Optional<String> readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int c = in.read(); c != -1; c = in.read()) {
                if (c == '\n') {
                    return Optional.of(line.toString(StandardCharsets.ISO_8859_1).replaceFirst("\r$", ""));
                }
                line.write(c);
                if (line.size() >= MAX_LINE) {
                    break;
                }
            }
        } catch (SocketTimeoutException e) {
            if (line.size() == 0) {
                throw e;
            }
            // a line the server did not end (a body without a line break) is what it sent
        }
        return line.size() == 0 ? Optional.empty() : Optional.of(line.toString(StandardCharsets.ISO_8859_1));
    }

    /** @return the first line of what the server sends before it closes the connection, empty when nothing */
    public String readRest() throws IOException {
        return readLine().orElse("");
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
