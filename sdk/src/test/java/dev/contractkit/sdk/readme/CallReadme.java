package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.Call;

import dev.contractkit.sdk.RawResponse;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;
import dev.contractkit.sdk.forms.model.FormEnvelope;

import java.time.Duration;

/** The README's one-call-type example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class CallReadme {
    private CallReadme() {
    }

    static void example() {
        // README-BEGIN
        FormsClient forms = FormsClient.builder().baseUrl("http://127.0.0.1:8081").apiKey("kit-demo-forms-key").build();
        Form form = forms.getForm(1L).execute().getForm();
        forms.getForm(1L).executeAsync().thenAccept(f -> System.out.println(f.getForm().getTitle()));
        Call<Form> get = forms.getForm(1L).map(FormEnvelope::getForm);   // a view of the call: same request, mapped result
        Form traced = get.header("X-Request-Id", "req-42").timeout(Duration.ofSeconds(2)).execute();
        RawResponse raw = forms.getForm(999L).executeRaw();     // raw.status() == 404, raw.header("Content-Type"), raw.bodyAsString()
        // README-END
    }
}
