package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.ApiError;
import org.apache.commons.fileupload2.core.AbstractFileUpload;
import org.apache.commons.fileupload2.core.DiskFileItem;
import org.apache.commons.fileupload2.core.DiskFileItemFactory;
import org.apache.commons.fileupload2.core.FileItemInput;
import org.apache.commons.fileupload2.core.FileItemInputIterator;
import org.apache.commons.fileupload2.core.RequestContext;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fields of a form body, in order, as text: {@code application/x-www-form-urlencoded} pairs, or the parts of a
 * {@code multipart/form-data} body (read with commons-fileupload2's streaming parser; a part with a filename is
 * taken as text too: no codehost write has a file field, so the schema refuses it by name).
 */
final class FormFields {
    private static final int MAX_PARTS = 64;

    private FormFields() {
    }

    static List<Map.Entry<String, String>> urlEncoded(String text) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            out.add(Map.entry(decode(eq < 0 ? pair : pair.substring(0, eq)),
                    eq < 0 ? "" : decode(pair.substring(eq + 1))));
        }
        return out;
    }

    /** URL-decoding that keeps text with a broken escape as it is (the schema then judges it). */
    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /** @throws ApiError 400 for a body that is not valid multipart (no boundary, cut short, too many parts) */
    static List<Map.Entry<String, String>> multipart(byte[] body, String contentType) {
        Parser parser = new Parser();
        parser.setFileCountMax(MAX_PARTS);
        parser.setHeaderCharset(StandardCharsets.UTF_8);
        List<Map.Entry<String, String>> out = new ArrayList<>();
        try {
            FileItemInputIterator parts = parser.getItemIterator(context(body, contentType));
            while (parts.hasNext()) {
                FileItemInput part = parts.next();
                try (InputStream in = part.getInputStream()) {
                    out.add(Map.entry(part.getFieldName() == null ? "" : part.getFieldName(),
                            new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw ApiError.invalid("not a valid multipart/form-data body (" + e.getMessage() + ")");
        }
        return out;
    }

    private static RequestContext context(byte[] body, String contentType) {
        return new RequestContext() {
            @Override
            public String getCharacterEncoding() {
                return StandardCharsets.UTF_8.name();
            }

            @Override
            public long getContentLength() {
                return body.length;
            }

            @Override
            public String getContentType() {
                return contentType;
            }

            @Override
            public InputStream getInputStream() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public boolean isMultipartRelated() {
                return false;
            }
        };
    }

    /** fileupload2's parser over a body already read (no servlet API). */
    private static final class Parser extends AbstractFileUpload<byte[], DiskFileItem, DiskFileItemFactory> {
        @Override
        public FileItemInputIterator getItemIterator(byte[] request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, List<DiskFileItem>> parseParameterMap(byte[] request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<DiskFileItem> parseRequest(byte[] request) {
            throw new UnsupportedOperationException();
        }
    }
}
