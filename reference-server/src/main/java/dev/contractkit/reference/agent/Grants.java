package dev.contractkit.reference.agent;

import java.util.List;

/**
 * What a principal's runs may use (issue 35.5): the operator everything, a named principal the resources the operator
 * granted it, by kind ({@code db}, {@code kb}, {@code mcp}, {@code skill}, {@code llm}) and id; an MCP grant may list
 * the only tools its runs may call.
 *
 * @param principal the principal's name
 * @param all       true for the operator
 * @param grants    the granted resources (empty for the operator, who needs none)
 */
record Grants(String principal, boolean all, List<Grant> grants) {
    /** The operator's: everything, every tool. */
    static final Grants OPERATOR = new Grants("operator", true, List.of());

    /**
     * One granted resource.
     *
     * @param kind  {@code db}, {@code kb}, {@code mcp}, {@code skill} or {@code llm}
     * @param id    the resource's id
     * @param tools for {@code mcp}, the only tools its runs may call; null for every tool
     */
    record Grant(String kind, String id, List<String> tools) {
    }

    /** The model profile every principal may use: no model, no network, no cost. */
    static final String FREE_PROFILE = "deterministic";

    /** @return true when runs of the principal may use this resource (the {@value #FREE_PROFILE} profile always) */
    boolean has(String kind, String id) {
        return all || (kind.equals("llm") && id.equals(FREE_PROFILE)) || grants.stream().anyMatch(g -> g.kind().equals(kind) && g.id().equals(id));
    }

    /**
     * @param mcpServerId an MCP server
     * @return the only tools of it runs may call; null for every tool (the operator, or a grant without a list)
     */
    List<String> tools(String mcpServerId) {
        return grants.stream().filter(g -> g.kind().equals("mcp") && g.id().equals(mcpServerId)).findFirst()
                .map(Grant::tools).orElse(null);
    }
}
