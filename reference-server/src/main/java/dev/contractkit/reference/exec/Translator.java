package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import io.helidon.http.Status;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Translates an {@code adapter.v1} AgentActionRequest into the {@code agent.v1} translation: the task graph
 * (one task, or the graph of a {@code task_graph.submit}), its ids and the translation trace. Pure: nothing
 * is stored or run here.
 */
final class Translator {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ContractRules rules;
    private final ExecSettings settings;

    Translator(ContractRules rules, ExecSettings settings) {
        this.rules = rules;
        this.settings = settings;
    }

    /** The outcome of one translation. */
    record Translation(List<TaskSpec> tasks, ActionKind kind, ObjectNode trace) {
        List<String> ids() {
            return tasks.stream().map(TaskSpec::id).toList();
        }

        /** @return the AgentActionResponse */
        ObjectNode response(boolean accepted) {
            ObjectNode n = JSON.objectNode();
            n.put("schema_version", "adapter.v1");
            n.put("accepted", accepted);
            n.set("task_ids", strings(ids()));
            ArrayNode tasksJson = n.putObject("task_graph").putArray("tasks");
            tasks.forEach(t -> tasksJson.add(t.toJson()));
            n.set("translation_trace", trace);
            return n;
        }
    }

    Translation translate(JsonNode body) {
        requireValid("AgentActionRequest", body, "");
        JsonNode action = body.get("action");
        String source = action.get("kind").asText();
        ActionKind kind = ActionKind.of(source).orElseThrow(() -> new ApiError(Status.BAD_REQUEST_400, "unknown_action_kind",
                "action.kind '" + source + "' is not an action kind or alias; known kinds: "
                        + Arrays.stream(ActionKind.values()).map(ActionKind::id).collect(Collectors.joining(", "))));
        String adapter = text(body, "adapter", "generic");
        Map<String, String> annotations = new LinkedHashMap<>();
        body.path("metadata").properties().forEach(e -> annotations.put("metadata." + e.getKey(), e.getValue().asText()));
        annotations.put("adapter", adapter);
        annotations.put("source_kind", source);
        putIfPresent(annotations, "agent_id", body);
        putIfPresent(annotations, "session_id", body);
        putIfPresent(annotations, "action_id", body);

        List<TaskSpec> tasks;
        if (kind == ActionKind.TASK_GRAPH_SUBMIT) {
            JsonNode graph = action.path("input");
            tasks = graph(graph, "action.input").stream().map(t -> {
                Map<String, String> a = new LinkedHashMap<>(annotations);
                a.putAll(t.annotations());
                return new TaskSpec(t.id(), t.kind(), t.params(), t.toolName(), t.input(), t.dependsOn(), t.retry(),
                        t.timeoutMs(), a);
            }).toList();
        } else {
            String id = body.hasNonNull("action_id") ? body.get("action_id").asText() : freshId();
            ObjectNode params = params(kind, action.get("input"), "action.input");
            tasks = List.of(new TaskSpec(id, kind, params, action.hasNonNull("tool_name") ? action.get("tool_name").asText() : null,
                    action.get("input"), strings(action.path("depends_on")), action.path("retry").asInt(0),
                    action.hasNonNull("timeout") ? action.get("timeout").asLong() : settings.defaultTimeoutMs(), annotations));
        }
        ObjectNode trace = JSON.objectNode();
        trace.put("schema_version", "agent.v1");
        trace.put("adapter", adapter);
        for (String f : List.of("agent_id", "session_id", "action_id")) {
            if (body.hasNonNull(f)) {
                trace.put(f, body.get(f).asText());
            }
        }
        trace.put("source_kind", source);
        trace.put("normalized_kind", kind.id());
        trace.set("task_ids", strings(tasks.stream().map(TaskSpec::id).toList()));
        trace.put("enabled", tasks.stream().allMatch(t -> settings.refusal(t.kind()).isEmpty()));
        return new Translation(tasks, kind, trace);
    }

