package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;

import java.util.List;

/** The README's forms example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class FormsReadme {
    private FormsReadme() {
    }

    static void example() {
        // README-BEGIN
        FormsClient forms = FormsClient.builder().baseUrl("http://127.0.0.1:8081").apiKey("kit-demo-forms-key").build();
        Form one = forms.get(1).execute();
        List<Form> page = forms.list(10, 0).execute();
        long total = forms.all().count();                 // lazily walks every page (count/offset, stops at a short page)
        forms.get(2).executeAsync().thenAccept(f -> System.out.println(f.getTitle()));
        try {
            forms.get(999).execute();
        } catch (NotFoundException e) {
            var error = e.errorBody(dev.contractkit.sdk.forms.model.ApiError.class).orElseThrow().getError();  // an ErrorBody
            System.out.println(e.status() + " " + error.getCode() + " request " + e.requestId().orElse("-"));
        }
        // README-END
    }
}
