package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The effective run config of an agent run: workspace defaults, then the per-run overrides
 * ({@code forwardedProps.run_config} field by field over {@code state.run_config}, {@code mentioned} ids added
 * to the enabled sets), then server policy (ids of unregistered or disabled resources removed and reported
 * in {@code excluded}). A client cannot bypass the policy step: it runs last, on every id. The policy includes what the
 * run's principal was granted ({@link Grants}): a default it was not granted is {@code excluded} as {@code not_granted}
 * (an id the request names explicitly was refused before the run, {@link GrantCheck}), and an MCP grant's tool list
 * is intersected with the request's {@code enabledMcpTools}, so a request can narrow it, never widen it.
 */
final class RunConfigResolver {
    /** The outcome; {@code errorCode} non-null means the run must end with RUN_ERROR. */
    record Resolution(ObjectNode config, String errorCode, String errorMessage) {
        String text(String field) {
            JsonNode n = config.get(field);
            return n == null ? null : n.asText();
        }

        List<String> ids(String field) {
            List<String> out = new ArrayList<>();
            config.path(field).forEach(n -> out.add(n.asText()));
            return out;
        }
    }

    private static final Map<String, String> KIND_FIELDS = new LinkedHashMap<>();

    static {
        KIND_FIELDS.put("db", "enabledDatasourceIds");
        KIND_FIELDS.put("kb", "enabledKnowledgeIds");
        KIND_FIELDS.put("mcp", "enabledMcpServerIds");
        KIND_FIELDS.put("skill", "enabledSkillIds");
    }

    private final ObjectMapper mapper;
    private final Workspace workspace;

    RunConfigResolver(ObjectMapper mapper, Workspace workspace) {
        this.mapper = mapper;
        this.workspace = workspace;
    }

    /**
     * @param input       the RunAgentInput
     * @param datasources the registered data sources
     * @param files       the ids of the files the run's principal sees
     */
    Resolution resolve(JsonNode input, List<AgentStore.Datasource> datasources, Set<String> files) {
        return resolve(input, datasources, files, Grants.OPERATOR);
    }

