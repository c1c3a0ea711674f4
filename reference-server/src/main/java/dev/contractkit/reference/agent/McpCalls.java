package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The analyst's MCP step, per enabled MCP server: lists its tools ({@code mcp_list_tools}) and calls the one the
 * question names ({@link McpTool#pick}) as an AG-UI tool call named like the tool. A server that cannot be reached
 * gives an error result and the run goes on, as does one whose address {@link McpAddressPolicy} refuses. The
 * server's token is sent by {@link McpTool} and redacted from results.
 */
final class McpCalls {
    private final ObjectMapper mapper;
    private final Workspace workspace;
    private final McpAddressPolicy addresses;

    McpCalls(ObjectMapper mapper, Workspace workspace, McpAddressPolicy addresses) {
        this.mapper = mapper;
        this.workspace = workspace;
        this.addresses = addresses;
    }

    /** @return one note per tool called: its first line of text */
    List<String> call(RunConfigResolver.Resolution config, String question, RunEvents events) {
        List<String> notes = new ArrayList<>();
        for (String id : config.ids("enabledMcpServerIds")) {
            Workspace.Resource server = workspace.find("mcp", id);
            if (server != null) {
                server(id, server, config, question, events, notes);
            }
        }
        return notes;
    }

    private void server(String id, Workspace.Resource server, RunConfigResolver.Resolution config, String question,
                        RunEvents events, List<String> notes) {
        ActiveRun run = events.run();
        String runId = events.runId();
        String token = workspace.secret("mcp", id);
        String step = "mcp_" + id;
        String listCall = runId + "-call-mcp-" + id + "-tools";
        String call = runId + "-call-mcp-" + id;
        events.stepStarted(step);
        events.tool(listCall, "mcp_list_tools", mapper.createObjectNode().put("mcpServerId", id));
        boolean listed = false;
        boolean started = false;
        boolean called = false;
        String url = server.node().path("url").asText();
        try (McpTool.Session session = run.await(() -> {
            // no connection to loopback, link-local or private addresses unless allowed, and only to the checked ones
            return McpTool.open(addresses.check(url), token);
        })) {
            List<McpSchema.Tool> all = run.await(session::tools);
            JsonNode allow = config.config().path("enabledMcpTools").get(id); // null: every tool of the server
            List<String> allowed = new ArrayList<>();
            if (allow != null) {
                allow.forEach(a -> allowed.add(a.asText()));
            }
            List<McpSchema.Tool> tools = all.stream()
                    .filter(t -> allow == null || allowed.contains(t.name())).toList();
            ArrayNode names = mapper.createArrayNode();
            tools.forEach(t -> names.addObject().put("name", t.name()).put("description", session.redact(
                    t.description() == null ? "" : t.description())));
            ObjectNode listing = (ObjectNode) mapper.createObjectNode().put("mcpServerId", id).set("tools", names);
            if (allow != null) {
                listing.set("filteredOut", mapper.valueToTree(all.stream().map(t -> t.name())
                        .filter(n -> !allowed.contains(n)).toList()));
            }
            events.result(listCall.replace("-call-", "-tool-"), listCall, listing);
            listed = true;
            var chosen = McpTool.pick(tools, question);
            if (chosen.isPresent()) {
                Map<String, Object> args = McpTool.arguments(chosen.get(), question);
                events.tool(call, chosen.get().name(), mapper.valueToTree(args));
                started = true;
                events.pause();
                String text = run.await(() -> session.call(chosen.get().name(), args));
                events.result(call.replace("-call-", "-tool-"), call, mapper.createObjectNode().put("mcpServerId", id)
                        .put("tool", chosen.get().name()).put("text", text));
                called = true;
                String line = text.lines().findFirst().orElse("");
                notes.add("MCP `" + id + "` / `" + chosen.get().name() + "`: "
                        + (line.length() > 200 ? line.substring(0, 200) + "..." : line));
            }
        } catch (ActiveRun.Cancelled e) {
            throw e;
        } catch (RuntimeException e) {
            if (run.isCancelled()) {
                throw new ActiveRun.Cancelled();
            }
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (token != null && !token.isEmpty()) {
                message = message.replace(token, "[redacted]");
            }
            String failed = listed ? call : listCall;
            if (!listed || started && !called) {
                events.result(failed.replace("-call-", "-tool-"), failed, mapper.createObjectNode()
                        .put("mcpServerId", id).put("error", "the MCP server could not be used: " + message));
            }
        }
        events.stepFinished(step);
    }
}
