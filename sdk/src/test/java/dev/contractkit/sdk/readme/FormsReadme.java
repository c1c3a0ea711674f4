package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;
import dev.contractkit.sdk.forms.model.FormEnvelope;

import java.util.List;

/** The README's forms example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class FormsReadme {
    private FormsReadme() {
    }

    static void example() {
        // README-BEGIN
        FormsClient forms = FormsClient.builder().baseUrl("http://127.0.0.1:8081").apiKey("kit-demo-forms-key").build();
        Form one = forms.getForm(1L).execute().getForm();          // the contract's operationIds: getForm, listForms
        List<Form> page = forms.listForms(10, 0).execute().getForms();
        long total = forms.listFormsAutoPaging(FormsClient.MAX_PAGE_SIZE).count(); // every page: by offset, until no Link rel="next"
        forms.getForm(2L).map(FormEnvelope::getForm).executeAsync().thenAccept(f -> System.out.println(f.getTitle()));
        try {
            forms.getForm(999L).execute();
        } catch (NotFoundException e) {
            var error = e.errorBody(dev.contractkit.sdk.forms.model.ApiError.class).orElseThrow().getError();  // an ErrorBody
            System.out.println(e.status() + " " + error.getCode() + " request " + e.requestId().orElse("-"));
        }
        // README-END
    }
}
