package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.Status;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Refuses, before a run starts, a run request whose effective run config (the layer that wins, field by field, as in
 * {@link RunConfigResolver}) names a resource the operator did not grant the run's principal: in an enabled set, as
 * the active data source, skill or model profile, in {@code mentioned} or as a key of {@code enabledMcpTools}. 403
 * {@code RESOURCE_NOT_GRANTED}, the same for an id that names no resource at all (the answer tells a named principal
 * nothing about what exists). The operator is granted everything.
 */
final class GrantCheck {
    private static final Map<String, String> FIELDS = new LinkedHashMap<>();

    static {
        FIELDS.put("enabledDatasourceIds", "db");
        FIELDS.put("activeDatasourceId", "db");
        FIELDS.put("enabledKnowledgeIds", "kb");
        FIELDS.put("enabledMcpServerIds", "mcp");
        FIELDS.put("enabledSkillIds", "skill");
        FIELDS.put("activeSkillId", "skill");
        FIELDS.put("activeLlmProfileId", "llm");
    }

    private GrantCheck() {
    }

    /**
     * @param input  the RunAgentInput
     * @param grants what the run's principal may use
     * @throws ApiError 403 {@code RESOURCE_NOT_GRANTED} naming the field and the first id not granted
     */
    static void require(JsonNode input, Grants grants) {
        if (grants.all()) {
            return;
        }
        JsonNode fp = input.path("forwardedProps").path("run_config");
        JsonNode st = input.path("state").path("run_config");
        for (Map.Entry<String, String> f : FIELDS.entrySet()) {
            String where = where(fp, st, f.getKey());
            if (where != null) {
                JsonNode v = (where.startsWith("forwarded") ? fp : st).get(f.getKey());
                Iterable<JsonNode> ids = v.isArray() ? v : List.of(v);
                for (JsonNode id : ids) {
                    check(grants, f.getValue(), id.asText(), where + "." + f.getKey());
                }
            }
        }
        String where = where(fp, st, "mentioned");
        if (where != null) {
            JsonNode mentioned = (where.startsWith("forwarded") ? fp : st).get("mentioned");
            for (String kind : List.of("db", "kb", "mcp", "skill")) {
                for (JsonNode id : mentioned.path(kind)) {
                    check(grants, kind, id.asText(), where + ".mentioned." + kind);
                }
            }
        }
        where = where(fp, st, "enabledMcpTools");
        if (where != null) {
            JsonNode tools = (where.startsWith("forwarded") ? fp : st).get("enabledMcpTools");
            tools.fieldNames().forEachRemaining(id -> check(grants, "mcp", id, "enabledMcpTools"));
        }
    }

    private static void check(Grants grants, String kind, String id, String field) {
        if (!grants.has(kind, id)) {
            throw new ApiError(Status.FORBIDDEN_403, "RESOURCE_NOT_GRANTED", field + " names " + kind + " '" + id
                    + "', which the operator did not grant to '" + grants.principal() + "'");
        }
    }

    /** @return the run-config layer that supplies the field ({@code forwardedProps.run_config} wins), or null */
    private static String where(JsonNode fp, JsonNode st, String field) {
        if (fp.isObject() && fp.hasNonNull(field)) {
            return "forwardedProps.run_config";
        }
        if (st.isObject() && st.hasNonNull(field)) {
            return "state.run_config";
        }
        return null;
    }
}
