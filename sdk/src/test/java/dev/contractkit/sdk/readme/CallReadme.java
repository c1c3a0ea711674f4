package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.RawResponse;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;

import java.time.Duration;

/** The README's one-call-type example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class CallReadme {
    private CallReadme() {
    }

    static void example() {
        // README-BEGIN
        FormsClient forms = FormsClient.builder().baseUrl("http://127.0.0.1:8081").apiKey("kit-demo-forms-key").build();
        Form form = forms.get(1).execute();
        forms.get(1).executeAsync().thenAccept(f -> System.out.println(f.getTitle()));
        Form traced = forms.get(1).header("X-Request-Id", "req-42").timeout(Duration.ofSeconds(2)).execute();
        RawResponse raw = forms.get(999).executeRaw();     // raw.status() == 404, raw.header("Content-Type"), raw.bodyAsString()
        // README-END
    }
}