    /** Parses a TaskGraph body ({@code POST /tasks}, or a {@code task_graph.submit} input). */
    List<TaskSpec> graph(JsonNode body, String where) {
        requireValid("TaskGraph", body, where.isEmpty() ? "" : where + ".");
        List<TaskSpec> out = new ArrayList<>();
        int i = 0;
        for (JsonNode t : body.get("tasks")) {
            String at = (where.isEmpty() ? "" : where + ".") + "tasks[" + i++ + "]";
            ActionKind kind = ActionKind.of(t.get("type").asText()).orElseThrow();
            if (kind == ActionKind.TASK_GRAPH_SUBMIT) {
                throw new ApiError(Status.BAD_REQUEST_400, "invalid_task_graph",
                        at + ".type: task_graph.submit is an action kind; a graph's tasks cannot submit graphs");
            }
            JsonNode source = t.hasNonNull("params") ? t.get("params") : t.get("input");
            ObjectNode params = params(kind, source, at + (t.hasNonNull("params") ? ".params" : ".input"));
            Map<String, String> annotations = new LinkedHashMap<>();
            t.path("annotations").properties().forEach(e -> annotations.put(e.getKey(), e.getValue().asText()));
            out.add(new TaskSpec(t.get("id").asText(), kind, params,
                    t.hasNonNull("tool_name") ? t.get("tool_name").asText() : null, t.get("input"),
                    strings(t.path("depends_on")), t.path("retry").asInt(0),
                    t.hasNonNull("timeout") ? t.get("timeout").asLong() : settings.defaultTimeoutMs(), annotations));
        }
        if (out.size() > settings.maxGraphTasks()) {
            throw new ApiError(Status.TOO_MANY_REQUESTS_429, "too_many_tasks",
                    "a graph may hold at most " + settings.maxGraphTasks() + " tasks; this one has " + out.size());
        }
        return out;
    }

    /** Normalizes an action input into the kind's parameters and checks the fields the kind needs. */
    static ObjectNode params(ActionKind kind, JsonNode input, String where) {
        ObjectNode p;
        if (input == null || input.isNull() || input.isMissingNode()) {
            p = JSON.objectNode();
        } else if (input.isObject()) {
            p = ((ObjectNode) input).deepCopy();
        } else if (input.isTextual() && (kind == ActionKind.OS_SHELL || kind == ActionKind.RUNTIME_COMMAND)) {
            p = JSON.objectNode().put("command", input.asText());
        } else if (input.isTextual() && kind == ActionKind.RUNTIME_SCRIPT) {
            p = JSON.objectNode().put("script", input.asText());
        } else if (input.isArray() && (kind == ActionKind.CLI_RUN || kind == ActionKind.RUNTIME_COMMAND)) {
            p = JSON.objectNode().set("command", input.deepCopy());
        } else if (input.isNumber() && kind == ActionKind.OS_SLEEP) {
            p = JSON.objectNode().put("duration_ms", input.asLong());
        } else {
            throw badInput(where + ": must be a JSON object for " + kind.id());
        }
        switch (kind) {
            case OS_SHELL -> requireText(p, "command", where);
            case CLI_RUN -> requireArgv(p, where);
            case OS_FILE -> {
                requireText(p, "path", where);
                String op = p.path("op").asText("read");
                if (!List.of("read", "write", "list").contains(op)) {
                    throw badInput(where + ".op: must be read, write or list");
                }
                p.put("op", op);
            }
            case OS_HTTP -> requireText(p, "url", where);
            case OS_DNS -> requireText(p, "host", where);
            case OS_TCP -> {
                requireText(p, "host", where);
                int port = p.path("port").asInt(-1);
                if (!p.path("port").canConvertToInt() || port < 1 || port > 65535) {
                    throw badInput(where + ".port: must be an integer between 1 and 65535");
                }
            }
            case OS_SLEEP -> {
                JsonNode d = p.path("duration_ms");
                if (!d.isMissingNode() && (!d.canConvertToLong() || d.asLong() < 0 || !d.isIntegralNumber())) {
                    throw badInput(where + ".duration_ms: must be a non-negative integer");
                }
                p.put("duration_ms", d.asLong(0));
            }
            case RUNTIME_COMMAND -> {
                JsonNode c = p.path("command");
                if (c.isTextual() ? c.asText().isBlank() : !isArgv(c)) {
                    throw badInput(where + ".command: is required (an argument vector or a command line)");
                }
            }
            case RUNTIME_SCRIPT -> requireText(p, "script", where);
            case MCP_CALL -> {
                requireText(p, "server", where);
                requireText(p, "tool", where);
            }
            default -> {
            }
        }
        return p;
    }

