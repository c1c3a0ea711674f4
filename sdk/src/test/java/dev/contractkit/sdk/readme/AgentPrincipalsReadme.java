package dev.contractkit.sdk.readme;

import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentPrincipals;
import dev.contractkit.sdk.agent.model.CreatedPrincipal;
import dev.contractkit.sdk.agent.model.Grant;

import java.util.List;

/** The README's example of the agent's named principals, compiled (checked by {@link ReadmeExamplesTest}). */
final class AgentPrincipalsReadme {
    private AgentPrincipalsReadme() {
    }

    // README-BEGIN
    static AgentClient onboard(String kitToken) {
        AgentClient operator = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(kitToken).build();
        AgentPrincipals principals = operator.principals();            // the operator's own connection
        CreatedPrincipal alice = principals.create("alice",                  // the token is in this answer only
                List.of(new Grant().kind(Grant.KindEnum.DB).id("sample"))).execute();
        principals.grant("alice", List.of(new Grant().kind(Grant.KindEnum.DB).id("sample"),
                new Grant().kind(Grant.KindEnum.MCP).id("mcp-targets").tools(List.of("region_targets")))).execute();
        principals.list().execute().forEach(p -> System.out.println(p.getName() + " " + p.getGrants()));
        // principals.revoke("alice").execute();  -> her next request is 401
        return AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(alice.getToken()).build(); // acts as alice
    }
    // README-END
}
