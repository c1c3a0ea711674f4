package dev.contractkit.reference.agent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/** Reading an HTTP/1.1 response: lines, and the body as its framing says (chunked, a length, or until close). */
final class Http1Body {
    private Http1Body() {
    }

    /** @return the body of a response with these headers, read from {@code in} */
    static InputStream of(InputStream in, HttpHeaders headers) throws IOException {
        if (headers.firstValue("transfer-encoding").orElse("").toLowerCase(Locale.ROOT).contains("chunked")) {
            return new Chunked(in);
        }
        Optional<String> length = headers.firstValue("content-length");
        if (length.isPresent()) {
            try {
                return new Bounded(in, Long.parseLong(length.get().trim()));
            } catch (NumberFormatException e) {
                throw new IOException("bad Content-Length");
            }
        }
        return in; // until the server closes the connection
    }

    /** @return one line without its CRLF (at most 8 KiB) */
    static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            if (b.size() >= 8192) {
                throw new IOException("a response line is longer than 8192 bytes");
            }
            b.write(c);
        }
        String s = b.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** The first {@code left} bytes. */
    private static final class Bounded extends InputStream {
        private final InputStream in;
        private long left;

        Bounded(InputStream in, long length) {
            this.in = in;
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new IOException("the connection closed before the end of the body");
            }
            left -= n;
            return n;
        }
    }

    /** Chunked transfer coding, decoded. */
    private static final class Chunked extends InputStream {
        private final InputStream in;
        private long left;
        private boolean done;

        Chunked(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (left == 0) {
                String size = line(in);
                int semi = size.indexOf(';');
                try {
                    left = Long.parseLong((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new IOException("bad chunk size");
                }
                if (left <= 0) {
                    done = true;
                    for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
                        // trailers are dropped
                    }
                    return -1;
                }
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new IOException("the connection closed inside a chunk");
            }
            left -= n;
            if (left == 0) {
                line(in); // the CRLF after the chunk
            }
            return n;
        }
    }
}
