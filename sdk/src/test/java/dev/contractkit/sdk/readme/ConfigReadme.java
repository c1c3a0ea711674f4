package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.forms.FormsClient;
import okhttp3.OkHttpClient;

import java.time.Duration;

/** The README's "one way to build any client" example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class ConfigReadme {
    private ConfigReadme() {
    }

    static void example() {
        // README-BEGIN
        OkHttpClient myOkHttpClient = new OkHttpClient();    // optional, okhttp3: your pool, dispatcher, proxy, TLS
        String kitToken = System.getenv("KIT_TOKEN");        // exec, runtime, agent: the kit token
        ClientConfig shared = ClientConfig.builder()
                .baseUrl("http://127.0.0.1:8081")              // mock, reference server or production: only this differs
                .connectTimeout(Duration.ofSeconds(2))
                .readTimeout(Duration.ofSeconds(30))
                .retries(RetryPolicy.builder().maxAttempts(4).jitter(RetryPolicy.Jitter.EQUAL).build())
                .logger(System.getLogger("my.app.http"))      // DEBUG: one line per attempt and per retry
                .okHttpClient(myOkHttpClient)
                .build();
        FormsClient forms = FormsClient.builder().config(shared).apiKey("kit-demo-forms-key").build();
        ExecClient exec = ExecClient.builder().config(shared).baseUrl("http://127.0.0.1:8080")
                .token(kitToken)
                .retries(RetryPolicy.none()).build();         // any setting can be refined per client
        // README-END
    }
}
