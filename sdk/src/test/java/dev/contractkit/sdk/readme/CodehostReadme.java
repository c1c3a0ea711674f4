package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.codehost.CodehostV4Client;
import dev.contractkit.sdk.codehost.CodehostV5Client;
import dev.contractkit.sdk.codehost.RunnerState;
import dev.contractkit.sdk.codehost.v5.model.GeoSite;
import dev.contractkit.sdk.codehost.v5.model.MergeRequest;

import java.util.List;

/** The README's code-hosting example, compiled (checked against the README by {@link ReadmeExamplesTest}). */
final class CodehostReadme {
    private CodehostReadme() {
    }

    static void example() {
        // README-BEGIN
        CodehostV4Client v4 = CodehostV4Client.builder().baseUrl("http://127.0.0.1:8084").token("kit-demo-codehost-token").build();
        CodehostV5Client v5 = CodehostV5Client.builder().baseUrl("http://127.0.0.1:8084").token("kit-demo-codehost-token").build();
        v4.pause(6).execute();                                        // PUT /api/v4/runners/6, form field active=false
        boolean paused = RunnerState.isPaused(v5.getRunner(6L).execute()); // reads `paused`, never `status`: true on the reference
                                                                      // server (v4 and v5 share its store), the example on a mock
        v5.resume(6).execute();                                       // PUT /api/v5/runners/6, paused=false
        v5.listAllRunnersAutoPaging(null, null, null, null, 1, CodehostV5Client.MAX_PAGE_SIZE)
                .filter(RunnerState::isPaused).forEach(r -> System.out.println(r.getId()));  // every page
        List<MergeRequest> open = v5.listMergeRequestsAutoPaging(3L, 1, 100).filter(mr -> "opened".equals(mr.getState())).toList();
        List<GeoSite> sites = v5.listGeoSites().execute();            // every operation of the contract is a method
        v5.listGroupRunnersAutoPaging(9L, null, "online", null, null, 1, 50)
                .forEach(r -> System.out.println(r.getDescription()));    // any paged list, your filters
        v5.getRunner(6L).executeAsync().thenAccept(r -> System.out.println(r.getPaused()));
        // README-END
    }
}
