package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.PinnedSockets;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code os.http}: one HTTP/1.1 exchange with the address {@link NetGuard} checked (the name is not looked up
 * again; TLS still verifies the name), {@code Host} set to the URL's host. Redirects are not followed (the
 * result carries {@code location}); the body is read up to {@code maxBytes} ({@code body_truncated} beyond);
 * connecting and reading end at the deadline.
 */
final class GuardedHttp {
    private static final int MAX_HEADER_BYTES = 64 * 1024;

    private final NetGuard guard;
    private final int maxBytes;

    GuardedHttp(NetGuard guard, int maxBytes) {
        this.guard = guard;
        this.maxBytes = maxBytes;
    }

    ObjectNode fetch(String url, String method, String body, long timeoutMs) throws WorkFailed {
        URI u;
        try {
            u = new URI(url);
        } catch (URISyntaxException e) {
            throw new WorkFailed("invalid_url", "url is not a valid URL: " + e.getMessage(), null, false);
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null) {
            throw new WorkFailed("invalid_url", "url must be an absolute http or https URL with a host, was " + url, null, false);
        }
        if (!method.matches("[A-Z]{1,16}")) {
            throw new WorkFailed("invalid_method", "method must be an HTTP method name, was " + method, null, false);
        }
        String host = u.getHost();
        int port = u.getPort() > 0 ? u.getPort() : scheme.equals("https") ? 443 : 80;
        List<InetAddress> addresses = guard.resolve(host);
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        try (Socket socket = PinnedSockets.connect(addresses, port, timeoutMs)) {
            Socket s = scheme.equals("https") ? PinnedSockets.tls(socket, host, port) : socket;
            send(s.getOutputStream(), u, method, host, u.getPort(), body);
            return read(new BufferedInputStream(s.getInputStream()), s, deadline, method);
        } catch (SocketTimeoutException e) {
            throw new WorkFailed("timeout", "request to " + url + " took longer than " + timeoutMs + " ms", null);
        } catch (IOException e) {
            throw new WorkFailed("http_error", "request to " + url + " failed: " + e.getMessage(), null);
        }
    }

    private static void send(OutputStream out, URI u, String method, String host, int port, String body) throws IOException {
        String path = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder h = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(port > 0 ? ":" + port : "").append("\r\n")
                .append("User-Agent: contract-kit-exec\r\nAccept: */*\r\nAccept-Encoding: identity\r\nConnection: close\r\n");
        if (body != null || List.of("POST", "PUT", "PATCH").contains(method)) {
            h.append("Content-Length: ").append(bytes.length).append("\r\n");
        }
        out.write(h.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes);
        out.flush();
    }

    private ObjectNode read(InputStream in, Socket s, long deadline, String method) throws IOException {
        Clock clock = new Clock(s, deadline);
        String status = line(in, clock);
        String[] parts = status.split(" ", 3);
        int code;
        try {
            code = parts.length >= 2 && parts[0].startsWith("HTTP/") ? Integer.parseInt(parts[1]) : -1;
        } catch (NumberFormatException e) {
            code = -1;
        }
        if (code < 100 || code > 999) {
            throw new IOException("not an HTTP response: " + status.substring(0, Math.min(status.length(), 80)));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        int headerBytes = 0;
        for (String l = line(in, clock); !l.isEmpty(); l = line(in, clock)) {
            headerBytes += l.length();
            if (headerBytes > MAX_HEADER_BYTES) {
                throw new IOException("the response headers are larger than " + MAX_HEADER_BYTES + " bytes");
            }
            int colon = l.indexOf(':');
            if (colon > 0) {
                headers.put(l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
            }
        }
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        boolean noBody = method.equals("HEAD") || code < 200 || code == 204 || code == 304;
        if (!noBody) {
            if (headers.getOrDefault("transfer-encoding", "").toLowerCase(Locale.ROOT).contains("chunked")) {
                chunked(in, kept, clock);
            } else {
                long length = headers.containsKey("content-length") ? parseLength(headers.get("content-length")) : Long.MAX_VALUE;
                copy(in, kept, length, clock);
            }
        }
        byte[] b = kept.toByteArray();
        ObjectNode r = JsonNodeFactory.instance.objectNode().put("status", code);
        r.put("body", new String(b, 0, Math.min(b.length, maxBytes), StandardCharsets.UTF_8));
        r.put("body_truncated", b.length > maxBytes);
        if (code >= 300 && code < 400 && headers.containsKey("location")) {
            r.put("location", headers.get("location"));
            r.put("redirect_followed", false);
        }
        return r;
    }

    /** Copies up to {@code length} bytes, keeping at most {@code maxBytes + 1} (the extra one says: truncated). */
    private void copy(InputStream in, ByteArrayOutputStream kept, long length, Clock clock) throws IOException {
        byte[] buf = new byte[8192];
        long left = length;
        while (left > 0 && kept.size() <= maxBytes) {
            clock.tick();
            int n = in.read(buf, 0, (int) Math.min(buf.length, Math.min(left, maxBytes + 1L - kept.size())));
            if (n < 0) {
                return;
            }
            kept.write(buf, 0, n);
            left -= n;
        }
    }

    private void chunked(InputStream in, ByteArrayOutputStream kept, Clock clock) throws IOException {
        while (kept.size() <= maxBytes) {
            String size = line(in, clock);
            int semi = size.indexOf(';');
            long n;
            try {
                n = Long.parseLong((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size '" + size + "'");
            }
            if (n == 0) {
                return;
            }
            copy(in, kept, n, clock);
            if (kept.size() <= maxBytes) {
                line(in, clock); // the CRLF after the chunk
            }
        }
    }

    private static long parseLength(String v) throws IOException {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IOException("bad Content-Length '" + v + "'");
        }
    }

    private static String line(InputStream in, Clock clock) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (true) {
            clock.tick();
            int c = in.read();
            if (c < 0 || c == '\n') {
                break;
            }
            if (b.size() >= 8192) {
                throw new IOException("a response line is longer than 8192 bytes");
            }
            b.write(c);
        }
        String s = b.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** The read deadline: each read waits at most until it. */
    private record Clock(Socket socket, long deadline) {
        void tick() throws IOException {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new SocketTimeoutException("deadline passed");
            }
            socket.setSoTimeout((int) Math.min(left, Integer.MAX_VALUE));
        }
    }
}
