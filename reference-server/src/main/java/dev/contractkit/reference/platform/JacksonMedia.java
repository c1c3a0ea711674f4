package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.helidon.common.GenericType;
import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.WritableHeaders;
import io.helidon.http.media.EntityReader;
import io.helidon.http.media.EntityWriter;
import io.helidon.http.media.MediaSupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Jackson media support for Helidon (helidon-http-media-jackson is missing from the registry for every
 * 4.x release that has the other modules). Reads and writes every non-JDK type as JSON with the API's
 * own mapper; strings, bytes and streams stay with Helidon's built-in supports.
 */
final class JacksonMedia implements MediaSupport {
    private final ObjectMapper mapper;

    JacksonMedia(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public String name() {
        return "kit-jackson";
    }

    @Override
    public String type() {
        return "jackson";
    }

    private static boolean handles(GenericType<?> type) {
        Class<?> raw = type.rawType();
        return !(raw == String.class || raw == byte[].class || InputStream.class.isAssignableFrom(raw)
                || raw.isPrimitive() || raw.getName().startsWith("io.helidon."));
    }

    @Override
    public <T> ReaderResponse<T> reader(GenericType<T> type, Headers requestHeaders) {
        return handles(type) ? new ReaderResponse<>(SupportLevel.COMPATIBLE, this::reader) : ReaderResponse.unsupported();
    }

    @Override
    public <T> WriterResponse<T> writer(GenericType<T> type, Headers requestHeaders, WritableHeaders<?> responseHeaders) {
        return handles(type) ? new WriterResponse<>(SupportLevel.COMPATIBLE, this::writer) : WriterResponse.unsupported();
    }

    @Override
    public <T> ReaderResponse<T> reader(GenericType<T> type, Headers requestHeaders, Headers responseHeaders) {
        return handles(type) ? new ReaderResponse<>(SupportLevel.COMPATIBLE, this::reader) : ReaderResponse.unsupported();
    }

    @Override
    public <T> WriterResponse<T> writer(GenericType<T> type, WritableHeaders<?> requestHeaders) {
        return handles(type) ? new WriterResponse<>(SupportLevel.COMPATIBLE, this::writer) : WriterResponse.unsupported();
    }

    private <T> EntityReader<T> reader() {
        return new EntityReader<>() {
            @Override
            public T read(GenericType<T> type, InputStream stream, Headers headers) {
                try (stream) {
                    return mapper.readValue(stream, mapper.constructType(type.type()));
                } catch (IOException e) {
                    throw new BadJsonException(e);
                }
            }

            @Override
            public T read(GenericType<T> type, InputStream stream, Headers requestHeaders, Headers responseHeaders) {
                return read(type, stream, responseHeaders);
            }
        };
    }

    private <T> EntityWriter<T> writer() {
        return new EntityWriter<>() {
            @Override
            public void write(GenericType<T> type, T object, OutputStream out, Headers requestHeaders,
                              WritableHeaders<?> responseHeaders) {
                write(type, object, out, responseHeaders);
            }

            @Override
            public void write(GenericType<T> type, T object, OutputStream out, WritableHeaders<?> headers) {
                if (!headers.contains(HeaderNames.CONTENT_TYPE)) {
                    headers.set(Json.CONTENT_TYPE);
                }
                try (out) {
                    out.write(mapper.writeValueAsBytes(object));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /** A request body that is not the JSON the contract expects. */
    static final class BadJsonException extends RuntimeException {
        BadJsonException(IOException cause) {
            super(cause.getMessage() == null ? "malformed JSON" : firstLine(cause.getMessage()), cause);
        }

        private static String firstLine(String s) {
            int nl = s.indexOf('\n');
            return nl < 0 ? s : s.substring(0, nl);
        }
    }

}
