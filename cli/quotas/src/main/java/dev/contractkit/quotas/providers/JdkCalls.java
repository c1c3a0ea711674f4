package dev.contractkit.quotas.providers;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** {@link Calls} on the JDK's HTTP client, with a connect and a per-request time-out. */
final class JdkCalls implements Calls {
    private final HttpClient client;
    private final Duration timeout;
    private final String userAgent;

    JdkCalls(Duration timeout, String userAgent) {
        this.timeout = timeout;
        this.userAgent = userAgent;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    @Override
    public Response get(String url, Map<String, String> headers) throws IOException, InterruptedException {
        return send(request(url, headers).GET());
    }

    @Override
    public Response post(String url, Map<String, String> headers, String jsonBody) throws IOException, InterruptedException {
        return send(request(url, headers).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(jsonBody)));
    }

    private HttpRequest.Builder request(String url, Map<String, String> headers) throws IOException {
        HttpRequest.Builder b;
        try {
            b = HttpRequest.newBuilder(URI.create(url));
        } catch (IllegalArgumentException e) {
            throw new IOException("bad base URL " + url + ": " + e.getMessage(), e);
        }
        b.timeout(timeout).header("User-Agent", userAgent);
        headers.forEach(b::header);
        return b;
    }

    private Response send(HttpRequest.Builder b) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Response(r.statusCode(), r.body());
    }
}
