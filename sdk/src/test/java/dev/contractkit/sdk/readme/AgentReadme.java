package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentEvent;
import dev.contractkit.sdk.agent.AgentRun;
import dev.contractkit.sdk.agent.AgentTranscript;

/** The README's agent example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class AgentReadme {
    private AgentReadme() {
    }

    static void example() {
        // README-BEGIN
        String kitToken = System.getenv("KIT_TOKEN");
        AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(kitToken).build();
        try (AgentRun run = agent.runAgent(AgentRun.input("thread-1", "run-1", "What is the revenue by region?")).execute()) {
            for (AgentEvent e : run) {
                if (e instanceof AgentEvent.TextMessageContent c) System.out.print(c.event().getDelta());
            }
            AgentTranscript t = run.transcript();   // t.answer(), t.artifacts(), t.runEnd()
        }
        // a dropped connection re-attaches by itself; a run can also be followed again, or stopped, from anywhere
        try (AgentRun again = agent.attach("thread-1", "run-1").execute()) {
            again.cancel();                          // the way to stop a run; close() leaves it running on the server
        }
        AgentTranscript restored = AgentTranscript.fold(agent.historyEvents("thread-1").execute().getLast());
        agent.resources().skills().list().executeAsync().thenAccept(skills -> System.out.println(skills.size() + " skills"));
        // README-END
    }
}
