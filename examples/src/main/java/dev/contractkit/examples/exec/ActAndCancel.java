package dev.contractkit.examples.exec;

import dev.contractkit.examples.ExampleProgram;
import dev.contractkit.examples.KitToken;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.exec.TaskWait;
import dev.contractkit.sdk.exec.model.ActionKind;
import dev.contractkit.sdk.exec.model.AgentAction;
import dev.contractkit.sdk.exec.model.AgentActionRequest;
import dev.contractkit.sdk.exec.model.AgentActionResponse;
import dev.contractkit.sdk.exec.model.CancelItem;
import dev.contractkit.sdk.exec.model.Task;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An agent action translated, executed and waited for; then a second, long one cancelled while it runs.
 * The second action runs on the runtime service ({@code runtime.script}) when the control plane enables
 * runtime actions, else it is a long {@code os.sleep}.
 *
 * <pre>
 * ./kit serve --api exec,runtime        # KIT_EXEC_ALLOW_RUNTIME=true to cancel a real process
 * java -cp 'examples/target/examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*' \
 *      dev.contractkit.examples.exec.ActAndCancel http://127.0.0.1:8080
 * </pre>
 *
 * The control plane needs the kit token: {@code KIT_TOKEN}, else the file {@code <data dir>/kit-token}
 * ({@code KIT_DATA_DIR}, default {@code ./data}) that the server made on first start ({@link KitToken}).
 */
public final class ActAndCancel {
    private ActAndCancel() {
    }

    /** The statuses seen: the first task's end state and the second one's, with the cancel answer between. */
    public record ObservedStatuses(String first, String cancelAnswer, String cancelEvent, String second) {
    }

    /**
     * @param args base URL of the control plane (default {@code $EXEC_URL} or http://127.0.0.1:8080); the kit token
     *             comes from {@code KIT_TOKEN} or the server's data directory
     */
    public static void main(String[] args) {
        ExampleProgram.exitWith(ActAndCancel::cli, args);
    }

    /**
     * {@link #main} with the environment and the streams given ({@link ExampleProgram}).
     *
     * @param args base URL of the control plane
     * @param env  the environment ({@code EXEC_URL}; the kit token: {@code KIT_TOKEN}, {@code KIT_DATA_DIR})
     * @param out  where to print
     * @param err  where the error message goes
     * @return the exit status
     */
    public static int cli(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String url = args.length > 0 ? args[0] : ExampleProgram.env(env, "EXEC_URL", "http://127.0.0.1:8080");
        String token;
        try {
            token = KitToken.from(env);
        } catch (RuntimeException e) {
            err.println("exec example: " + e.getMessage());
            return 2;
        }
        try {
            run(ExecClient.builder().baseUrl(url).token(token).taskWaitInterval(Duration.ofMillis(100)).build(), out);
            return 0;
        } catch (ApiException e) {
            err.println("exec example failed: " + e.getMessage() + " " + e.body());
            return 1;
        }
    }

    /**
     * @param exec the client
     * @param out  where to print
     * @return what happened
     */
    public static ObservedStatuses run(ExecClient exec, PrintStream out) {
        AgentActionRequest sleep = new AgentActionRequest().adapter("generic").agentId("example-agent")
                .sessionId("example-session").action(new AgentAction().kind("sleep").input(Map.of("duration_ms", 200)));
        AgentActionResponse translation = exec.translate(sleep).execute();
        out.println("translate: " + translation.getTranslationTrace().getSourceKind() + " -> "
                + translation.getTranslationTrace().getNormalizedKind() + " (" + translation.getTranslationTrace()
                .getSchemaVersion() + "), accepted " + translation.getAccepted());

        AgentActionResponse acted = exec.act(sleep).execute();
        out.println("act: tasks " + acted.getTaskIds());
        TaskWait.Result done = exec.awaitAll(acted.getTaskIds(), Duration.ofSeconds(30)).execute();
        Task first = done.tasks().get(0);
        out.println("wait: " + first.getId() + " " + first.getStatus() + " after " + first.getAttempts() + " attempt(s)");

        boolean runtime = exec.getCapabilities().execute().getEnabledKinds().contains(ActionKind.RUNTIME_SCRIPT);
        AgentAction longAction = runtime
                ? new AgentAction().kind("runtime.script").input(Map.of("script", "echo started; sleep 60"))
                : new AgentAction().kind("os.sleep").input(Map.of("duration_ms", 60_000));
        String id = exec.act(new AgentActionRequest().agentId("example-agent").action(longAction)).execute().getTaskIds().get(0);
        waitUntilRunning(exec, id, runtime);
        CancelItem cancel = exec.cancelTask(id).execute().getTasks().get(0);
        out.println("cancel: " + cancel.getTaskId() + " " + cancel.getStatus() + ", event " + cancel.getEvent().getType()
                + (runtime ? " (runtime kill of " + cancel.getRuntime().getRef() + ")" : ""));
        Task second = exec.awaitAll(List.of(id), Duration.ofSeconds(30)).execute().tasks().get(0);
        out.println("wait: " + second.getId() + " " + second.getStatus());
        return new ObservedStatuses(first.getStatus().getValue(), cancel.getStatus().getValue(),
                cancel.getEvent().getType().getValue(), second.getStatus().getValue());
    }

    /** A running task (and, for a runtime one, its process started) is what cancel acts on here. */
    private static void waitUntilRunning(ExecClient exec, String id, boolean runtime) {
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Task t = exec.getTask(id).execute();
        while (System.nanoTime() < until && (!"running".equals(t.getStatus().getValue())
                || runtime && (t.getRuntime() == null || t.getRuntime().getRef() == null))) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            t = exec.getTask(id).execute();
        }
    }
}
