package dev.contractkit.examples.forms;

import dev.contractkit.examples.ExampleProgram;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Lists every payment form through the SDK (page by page), then reads the first one in full.
 *
 * <pre>
 * java -cp 'examples/target/examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*' \
 *      dev.contractkit.examples.forms.ListForms http://127.0.0.1:8081 kit-demo-forms-key
 * </pre>
 * Arguments: base URL (default {@code $KIT_FORMS_URL} or http://127.0.0.1:8081), API key
 * (default {@code $KIT_FORMS_API_KEY} or the reference server's demo key).
 */
public final class ListForms {
    private ListForms() {
    }

    /**
     * @param args base URL, API key
     */
    public static void main(String[] args) {
        ExampleProgram.exitWith(ListForms::cli, args);
    }

    /**
     * {@link #main} with the environment and the streams given ({@link ExampleProgram}).
     *
     * @param args base URL, API key
     * @param env  the environment ({@code KIT_FORMS_URL}, {@code KIT_FORMS_API_KEY})
     * @param out  where to print
     * @param err  where the error message goes
     * @return the exit status
     */
    public static int cli(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String url = args.length > 0 ? args[0] : ExampleProgram.env(env, "KIT_FORMS_URL", "http://127.0.0.1:8081");
        String key = args.length > 1 ? args[1] : ExampleProgram.env(env, "KIT_FORMS_API_KEY", "kit-demo-forms-key");
        try {
            run(FormsClient.builder().baseUrl(url).apiKey(key).build(), out);
            return 0;
        } catch (ApiException e) {
            err.println("forms example failed: " + e.getMessage());
            return 1;
        }
    }

    /**
     * @param forms the client
     * @param out   where to print
     * @return the number of forms listed
     */
    public static int run(FormsClient forms, PrintStream out) {
        List<Form> all = forms.listFormsAutoPaging(5).toList();   // by offset, 5 a page, until no Link rel="next"
        out.printf("%-4s %-28s %-8s %14s %9s%n", "id", "title", "currency", "volume", "checkouts");
        for (Form f : all) {
            out.printf(Locale.ROOT, "%-4d %-28s %-8s %14.2f %9d%n", f.getId(), f.getTitle(), f.getCurrency(),
                    f.getPaymentVolume() / 100.0, f.getSuccessfulCheckoutCount());
        }
        if (!all.isEmpty()) {
            Form first = forms.getForm(all.get(0).getId()).execute().getForm();
            out.println("form " + first.getId() + ": \"" + first.getTitle() + "\" created " + first.getCreatedAt()
                    + ", token " + first.getAccessToken());
        }
        out.println(all.size() + " forms");
        return all.size();
    }
}
