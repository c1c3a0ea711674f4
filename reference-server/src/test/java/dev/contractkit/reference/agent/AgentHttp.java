package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A small test client of the agent over a real socket: reads the SSE stream incrementally. */
final class AgentHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    /** The kit token the agent tests start the server with (setting {@code token}). */
    static final String KIT_TOKEN = "test-kit-token";
    /** Adds {@code Authorization: Bearer <kit token>} to a request that has no Authorization header. */
    static final Interceptor AUTH = chain -> chain.request().header("Authorization") != null
            ? chain.proceed(chain.request())
            : chain.proceed(chain.request().newBuilder().header("Authorization", "Bearer " + KIT_TOKEN).build());
    static final OkHttpClient HTTP = new OkHttpClient.Builder().readTimeout(30, TimeUnit.SECONDS).addInterceptor(AUTH).build();

    /** @return settings for an embedded database in {@code dir}, the agent on a free port, see {@link #access} */
    static Settings settings(Path dir) {
        return access(TestDatabases.embedded(dir));
    }

    /** @return the settings with the kit token set and MCP servers on loopback allowed ({@link McpTestServer}) */
    static Settings access(Settings settings) {
        return settings.with("token", KIT_TOKEN).with(McpAddressPolicy.SETTING, "127.0.0.1/32");
    }

    record Reply(int status, String contentType, JsonNode body, String text) {
    }

    /** An open run stream. */
    static final class Stream implements AutoCloseable {
        final Response response;
        final BufferedSource source;
        final List<JsonNode> events = new ArrayList<>();
        /** The {@code id:} of each event, in order (the event's sequence number in its run). */
        final List<Integer> ids = new ArrayList<>();

        Stream(Response response) {
            this.response = response;
            this.source = response.body().source();
        }

        /** @return the next event, or null at the end of the stream */
        JsonNode next() throws IOException {
            StringBuilder data = new StringBuilder();
            while (true) {
                String line = source.readUtf8Line();
                if (line == null) {
                    return data.isEmpty() ? null : add(data);
                }
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        return add(data);
                    }
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                } else if (line.startsWith("id: ")) {
                    ids.add(Integer.parseInt(line.substring(4)));
                }
            }
        }

        private JsonNode add(StringBuilder data) throws IOException {
            JsonNode e = JSON.readTree(data.toString());
            events.add(e);
            return e;
        }

        List<JsonNode> rest() throws IOException {
            while (next() != null) {
                // collect
            }
            return events;
        }

        @Override
        public void close() {
            response.close();
        }
    }

    private final String base;

    AgentHttp(String base) {
        this.base = base;
    }

    Stream open(String body) throws IOException {
        Request r = new Request.Builder().url(base + "/api/agent").header("Accept", "text/event-stream")
                .post(RequestBody.create(body, MediaType.get("application/json"))).build();
        Response response = HTTP.newCall(r).execute();
        if (response.code() != 200) {
            String text = response.body().string();
            response.close();
            throw new IllegalStateException("status " + response.code() + ": " + text);
        }
        return new Stream(response);
    }

    /**
     * Re-attaches to a run's events ({@code GET /api/v1/threads/{threadId}/runs/{runId}/events}).
     *
     * @param lastEventId the {@code Last-Event-ID} header, or null for none
     */
    Stream attach(String threadId, String runId, String lastEventId) throws IOException {
        Request.Builder r = new Request.Builder().url(base + "/api/v1/threads/" + threadId + "/runs/" + runId + "/events")
                .header("Accept", "text/event-stream");
        if (lastEventId != null) {
            r.header("Last-Event-ID", lastEventId);
        }
        Response response = HTTP.newCall(r.build()).execute();
        if (response.code() != 200) {
            String text = response.body().string();
            response.close();
            throw new IllegalStateException("status " + response.code() + ": " + text);
        }
        return new Stream(response);
    }

    List<JsonNode> run(String body) throws IOException {
        try (Stream s = open(body)) {
            return s.rest();
        }
    }

    Reply call(String method, String path, String body) throws IOException {
        Request r = new Request.Builder().url(base + path)
                .method(method, body == null ? (method.equals("POST") ? RequestBody.create(new byte[0]) : null)
                        : RequestBody.create(body, MediaType.get("application/json"))).build();
        try (Response response = HTTP.newCall(r).execute()) {
            String text = response.body().string();
            JsonNode json;
            try {
                json = JSON.readTree(text);
            } catch (IOException e) {
                json = JSON.nullNode();
            }
            return new Reply(response.code(), response.header("Content-Type"), json, text);
        }
    }

    static String input(String threadId, String runId, String question, String extra) {
        return "{\"threadId\":\"" + threadId + "\",\"runId\":\"" + runId + "\",\"messages\":[{\"id\":\"m-" + runId
                + "\",\"role\":\"user\",\"content\":\"" + question + "\"}],\"tools\":[],\"context\":[]"
                + (extra == null ? "" : "," + extra) + "}";
    }
}