    /**
     * @param input       the RunAgentInput
     * @param datasources the registered data sources
     * @param files       the ids of the files the run's principal sees
     * @param grants      what the run's principal may use
     */
    Resolution resolve(JsonNode input, List<AgentStore.Datasource> datasources, Set<String> files, Grants grants) {
        String question = Question.of(input);
        JsonNode fp = input.path("forwardedProps").path("run_config");
        JsonNode st = input.path("state").path("run_config");
        String source = fp.isObject() ? "forwardedProps" : st.isObject() ? "state" : "defaults";
        Map<String, Policy> policy = policy(datasources, grants);

        // 1. workspace defaults
        Map<String, List<String>> enabled = new LinkedHashMap<>();
        enabled.put("db", datasources.stream().filter(AgentStore.Datasource::enabled).map(AgentStore.Datasource::id).toList());
        enabled.put("kb", defaults("kb"));
        enabled.put("mcp", defaults("mcp"));
        enabled.put("skill", defaults("skill"));
        String activeDb = enabled.get("db").contains("sample") ? "sample" : enabled.get("db").stream().findFirst().orElse(null);
        String activeSkill = defaults("skill").stream().findFirst().orElse(null);
        String llm = defaults("llm").stream().findFirst().orElse("deterministic");
        String skillMode = "selected";

        // 2. per-run overrides: forwardedProps.run_config wins over state.run_config, field by field
        boolean explicitDb = false;
        boolean explicitSkill = false;
        for (Map.Entry<String, String> k : KIND_FIELDS.entrySet()) {
            JsonNode v = pick(fp, st, k.getValue());
            if (v != null) {
                enabled.put(k.getKey(), strings(v));
            }
        }
        JsonNode v = pick(fp, st, "activeDatasourceId");
        if (v != null) {
            activeDb = v.asText();
            explicitDb = true;
        }
        v = pick(fp, st, "activeSkillId");
        if (v != null) {
            activeSkill = v.asText();
            explicitSkill = true;
        }
        v = pick(fp, st, "activeLlmProfileId");
        if (v != null) {
            llm = v.asText();
        }
        v = pick(fp, st, "skill_mode");
        if (v != null) {
            skillMode = v.asText();
        }
        JsonNode mentionedIn = pick(fp, st, "mentioned");
        List<String> fileIds = strings(pick(fp, st, "fileIds"));
        List<String> pinned = strings(pick(fp, st, "pinnedPaths"));

        // 3. server policy: every id must name a registered, enabled resource
        ArrayNode excluded = mapper.createArrayNode();
        Set<String> seen = new LinkedHashSet<>();
        ObjectNode mentioned = mapper.createObjectNode();
        for (String kind : KIND_FIELDS.keySet()) {
            List<String> ids = new ArrayList<>(new LinkedHashSet<>(enabled.get(kind)));
            ArrayNode m = mentioned.putArray(kind);
            for (String id : strings(mentionedIn == null ? null : mentionedIn.get(kind))) {
                if (policy.get(kind).reason(id) == null) {
                    m.add(id);
                    if (!ids.contains(id)) {
                        ids.add(id);
                    }
                } else {
                    exclude(excluded, seen, kind, id, policy.get(kind).reason(id));
                }
            }
            List<String> allowed = new ArrayList<>();
            for (String id : ids) {
                String reason = policy.get(kind).reason(id);
                if (reason == null) {
                    allowed.add(id);
                } else {
                    exclude(excluded, seen, kind, id, reason);
                }
            }
            enabled.put(kind, allowed);
        }
        List<String> keptFiles = new ArrayList<>();
        for (String id : new LinkedHashSet<>(fileIds)) {
            if (files.contains(id)) {
                keptFiles.add(id);
            } else {
                exclude(excluded, seen, "file", id, "not_registered");
            }
        }

        ObjectNode c = mapper.createObjectNode();
        c.set("enabledDatasourceIds", array(enabled.get("db")));
        String error = null;
        String message = null;
        if (activeDb != null && !enabled.get("db").contains(activeDb)) {
            if (explicitDb) {
                error = "ACTIVE_DATASOURCE_NOT_ENABLED";
                message = "the active data source '" + activeDb + "' is not among the enabled data sources of this run "
                        + enabled.get("db") + (policy.get("db").reason(activeDb) == null ? ""
                        : " (" + policy.get("db").reason(activeDb).replace('_', ' ') + ")");
            }
            activeDb = enabled.get("db").stream().findFirst().orElse(null);
        }
        if (activeDb != null) {
            c.put("activeDatasourceId", activeDb);
        }
        c.set("enabledKnowledgeIds", array(enabled.get("kb")));
        c.set("enabledMcpServerIds", array(enabled.get("mcp")));
        c.set("enabledSkillIds", array(enabled.get("skill")));
        if (skillMode.equals("none")) {
            activeSkill = null;
        } else if (skillMode.equals("selected") && activeSkill != null && !enabled.get("skill").contains(activeSkill)) {
            if (explicitSkill && error == null) {
                error = "ACTIVE_SKILL_NOT_ENABLED";
                message = "the active skill '" + activeSkill + "' is not among the enabled skills of this run "
                        + enabled.get("skill");
            }
            activeSkill = null;
        } else if (skillMode.equals("auto")) {
            activeSkill = SkillChooser.choose(question, enabled.get("skill").stream().map(id -> workspace.find("skill", id)).toList());
        } else if (!skillMode.equals("selected")) {
            activeSkill = enabled.get("skill").stream().findFirst().orElse(null);
        }
        if (activeSkill != null) {
            c.put("activeSkillId", activeSkill);
        }
        if (policy.get("llm").reason(llm) != null) {
            exclude(excluded, seen, "llm", llm, policy.get("llm").reason(llm));
            if (error == null) {
                error = "LLM_PROFILE_NOT_AVAILABLE";
                message = "the model profile '" + llm + "' is not available (" + policy.get("llm").reason(llm).replace('_', ' ')
                        + "); available: " + defaults("llm");
            }
            llm = defaults("llm").stream().findFirst().orElse("deterministic");
        }
        c.put("activeLlmProfileId", llm);
        c.put("skill_mode", skillMode);
        c.set("fileIds", array(keptFiles));
        c.set("pinnedPaths", array(pinned));
        JsonNode tools = pick(fp, st, "enabledMcpTools");
        ObjectNode kept = mapper.createObjectNode();
        if (tools != null && tools.isObject()) {
            tools.fields().forEachRemaining(e -> {
                if (enabled.get("mcp").contains(e.getKey())) {
                    kept.set(e.getKey(), array(strings(e.getValue())));
                } else {
                    exclude(excluded, seen, "mcp", e.getKey(), policy.get("mcp").reason(e.getKey()) == null
                            ? "not_enabled" : policy.get("mcp").reason(e.getKey()));
                }
            });
        }
        for (String server : enabled.get("mcp")) { // server policy: the grant's tools, narrowed by the request's
            List<String> granted = grants.tools(server);
            if (granted != null) {
                List<String> asked = kept.has(server) ? strings(kept.get(server)) : granted;
                kept.set(server, array(asked.stream().filter(granted::contains).distinct().toList()));
            }
        }
        if ((tools != null && tools.isObject()) || !kept.isEmpty()) {
            c.set("enabledMcpTools", kept);
        }
        c.set("mentioned", mentioned);
        c.put("source", source);
        c.set("excluded", excluded);
        if (error == null && activeDb == null) {
            error = "NO_DATASOURCE_ENABLED";
            message = "no data source is enabled for this run";
        }
        return new Resolution(c, error, message);
    }

