package dev.contractkit.reference.answers;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every gated alternation of the engine finds what its whole alternation finds, at the same places, on the question
 * suite in several spellings and on suite questions joined two by two.
 */
class GatedTest {
    @Test
    void aGatedAlternationMatchesExactlyAsTheWholeOne() throws Exception {
        Map<String, Gated> gated = engineAlternations();
        assertThat(gated).hasSizeGreaterThanOrEqualTo(30);
        List<String> texts = texts();
        int ruledOut = 0;
        for (var g : gated.entrySet()) {
            for (String text : texts) {
                Pattern whole = g.getValue().pattern();
                assertThat(matches(g.getValue().matcher(text))).as(g.getKey() + " on " + text)
                        .isEqualTo(matches(whole.matcher(text)));
                assertThat(g.getValue().replaceAll(text, " ")).as(g.getKey() + " on " + text)
                        .isEqualTo(whole.matcher(text).replaceAll(" "));
                ruledOut += g.getValue().on(text) == null ? 1 : 0;
            }
        }
        assertThat(ruledOut).as("alternations not run at all").isGreaterThan(gated.size() * texts.size() / 2);
    }

    @Test
    void onlyTheAlternativesThatCanMatchRun() {
        Gated g = Gated.of("\\bdebts?\\b", "\\bcash\\b", "balance sheet");
        assertThat(g.on("what is the revenue?")).isNull();
        assertThat(g.on("what is the debt?").pattern()).isEqualTo("\\bdebts?\\b");
        assertThat(g.on("debt and cash")).isSameAs(g.pattern());
        assertThat(g.find("the cashier")).isFalse();
        assertThat(g.replaceAll("cash and debts", "_")).isEqualTo("_ and _");
    }

    private static List<String> texts() throws Exception {
        List<String> questions = AnswerSuiteTest.rows().stream().map(AnswerSuiteTest.Row::question).toList();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < questions.size(); i++) {
            String q = questions.get(i);
            texts.add(Question.normalize(q).toLowerCase(Locale.ROOT));
            texts.add(Question.normalize(q));
            texts.add(q.toUpperCase(Locale.ROOT));
            texts.add((q + " " + questions.get((i + 7) % questions.size())).toLowerCase(Locale.ROOT));
        }
        return texts;
    }

    private static Map<String, Gated> engineAlternations() throws IllegalAccessException {
        Map<String, Gated> out = new LinkedHashMap<>();
        for (Class<?> c : List.of(AnswerEngine.class, ContentFilter.class, Uncovered.class, Question.class, Mentions.class)) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == Gated.class) {
                    f.setAccessible(true);
                    out.put(c.getSimpleName() + "." + f.getName(), (Gated) f.get(null));
                }
            }
        }
        for (Metric m : Metric.values()) {
            out.put("Metric." + m, m.asks);
        }
        return out;
    }

    private static List<String> matches(Matcher m) {
        List<String> out = new ArrayList<>();
        while (m != null && m.find()) {
            out.add(m.start() + ":" + m.group());
        }
        return out;
    }
}
