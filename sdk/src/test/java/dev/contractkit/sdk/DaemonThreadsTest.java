package dev.contractkit.sdk;

import dev.contractkit.sdk.forms.FormsClient;
import okhttp3.OkHttpClient;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.contractkit.sdk.MockWebServerExtension.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A program that forgets to close its client still exits when its main thread ends: the threads of the HTTP client
 * the SDK makes for itself are daemons (OkHttp's own default threads are not, and kept a JVM alive for their 60 s
 * idle time-out: the coupons example did so in every {@code ./kit demo}).
 */
class DaemonThreadsTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    @Test
    void theThreadsThatRunAsynchronousCallsDoNotKeepTheProgramAlive() throws Exception {
        server.enqueue(json(200, "{\"form\":{\"id\":1,\"title\":\"Contact\"}}"));
        FormsClient forms = FormsClient.builder().baseUrl(server.url("/").toString()).apiKey("k")
                .retries(RetryPolicy.none()).build();

        assertThat(forms.get(1).executeAsync().get(10, TimeUnit.SECONDS).getTitle()).isEqualTo("Contact");

        List<Thread> dispatchers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("kit-sdk-http-")).toList();
        assertThat(dispatchers).as("the thread that ran the call, idle now").isNotEmpty().allMatch(Thread::isDaemon);
    }

    @Test
    void aCallersOwnHttpClientKeepsItsOwnThreads() throws Exception {
        server.enqueue(json(200, "{\"form\":{\"id\":1,\"title\":\"Contact\"}}"));
        OkHttpClient own = new OkHttpClient();
        FormsClient forms = FormsClient.builder().config(ClientConfig.builder().okHttpClient(own)
                .baseUrl(server.url("/").toString()).retries(RetryPolicy.none()).build()).apiKey("k").build();

        forms.get(1).executeAsync().get(10, TimeUnit.SECONDS);

        assertThat(own.dispatcher().executorService().isShutdown()).isFalse();
        assertThat(Thread.getAllStackTraces().keySet()).anyMatch(t -> t.getName().startsWith("OkHttp ") && !t.isDaemon());
        own.dispatcher().executorService().shutdown();
    }
}
