package dev.contractkit.reference.exec;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The action kinds of {@code adapter.v1}: name, execution category, aliases, what the input holds. */
enum ActionKind {
    OS_SHELL("os.shell", "os", "Runs a command line with sh -c (needs KIT_EXEC_ALLOW_SHELL=true).",
            "{\"type\":\"object\",\"required\":[\"command\"],\"properties\":{\"command\":{\"type\":\"string\"},\"cwd\":{\"type\":\"string\"}}}",
            "bash", "shell", "sh"),
    OS_FILE("os.file", "os", "Reads, writes or lists a file inside the sandbox directory (needs KIT_EXEC_SANDBOX_DIR).",
            "{\"type\":\"object\",\"required\":[\"op\",\"path\"],\"properties\":{\"op\":{\"enum\":[\"read\",\"write\",\"list\"]},\"path\":{\"type\":\"string\"},\"content\":{\"type\":\"string\"}}}",
            "file", "read_file", "write_file"),
    OS_HTTP("os.http", "os", "Makes an HTTP request and returns its status and body.",
            "{\"type\":\"object\",\"required\":[\"url\"],\"properties\":{\"url\":{\"type\":\"string\"},\"method\":{\"type\":\"string\"},\"body\":{\"type\":\"string\"}}}",
            "http", "fetch", "web_fetch"),
    OS_DNS("os.dns", "os", "Resolves a host name.",
            "{\"type\":\"object\",\"required\":[\"host\"],\"properties\":{\"host\":{\"type\":\"string\"}}}",
            "dns", "resolve"),
    OS_TCP("os.tcp", "os", "Opens (and closes) a TCP connection.",
            "{\"type\":\"object\",\"required\":[\"host\",\"port\"],\"properties\":{\"host\":{\"type\":\"string\"},\"port\":{\"type\":\"integer\"}}}",
            "tcp", "connect"),
    OS_SLEEP("os.sleep", "os", "Waits for duration_ms milliseconds.",
            "{\"type\":\"object\",\"properties\":{\"duration_ms\":{\"type\":\"integer\"}}}",
            "sleep", "wait"),
    OS_NOOP("os.noop", "os", "Does nothing and succeeds.", "{\"type\":\"object\"}", "noop", "nop"),
    RUNTIME_COMMAND("runtime.command", "cli-skills",
            "Runs an argument vector (or a command line) on the runtime service (needs KIT_EXEC_ALLOW_RUNTIME=true).",
            "{\"type\":\"object\",\"required\":[\"command\"],\"properties\":{\"command\":{\"type\":[\"array\",\"string\"]},\"cwd\":{\"type\":\"string\"},\"env\":{\"type\":\"object\"}}}",
            "command", "exec", "run"),
    RUNTIME_SCRIPT("runtime.script", "cli-skills",
            "Runs a script on the runtime service (needs KIT_EXEC_ALLOW_RUNTIME=true).",
            "{\"type\":\"object\",\"required\":[\"script\"],\"properties\":{\"script\":{\"type\":\"string\"},\"interpreter\":{\"type\":\"string\"},\"cwd\":{\"type\":\"string\"},\"env\":{\"type\":\"object\"}}}",
            "script"),
    MCP_CALL("mcp.call", "mcp", "Calls a tool on an MCP server.",
            "{\"type\":\"object\",\"required\":[\"server\",\"tool\"],\"properties\":{\"server\":{\"type\":\"string\"},\"tool\":{\"type\":\"string\"},\"arguments\":{\"type\":\"object\"}}}",
            "mcp", "mcp_tool"),
    CLI_RUN("cli.run", "cli-skills", "Runs an allowed program with arguments (needs KIT_EXEC_ALLOWED_COMMANDS).",
            "{\"type\":\"object\",\"required\":[\"command\"],\"properties\":{\"command\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"cwd\":{\"type\":\"string\"}}}",
            "cli", "skill"),
    TASK_GRAPH_SUBMIT("task_graph.submit", "os", "Submits the task graph in input.tasks.",
            "{\"type\":\"object\",\"required\":[\"tasks\"],\"properties\":{\"tasks\":{\"type\":\"array\"}}}",
            "task_graph", "graph");

    private final String id;
    private final String category;
    private final String description;
    private final String inputSchema;
    private final List<String> aliases;

    ActionKind(String id, String category, String description, String inputSchema, String... aliases) {
        this.id = id;
        this.category = category;
        this.description = description;
        this.inputSchema = inputSchema;
        this.aliases = List.of(aliases);
    }

    String id() {
        return id;
    }

    String category() {
        return category;
    }

    String description() {
        return description;
    }

    String inputSchema() {
        return inputSchema;
    }

    List<String> aliases() {
        return aliases;
    }

    boolean runtimeBacked() {
        return this == RUNTIME_COMMAND || this == RUNTIME_SCRIPT;
    }

    /** @return the kind named by an id or alias (case-insensitive) */
    static Optional<ActionKind> of(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> k.id.equals(n) || k.aliases.contains(n)).findFirst();
    }

    /** @return alias to kind id, in catalogue order */
    static Map<String, String> aliasTable() {
        Map<String, String> out = new LinkedHashMap<>();
        for (ActionKind k : values()) {
            k.aliases.forEach(a -> out.put(a, k.id));
        }
        return out;
    }
}
