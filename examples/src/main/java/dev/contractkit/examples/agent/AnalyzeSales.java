package dev.contractkit.examples.agent;

import dev.contractkit.examples.ExampleProgram;
import dev.contractkit.examples.KitToken;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentEvent;
import dev.contractkit.sdk.agent.AgentRun;
import dev.contractkit.sdk.agent.AgentTranscript;
import dev.contractkit.sdk.agent.model.RunAgentInput;

import java.io.PrintStream;
import java.util.Map;
import java.util.UUID;

/**
 * Asks the data-analysis agent a question and prints its AG-UI events as they stream in: tool calls, the
 * Markdown answer, the artifact. Run against the reference server ({@code ./kit serve agent}) or the mock.
 *
 * <pre>
 * java ... dev.contractkit.examples.agent.AnalyzeSales http://127.0.0.1:8090 "What is the revenue by region?"
 * </pre>
 *
 * The agent needs the kit token: {@code KIT_TOKEN}, else the file {@code <data dir>/kit-token}
 * ({@code KIT_DATA_DIR}, default {@code ./data}) that the server made on first start ({@link KitToken}); the mock
 * takes any bearer token.
 */
public final class AnalyzeSales {
    private AnalyzeSales() {
    }

    /**
     * @param args base URL, question; the kit token comes from {@code KIT_TOKEN} or the server's data directory
     */
    public static void main(String[] args) {
        ExampleProgram.exitWith(AnalyzeSales::cli, args);
    }

    /**
     * {@link #main} with the environment and the streams given ({@link ExampleProgram}).
     *
     * @param args base URL, question
     * @param env  the environment (the kit token: {@code KIT_TOKEN}, {@code KIT_DATA_DIR})
     * @param out  where to print
     * @param err  where the error message goes
     * @return the exit status
     */
    public static int cli(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String url = args.length > 0 ? args[0] : "http://127.0.0.1:8090";
        String question = args.length > 1 ? args[1] : "What is the revenue by region?";
        String token;
        try {
            token = KitToken.from(env);
        } catch (RuntimeException e) {
            err.println("agent example: " + e.getMessage());
            return 2;
        }
        AgentClient agent = AgentClient.builder().baseUrl(url).token(token).build();
        try {
            run(agent, "thread-" + UUID.randomUUID(), question, out);
            return 0;
        } catch (ApiException e) {
            err.println("agent example failed: " + e.getMessage() + " " + e.body());
            return 1;
        }
    }

    /**
     * @param agent    the client
     * @param threadId the session
     * @param question the question
     * @param out      where to print
     * @return the folded transcript
     */
    public static AgentTranscript run(AgentClient agent, String threadId, String question, PrintStream out) {
        RunAgentInput input = AgentRun.input(threadId, "run-" + UUID.randomUUID(), question);
        input.setForwardedProps(Map.of("run_config", Map.of("activeDatasourceId", "sample")));
        try (AgentRun run = agent.runAgent(input).execute()) {
            for (AgentEvent e : run) {
                switch (e) {
                    case AgentEvent.ToolCallStart s -> out.println("[tool] " + s.event().getToolCallName());
                    case AgentEvent.TextMessageContent c -> out.print(c.event().getDelta());
                    case AgentEvent.ArtifactCreated a -> out.println("[artifact] " + a.value().getName() + " "
                            + a.value().getDownloadPath());
                    case AgentEvent.RunError err -> out.println("[error] " + err.event().getCode() + ": "
                            + err.event().getMessage());
                    default -> {
                    }
                }
            }
            AgentTranscript t = run.transcript();
            out.println("[" + t.runEnd() + "] " + t.toolCalls().size() + " tool calls, " + t.artifacts().size()
                    + " artifact(s); ordering violations: " + run.violations().size());
            return t;
        }
    }
}
