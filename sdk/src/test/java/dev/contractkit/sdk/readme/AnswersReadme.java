package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.answers.AnswerRefusedException;
import dev.contractkit.sdk.answers.AnswersClient;
import dev.contractkit.sdk.answers.model.Answer;
import dev.contractkit.sdk.answers.model.Quota;

/** The README's answers example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class AnswersReadme {
    private AnswersReadme() {
    }

    static void example() {
        // README-BEGIN
        String key = System.getenv().getOrDefault("ANSWERS_API_KEY", "any-key");  // the mock takes any; a server, a provisioned one
        AnswersClient answers = AnswersClient.builder().baseUrl("http://127.0.0.1:8083").apiKey(key).build();
        Answer a = answers.answer("What was Northwind Robotics' revenue last year?").execute();
        System.out.println(a.getAnswer());                          // Markdown; a.getReferences(), a.getSubqueries()
        try {
            answers.answer("What is the capital of France?").execute();
        } catch (AnswerRefusedException e) {                        // e.reason() == ErrorReason.NON_INVESTMENT_RELATED
            if (e.forceAnswerHelps()) {
                System.out.println(answers.answer("What is the capital of France?", true).execute().getAnswer());
            }
        }
        Quota q = answers.getQuota().execute().getResult();                   // used, pending, totalLimit, isExceeded, start, end
        answers.answer("And the year before?").executeAsync().thenAccept(later -> System.out.println(later.getAnswer()));
        // README-END
    }
}
