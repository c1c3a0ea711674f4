package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.agent.AgentClient;

/** The README's example of the agent's thread list and deletes, compiled (checked by {@link ReadmeExamplesTest}). */
final class AgentLifecycleReadme {
    private AgentLifecycleReadme() {
    }

    // README-BEGIN
    static void tidyUp(AgentClient agent) {
        var page = agent.listThreads(20, 0).execute();                      // newest first; page.getTotal() over all pages
        agent.allThreads().map(t -> t.getTitle()).forEach(System.out::println);  // every page, by Link rel="next"
        agent.deleteThread("thread-1").execute();    // its runs, events and artifacts; 409 ConflictException while a run goes on
        agent.deleteFile("file-3f2a9c1e").execute(); // NotFoundException when it is gone already
        agent.deleteArtifact("art-demo-1").execute();
    }
    // README-END
}
