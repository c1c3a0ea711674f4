package dev.contractkit.reference.agent;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code skill_mode: auto}: the enabled skill whose name, description and instructions share the most words with the
 * question (words of three letters or more, common words left out; {@code summarize} and {@code summary} match on
 * their first five letters); ties, and a question that matches none, go to the first enabled skill.
 */
final class SkillChooser {
    private static final Set<String> COMMON = Set.of("the", "and", "what", "which", "who", "how", "are", "was", "were",
            "for", "from", "with", "that", "this", "one", "per", "its", "it's", "has", "have", "does", "did", "can",
            "you", "please", "show", "tell", "give", "about", "into", "then", "than", "all", "any");

    private SkillChooser() {
    }

    /** @return the chosen skill id, or null when none is enabled */
    static String choose(String question, List<Workspace.Resource> skills) {
        Set<String> q = words(question);
        String best = null;
        int bestScore = -1;
        for (Workspace.Resource s : skills) {
            Set<String> text = words(s.name() + " " + s.description() + " " + s.node().path("instructions").asText(""));
            int score = (int) q.stream().filter(w -> text.stream().anyMatch(t -> same(w, t))).count();
            if (score > bestScore) {
                best = s.id();
                bestScore = score;
            }
        }
        return best;
    }

    private static boolean same(String a, String b) {
        return a.equals(b) || a.length() >= 5 && b.length() >= 5 && a.regionMatches(0, b, 0, 5);
    }

    private static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String w : QueryPlanner.words(text)) {
            if (w.length() >= 3 && !COMMON.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }
}
