package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.exec.TaskWait;
import dev.contractkit.sdk.exec.model.AgentAction;
import dev.contractkit.sdk.exec.model.AgentActionRequest;
import dev.contractkit.sdk.exec.model.AgentActionResponse;
import dev.contractkit.sdk.exec.model.CancelItem;
import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.runtime.RuntimeClient;

import java.time.Duration;
import java.util.Map;

/** The README's exec and runtime example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class ExecReadme {
    private ExecReadme() {
    }

    static void example(TaskGraph graph, String id, String kitToken) {
        // README-BEGIN
        ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(kitToken).build();
        AgentActionResponse r = exec.act(new AgentActionRequest()
                .action(new AgentAction().kind("sleep").input(Map.of("duration_ms", 100)))).execute();
        TaskWait.Result done = exec.awaitAll(r.getTaskIds(), Duration.ofSeconds(30), Duration.ofMillis(200)).execute();
        exec.submitAndWait(graph, Duration.ofMinutes(5), Duration.ofSeconds(1)).execute();   // a TaskGraph, until all terminal
        exec.submitAndWait(graph, Duration.ofMinutes(5), Duration.ofSeconds(1)).executeAsync()  // polls without blocking a thread
                .thenAccept(w -> System.out.println(w.allTerminal()));
        CancelItem c = exec.cancel(id).execute();          // cancelling + task_cancel_requested (409 ConflictException when finished)
        RuntimeClient runtime = RuntimeClient.builder().baseUrl("http://127.0.0.1:18080").token(kitToken).build();
        runtime.ready().execute();                         // GET /readyz: false on 503, asked once (no retries)
        // README-END
    }
}
