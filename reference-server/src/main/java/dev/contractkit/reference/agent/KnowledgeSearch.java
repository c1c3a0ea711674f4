package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.util.ArrayList;
import java.util.List;

/** The analyst's {@code search_knowledge} tool call over the run's enabled knowledge bases. */
final class KnowledgeSearch {
    private final ObjectMapper mapper;
    private final Workspace workspace;

    KnowledgeSearch(ObjectMapper mapper, Workspace workspace) {
        this.mapper = mapper;
        this.workspace = workspace;
    }

    /** @return up to two hits as notes for the answer; none (and no tool call) when no knowledge base is enabled */
    List<String> search(RunConfigResolver.Resolution config, String question, RunEvents events) {
        List<String> notes = new ArrayList<>();
        List<String> kbs = config.ids("enabledKnowledgeIds");
        if (kbs.isEmpty()) {
            return notes;
        }
        String call = events.runId() + "-call-kb";
        events.tool(call, "search_knowledge", mapper.createObjectNode().put("query", question)
                .set("knowledgeIds", mapper.valueToTree(kbs)));
        ArrayNode hits = mapper.createArrayNode();
        for (String kb : kbs) {
            for (Workspace.Hit h : workspace.search(kb, question)) {
                hits.addObject().put("knowledgeId", kb).put("title", h.title()).put("text", h.text()).put("score", h.score());
                if (notes.size() < 2) {
                    notes.add(h.title() + ": " + h.text());
                }
            }
        }
        events.result(events.runId() + "-tool-kb", call, mapper.createObjectNode().set("hits", hits));
        return notes;
    }
}
