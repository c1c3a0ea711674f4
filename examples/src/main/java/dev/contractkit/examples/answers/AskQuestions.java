package dev.contractkit.examples.answers;

import dev.contractkit.examples.ExampleProgram;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.answers.AnswerRefusedException;
import dev.contractkit.sdk.answers.AnswersClient;
import dev.contractkit.sdk.answers.model.Answer;
import dev.contractkit.sdk.answers.model.Quota;

import java.io.PrintStream;
import java.util.Map;

/**
 * Asks the investment answer service two questions through the SDK, then prints the key's quota.
 * The second question is off-topic: the service refuses it with {@code NonInvestmentRelated}, and the
 * example asks again with {@code forceAnswer}, as the refusal suggests.
 *
 * <pre>
 * java -cp 'examples/target/examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*' \
 *      dev.contractkit.examples.answers.AskQuestions http://127.0.0.1:8083 "$KIT_ANSWERS_API_KEY"
 * </pre>
 * Arguments: base URL (default {@code $KIT_ANSWERS_URL} or http://127.0.0.1:8083), API key (default
 * {@code $KIT_ANSWERS_API_KEY}; create one with {@code ./kit answers-keys create}).
 */
public final class AskQuestions {
    /** The investment question the example asks first. */
    static final String COMPANY_QUESTION = "What was Northwind Robotics' revenue last year?";
    /** The off-topic question the example asks second. */
    static final String OFF_TOPIC_QUESTION = "What is the capital of France?";

    private AskQuestions() {
    }

    /**
     * @param args base URL, API key
     */
    public static void main(String[] args) {
        ExampleProgram.exitWith(AskQuestions::cli, args);
    }

    /**
     * {@link #main} with the environment and the streams given ({@link ExampleProgram}).
     *
     * @param args base URL, API key
     * @param env  the environment ({@code KIT_ANSWERS_URL}, {@code KIT_ANSWERS_API_KEY})
     * @param out  where to print
     * @param err  where the error message goes
     * @return the exit status
     */
    public static int cli(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String url = args.length > 0 ? args[0] : ExampleProgram.env(env, "KIT_ANSWERS_URL", "http://127.0.0.1:8083");
        String key = args.length > 1 ? args[1] : ExampleProgram.env(env, "KIT_ANSWERS_API_KEY", "");
        if (key.isBlank()) {
            err.println("answers example: no API key. Pass one as the second argument or set KIT_ANSWERS_API_KEY "
                    + "(create one with './kit answers-keys create').");
            return 2;
        }
        try {
            run(AnswersClient.builder().baseUrl(url).apiKey(key).build(), out);
            return 0;
        } catch (ApiException e) {
            err.println("answers example failed: " + e.getMessage());
            return 1;
        }
    }

    /**
     * @param answers the client
     * @param out     where to print
     * @return the key's quota after both questions
     */
    public static Quota run(AnswersClient answers, PrintStream out) {
        print(out, answers.answer(COMPANY_QUESTION).execute());
        try {
            print(out, answers.answer(OFF_TOPIC_QUESTION).execute());
        } catch (AnswerRefusedException refused) {
            out.println("> " + OFF_TOPIC_QUESTION);
            out.println("refused: " + refused.reason().getValue()
                    + (refused.forceAnswerHelps() ? "; asking again with forceAnswer" : ""));
            if (refused.forceAnswerHelps()) {
                print(out, answers.answer(OFF_TOPIC_QUESTION, true).execute());
            }
        }
        Quota quota = answers.getQuota().execute().getResult();
        out.println("quota: " + quota.getUsed() + " used, " + quota.getPending() + " pending, limit "
                + quota.getTotalLimit() + ", window " + quota.getStart() + " .. " + quota.getEnd());
        return quota;
    }

    private static void print(PrintStream out, Answer a) {
        out.println("> " + a.getQuery());
        out.println(a.getAnswer().strip());
        out.println("(" + a.getReferences().size() + " reference(s), answer id " + a.getId() + ")");
        out.println();
    }
}
