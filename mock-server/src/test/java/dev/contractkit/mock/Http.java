package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.io.UncheckedIOException;

/** A small OkHttp client for the tests: one call, the whole answer. */
final class Http implements AutoCloseable {
    static final String CREDENTIAL = "Token token=any-key";
    /** A kit token for exec, runtime and agent (scheme {@code KitToken}, HTTP bearer): the mock takes any one. */
    static final String KIT_BEARER = "Bearer any-kit-token";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OkHttpClient client = new OkHttpClient();

    /** @param status the status; contentType the Content-Type header or ""; allow the Allow header or "" */
    record Answer(int status, String contentType, String allow, String body, Headers headers) {
        String header(String name) {
            return headers.get(name);
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + body, e);
            }
        }
    }

    Answer get(String url, String... headers) {
        return call(new Request.Builder().url(url).get(), headers);
    }

    Answer send(String method, String url, String contentType, String body, String... headers) {
        RequestBody payload = body == null ? (method.equals("GET") ? null : RequestBody.create(new byte[0]))
                : RequestBody.create(body, contentType == null ? null : MediaType.get(contentType));
        return call(new Request.Builder().url(url).method(method, payload), headers);
    }

    /** A call with any body (e.g. one of unknown length, sent chunked). */
    Answer call(String method, String url, RequestBody body, String... headers) {
        return call(new Request.Builder().url(url).method(method, body), headers);
    }

    private Answer call(Request.Builder builder, String... headers) {
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        try (Response r = client.newCall(builder.build()).execute()) {
            return new Answer(r.code(), r.header("Content-Type", ""), r.header("Allow", ""), r.body().string(), r.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
