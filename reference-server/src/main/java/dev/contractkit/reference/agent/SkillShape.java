package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the run's skills declare, read from their fields and never from their ids: the instructions (a model's
 * system instructions), the tools the run may use ({@code tools}; absent: every tool), the answer's format
 * ({@code answerFormat}: {@code table}, the default, or {@code list}) and its sections in order ({@code sections}:
 * {@code table}, {@code notes} (knowledge and MCP), {@code largest} (names the largest value), {@code sql} (the
 * query); default {@code table}, {@code notes}). In {@code skill_mode: all} every enabled skill's sections count.
 */
record SkillShape(String skillId, String instructions, Set<String> tools, String format, List<String> sections) {
    /** The tools a skill may name. */
    static final List<String> TOOLS = List.of("inspect_schema", "run_sql", "search_knowledge", "read_file", "mcp");
    private static final List<String> DEFAULT_SECTIONS = List.of("table", "notes");

    /** @return the shape of the run's active skill (or, with {@code skill_mode: all}, of every enabled skill) */
    static SkillShape of(RunConfigResolver.Resolution config, Workspace workspace) {
        String id = config.text("activeSkillId");
        Workspace.Resource skill = id == null ? null : workspace.find("skill", id);
        JsonNode node = skill == null ? null : skill.node();
        String instructions = node == null ? "" : node.path("instructions").asText("").trim();
        Set<String> tools = null;
        if (node != null && node.path("tools").isArray()) {
            tools = new LinkedHashSet<>();
            for (JsonNode t : node.path("tools")) {
                tools.add(t.asText());
            }
        }
        String format = node == null ? "table" : node.path("answerFormat").asText("table");
        Set<String> sections = new LinkedHashSet<>(sections(node));
        if ("all".equals(config.text("skill_mode"))) {
            for (String other : config.ids("enabledSkillIds")) {
                Workspace.Resource r = workspace.find("skill", other);
                if (r != null) {
                    sections.addAll(sections(r.node()));
                }
            }
        }
        return new SkillShape(id, instructions, tools, format, List.copyOf(sections));
    }

    private static List<String> sections(JsonNode node) {
        if (node == null || !node.path("sections").isArray() || node.path("sections").isEmpty()) {
            return DEFAULT_SECTIONS;
        }
        List<String> out = new ArrayList<>();
        node.path("sections").forEach(s -> out.add(s.asText()));
        return out;
    }

    /** @return whether the skill lets the run use the tool ({@code mcp} stands for every MCP tool) */
    boolean allows(String tool) {
        return tools == null || tools.contains(tool);
    }

    boolean has(String section) {
        return sections.contains(section);
    }

    /** Copies a skill's shape fields (tools, answerFormat, sections) from a body or stored node to another node. */
    static void copy(JsonNode from, ObjectNode to) {
        for (String field : List.of("tools", "sections")) {
            if (from.path(field).isArray()) {
                to.set(field, from.get(field).deepCopy());
            }
        }
        if (from.hasNonNull("answerFormat")) {
            to.put("answerFormat", from.get("answerFormat").asText());
        }
    }

    /** @return the skill's part of a model's system instructions: its own text, then the answer's shape */
    String systemInstructions() {
        StringBuilder b = new StringBuilder();
        if (!instructions.isEmpty()) {
            b.append("Skill").append(skillId == null ? "" : " `" + skillId + "`").append(": ").append(instructions).append("\n");
        }
        b.append("Answer in Markdown, ").append(format.equals("list") ? "the result rows as a bulleted list"
                : "the result rows as a table").append(". Sections, in this order: ");
        List<String> named = new ArrayList<>();
        for (String s : sections) {
            named.add(switch (s) {
                case "table" -> "the result";
                case "notes" -> "notes from the knowledge bases and tools";
                case "largest" -> "a line naming the largest value";
                case "sql" -> "the SQL query in a code block";
                default -> s;
            });
        }
        b.append(String.join("; ", named)).append(".");
        return b.toString();
    }
}
