package dev.contractkit.sdk.readme;

import java.util.List;
import dev.contractkit.sdk.exec.model.TaskSpec;
import dev.contractkit.sdk.exec.model.ActionKind;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.exec.TaskWait;
import dev.contractkit.sdk.exec.model.AgentAction;
import dev.contractkit.sdk.exec.model.AgentActionRequest;
import dev.contractkit.sdk.exec.model.AgentActionResponse;
import dev.contractkit.sdk.exec.model.CancelResponse;
import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.runtime.RuntimeClient;

import java.time.Duration;
import java.util.Map;

/** The README's exec and runtime example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class ExecReadme {
    private ExecReadme() {
    }

    static void example() {
        // README-BEGIN
        String kitToken = System.getenv("KIT_TOKEN");
        ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(kitToken).build();
        AgentActionResponse r = exec.act(new AgentActionRequest()
                .action(new AgentAction().kind(ActionKind.OS_SLEEP.getValue()).input(Map.of("duration_ms", 100)))).execute();
        TaskWait.Result done = exec.awaitAll(r.getTaskIds(), Duration.ofSeconds(30)).execute();   // polls every 200 ms
        TaskGraph graph = new TaskGraph().tasks(List.of(
                new TaskSpec().id("prepare").type(ActionKind.OS_NOOP),
                new TaskSpec().id("pause").type(ActionKind.OS_SLEEP).params(Map.of("duration_ms", 10)).dependsOn(List.of("prepare"))));
        exec.submitAndWait(graph, Duration.ofMinutes(5), Duration.ofSeconds(1)).execute();   // until all terminal
        exec.submitAndWait(graph, Duration.ofMinutes(5), Duration.ofSeconds(1)).executeAsync()  // polls without blocking a thread
                .thenAccept(w -> System.out.println(w.allTerminal()));
        String id = r.getTaskIds().get(0);
        CancelResponse c = exec.cancelTask(id).execute();  // cancelling + task_cancel_requested (409 ConflictException when finished)
        RuntimeClient runtime = RuntimeClient.builder().baseUrl("http://127.0.0.1:18080").token(kitToken).build();
        runtime.ready().execute();                         // GET /readyz: false on 503, asked once (no retries)
        // README-END
    }
}
