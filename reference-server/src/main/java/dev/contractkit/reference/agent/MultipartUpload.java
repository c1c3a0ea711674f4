package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import org.apache.commons.fileupload2.core.AbstractFileUpload;
import org.apache.commons.fileupload2.core.DiskFileItem;
import org.apache.commons.fileupload2.core.DiskFileItemFactory;
import org.apache.commons.fileupload2.core.FileItemInput;
import org.apache.commons.fileupload2.core.FileItemInputIterator;
import org.apache.commons.fileupload2.core.FileUploadException;
import org.apache.commons.fileupload2.core.FileUploadSizeException;
import org.apache.commons.fileupload2.core.RequestContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a {@code multipart/form-data} upload (a {@code file} part and an optional {@code name} field) with
 * commons-fileupload2's streaming parser: parts are read as they arrive, never buffered to disk, and a file
 * larger than the limit stops the read with 413.
 *
 * @param fileName the {@code file} part's filename, if it has one
 * @param bytes    the {@code file} part's bytes
 * @param name     the {@code name} field, if sent
 */
record MultipartUpload(Optional<String> fileName, byte[] bytes, Optional<String> name) {
    private static final int MAX_FIELD_BYTES = 4096;
    /** Room for part headers and boundaries around the file. */
    private static final int ENVELOPE_BYTES = 64 * 1024;

    /**
     * @param request  a request whose Content-Type is multipart/form-data
     * @param maxBytes the largest file accepted
     * @return the upload
     * @throws ApiError 400 for a malformed body or a missing {@code file} part, 413 for a file above {@code maxBytes}
     */
    static MultipartUpload read(ServerRequest request, int maxBytes) {
        Parser parser = new Parser();
        parser.setFileSizeMax(maxBytes);
        parser.setSizeMax((long) maxBytes + ENVELOPE_BYTES);
        parser.setFileCountMax(16);
        parser.setHeaderCharset(StandardCharsets.UTF_8);
        byte[] file = null;
        Optional<String> fileName = Optional.empty();
        Optional<String> name = Optional.empty();
        try {
            FileItemInputIterator parts = parser.getItemIterator(request);
            while (parts.hasNext()) {
                FileItemInput part = parts.next();
                try (InputStream in = part.getInputStream()) {
                    if ("file".equals(part.getFieldName())) {
                        if (file != null) {
                            throw ApiError.invalid("file: one file per request");
                        }
                        file = in.readAllBytes();
                        fileName = Optional.ofNullable(part.getName()).filter(n -> !n.isEmpty());
                    } else if ("name".equals(part.getFieldName())) {
                        byte[] value = in.readNBytes(MAX_FIELD_BYTES);
                        name = Optional.of(new String(value, StandardCharsets.UTF_8));
                    } else {
                        in.transferTo(OutputStream.nullOutputStream()); // parts the contract does not name
                    }
                }
            }
        } catch (FileUploadSizeException e) {
            throw new ApiError(Status.REQUEST_ENTITY_TOO_LARGE_413, "PAYLOAD_TOO_LARGE",
                    "file: larger than " + maxBytes + " bytes");
        } catch (FileUploadException e) {
            throw ApiError.invalid("body: not a valid multipart/form-data body (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw ApiError.invalid("body: the upload could not be read (" + e.getMessage() + ")");
        }
        if (file == null) {
            throw ApiError.invalid("file: the multipart body has no 'file' part");
        }
        return new MultipartUpload(fileName, file, name);
    }

    /** fileupload2's parser over a Helidon request (no servlet API). */
    private static final class Parser extends AbstractFileUpload<ServerRequest, DiskFileItem, DiskFileItemFactory> {
        @Override
        public FileItemInputIterator getItemIterator(ServerRequest request) throws FileUploadException, IOException {
            return getItemIterator(context(request));
        }

        @Override
        public Map<String, List<DiskFileItem>> parseParameterMap(ServerRequest request) throws FileUploadException {
            return parseParameterMap(context(request));
        }

        @Override
        public List<DiskFileItem> parseRequest(ServerRequest request) throws FileUploadException {
            return parseRequest(context(request));
        }

        private static RequestContext context(ServerRequest request) {
            return new RequestContext() {
                @Override
                public String getCharacterEncoding() {
                    return null;
                }

                @Override
                public long getContentLength() {
                    return request.headers().contentLength().orElse(-1L);
                }

                @Override
                public String getContentType() {
                    return request.headers().first(HeaderNames.CONTENT_TYPE).orElse(null);
                }

                @Override
                public InputStream getInputStream() {
                    return request.content().inputStream();
                }

                @Override
                public boolean isMultipartRelated() {
                    return false;
                }
            };
        }
    }
}
