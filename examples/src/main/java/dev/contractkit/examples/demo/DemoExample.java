package dev.contractkit.examples.demo;

import dev.contractkit.examples.ExampleProgram;
import dev.contractkit.examples.agent.AnalyzeSales;
import dev.contractkit.examples.answers.AskQuestions;
import dev.contractkit.examples.codehost.RunnersOnBothVersions;
import dev.contractkit.examples.coupons.CouponLifecycle;
import dev.contractkit.examples.exec.ActAndCancel;
import dev.contractkit.examples.forms.ListForms;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One row of the demo's table of example programs.
 *
 * @param api      the API it runs against (its base URL is the example's first argument)
 * @param program  the example
 * @param what     what it shows ({@code kit demo: <what> against <url>})
 * @param argument its argument after the base URL ({@code {answers-key}}, {@code {kit-token}}: this run's); empty: none
 * @param pick     the summary: the last output line this regular expression finds something in (as {@code grep -E})
 * @param cli      a command-line client run after it, as {@code <module> <arguments>} (it gets the API's base URL
 *                 and credential as {@code <API>_URL} and {@code <API>_TOKEN}); empty: none
 */
record DemoExample(String api, ExampleProgram program, String what, String argument, String pick, String cli) {
    /** The demo's example programs, in the order it runs them. */
    static final List<DemoExample> ALL = List.of(
            new DemoExample("forms", ListForms::cli, "example program (SDK)", "kit-demo-forms-key", ".", ""),
            new DemoExample("coupons", CouponLifecycle::cli,
                    "coupons example (admin creates, user redeems, a subscriber prints live events)", "", ".", ""),
            new DemoExample("exec", ActAndCancel::cli,
                    "exec example (an action executed and waited for, a runtime action cancelled)", "", ".",
                    "cli/execcli health"),
            new DemoExample("codehost", RunnersOnBothVersions::cli,
                    "code hosting v4 and v5 (list runners on both, pause one through each)", "kit-demo-codehost-token",
                    ".", ""),
            new DemoExample("answers", AskQuestions::cli,
                    "answers example (a company question, an off-topic one answered with forceAnswer, the quota)",
                    "{answers-key}", "^quota:", ""),
            new DemoExample("agent", AnalyzeSales::cli,
                    "agent example (a question streamed as AG-UI events over SSE: tool calls, Markdown table, CSV"
                            + " artifact)", "What is the revenue by region?", ".", ""));

    /**
     * The credential the conformance suite and the command-line clients use per API, as {@code <api>=<value>}
     * ({@code {kit-token}}, {@code {answers-key}}: this run's); coupons logs its users in instead
     * ({@link #CONFORMANCE_USERS}).
     */
    static final List<String> CREDENTIALS = List.of("forms=kit-demo-forms-key", "answers={answers-key}",
            "agent={kit-token}", "codehost=kit-demo-codehost-token", "exec={kit-token}", "runtime={kit-token}");

    /** The users the conformance suite logs in as, {@code --user} values. */
    static final List<String> CONFORMANCE_USERS = List.of("coupons=admin:admin-password", "coupons=alice:alice-password");

    /**
     * @param url     the API's base URL
     * @param secrets this run's secrets
     * @return the example's arguments
     */
    String[] args(String url, Secrets secrets) {
        List<String> args = new ArrayList<>(List.of(url));
        if (!argument.isEmpty()) {
            args.add(secrets.fill(argument));
        }
        return args.toArray(String[]::new);
    }

    /**
     * @param output the example's output, one line each
     * @return its summary: the last line {@link #pick} finds something in; empty when none does
     */
    String summary(List<String> output) {
        Pattern p = Pattern.compile(pick);
        String last = "";
        for (String line : output) {
            if (p.matcher(line).find()) {
                last = line;
            }
        }
        return last;
    }

    /** @return the client's module, e.g. {@code cli/execcli} */
    String cliModule() {
        return cli.split(" ", 2)[0];
    }

    /** @return the client's arguments, e.g. {@code [health]} */
    List<String> cliArgs() {
        String[] words = cli.trim().split("\\s+");
        return List.of(words).subList(1, words.length);
    }

    /**
     * @param api     an API
     * @param secrets this run's secrets
     * @return its credential of {@link #CREDENTIALS}, filled in; empty when it has none
     */
    static String credential(String api, Secrets secrets) {
        return CREDENTIALS.stream().filter(c -> c.startsWith(api + "=")).map(c -> secrets.fill(c.substring(api.length() + 1)))
                .reduce((first, second) -> second).orElse("");
    }
}
