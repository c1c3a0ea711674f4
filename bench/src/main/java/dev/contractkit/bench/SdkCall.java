package dev.contractkit.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.WebServer;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * JMH: one {@code FormsClient.get(1)} through the SDK against the same call made by hand with OkHttp and Jackson
 * (one shared client, the same header, the body read into the same model class), both to one local Helidon
 * server started in {@link #start()} that answers the form's bytes. The ratio of the two average times is the
 * SDK's overhead ({@code ./kit bench sdk}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SdkCall {
    static final String FORM = "{\"form\":{\"id\":1,\"title\":\"Monthly membership\",\"access_token\":\"f3a9c2d1e5b7\","
            + "\"currency\":\"usd\",\"payment_volume\":1249900,\"successful_checkout_count\":125,"
            + "\"created_at\":\"2024-01-15T09:30:00Z\",\"updated_at\":\"2024-06-01T12:00:00Z\"}}";
    private static final String KEY = "kit-demo-forms-key";

    /** The envelope the raw call reads into (the SDK unwraps the same one). */
    public static final class Envelope {
        public Form form;
    }

    private WebServer server;
    private FormsClient sdk;
    private OkHttpClient http;
    private OkHttpClient timed;
    private ObjectMapper mapper;
    private String url;

    /** Starts the server and both clients. */
    @Setup(Level.Trial)
    public void start() {
        byte[] body = FORM.getBytes(StandardCharsets.UTF_8);
        server = WebServer.builder().host("127.0.0.1").port(0)
                .routing(r -> r.get("/forms/{id}", (req, res) -> res.header(HeaderNames.CONTENT_TYPE, "application/json")
                        .send(body)))
                .build().start();
        String base = "http://127.0.0.1:" + server.port();
        sdk = FormsClient.builder().baseUrl(base).apiKey(KEY).build();
        http = new OkHttpClient();
        // the raw call again, on a client with the SDK's default time-outs (its call time-out arms OkHttp's watchdog)
        ClientConfig defaults = ClientConfig.builder().baseUrl(base).build();
        timed = new OkHttpClient.Builder().connectTimeout(defaults.connectTimeout()).readTimeout(defaults.readTimeout())
                .callTimeout(defaults.callTimeout()).build();
        mapper = new ObjectMapper().registerModule(new JavaTimeModule())
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        url = base + "/forms/1";
    }

    /** Stops the server. */
    @TearDown(Level.Trial)
    public void stop() {
        server.stop();
        for (OkHttpClient c : new OkHttpClient[] {http, timed}) {
            c.dispatcher().executorService().shutdown();
            c.connectionPool().evictAll();
        }
    }

    /** @return the form, through the SDK */
    @Benchmark
    public Form sdk() {
        return sdk.get(1).execute();
    }

    /** @return the form, by hand: OkHttp and Jackson */
    @Benchmark
    public Form raw() throws IOException {
        return get(http);
    }

    /** @return the form, by hand, on a client with the SDK's default time-outs */
    @Benchmark
    public Form rawWithSdkTimeouts() throws IOException {
        return get(timed);
    }

    private Form get(OkHttpClient client) throws IOException {
        Request request = new Request.Builder().url(url).header("Authorization", "Token token=" + KEY).build();
        try (Response response = client.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                throw new IOException("status " + response.code());
            }
            return mapper.readValue(response.body().byteStream(), Envelope.class).form;
        }
    }
}