    private List<String> defaults(String kind) {
        return workspace.all(kind).stream().filter(r -> r.enabled() && r.isDefault()).map(Workspace.Resource::id).toList();
    }

    private Map<String, Policy> policy(List<AgentStore.Datasource> datasources, Grants grants) {
        Map<String, Policy> out = new LinkedHashMap<>();
        Map<String, Boolean> db = new LinkedHashMap<>();
        datasources.forEach(d -> db.put(d.id(), d.enabled()));
        out.put("db", new Policy("db", db, grants));
        for (String kind : List.of("kb", "mcp", "skill", "llm")) {
            Map<String, Boolean> m = new LinkedHashMap<>();
            workspace.all(kind).forEach(r -> m.put(r.id(), r.enabled()));
            out.put(kind, new Policy(kind, m, grants));
        }
        return out;
    }

    private record Policy(String kind, Map<String, Boolean> known, Grants grants) {
        String reason(String id) {
            Boolean on = known.get(id);
            return on == null ? "not_registered" : !on ? "disabled_by_policy"
                    : grants.has(kind, id) ? null : "not_granted";
        }
    }

    private static JsonNode pick(JsonNode fp, JsonNode st, String field) {
        if (fp.isObject() && fp.has(field) && !fp.get(field).isNull()) {
            return fp.get(field);
        }
        if (st.isObject() && st.has(field) && !st.get(field).isNull()) {
            return st.get(field);
        }
        return null;
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n != null && n.isArray()) {
            n.forEach(x -> out.add(x.asText()));
        }
        return out;
    }

    private ArrayNode array(List<String> ids) {
        ArrayNode a = mapper.createArrayNode();
        ids.forEach(a::add);
        return a;
    }

    private void exclude(ArrayNode excluded, Set<String> seen, String kind, String id, String reason) {
        if (seen.add(kind + "/" + id)) {
            excluded.addObject().put("kind", kind).put("id", id).put("reason", reason);
        }
    }
}