    private static boolean isArgv(JsonNode c) {
        if (!c.isArray() || c.isEmpty()) {
            return false;
        }
        for (JsonNode a : c) {
            if (!a.isTextual()) {
                return false;
            }
        }
        return !c.get(0).asText().isBlank();
    }

    private static void requireArgv(ObjectNode p, String where) {
        if (!isArgv(p.path("command"))) {
            throw badInput(where + ".command: is required, an argument vector of strings such as [\"git\", \"status\"]");
        }
    }

    private static void requireText(ObjectNode p, String field, String where) {
        if (!p.path(field).isTextual() || p.path(field).asText().isBlank()) {
            throw badInput(where + "." + field + ": is required (a non-blank string)");
        }
    }

    /** A kind-specific input the schema allows but the kind cannot take (a business refusal, not a broken request). */
    static ApiError badInput(String message) {
        return new ApiError(Status.BAD_REQUEST_400, "invalid_action_input", message);
    }

    static ApiError bad(String message) {
        return new ApiError(Status.BAD_REQUEST_400, "invalid_request", message);
    }

    private void requireValid(String schema, JsonNode body, String prefix) {
        if (body == null || !body.isObject()) {
            throw bad((prefix.isEmpty() ? "body" : prefix.substring(0, prefix.length() - 1)) + ": must be a JSON object");
        }
        if (schema.equals("TaskGraph")) {
            int i = 0;
            for (JsonNode t : body.path("tasks")) {
                Map<String, String> p = rules.body("TaskSpec", t);
                if (!p.isEmpty()) {
                    int at = i;
                    throw bad(p.entrySet().stream().map(e -> prefix + "tasks[" + at + "]." + e.getKey() + ": " + e.getValue())
                            .collect(Collectors.joining("; ")));
                }
                i++;
            }
        }
        if (schema.equals("AgentActionRequest") && body.path("action").isObject()) {
            // the nested action first, so a message names its field (action.kind) rather than "action"
            Map<String, String> p = rules.body("AgentAction", body.get("action"));
            if (!p.isEmpty()) {
                throw bad(p.entrySet().stream().map(e -> "action." + e.getKey() + ": " + e.getValue())
                        .collect(Collectors.joining("; ")));
            }
        }
        Map<String, String> problems = rules.body(schema, body);
        if (!problems.isEmpty()) {
            throw bad(problems.entrySet().stream().map(e -> prefix + e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
    }

    private static void putIfPresent(Map<String, String> out, String field, JsonNode body) {
        if (body.hasNonNull(field)) {
            out.put(field, body.get(field).asText());
        }
    }

    private static String text(JsonNode body, String field, String fallback) {
        return body.hasNonNull(field) ? body.get(field).asText() : fallback;
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    static ArrayNode strings(List<String> values) {
        ArrayNode a = JSON.arrayNode();
        values.forEach(a::add);
        return a;
    }

    /** @return an id nobody can guess: {@code task-} and a random (version 4, 122-bit) UUID */
    static String freshId() {
        return "task-" + UUID.randomUUID();
    }
}
