package dev.contractkit.reference.answers;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine's alternations share their word boundaries and still match exactly as the plain join does. */
class AlternationTest {
    private static final String[] ALTERNATIVES = {"\\bdebts?\\b", "\\bcash\\b", "balance sheet", "(?<!\\ba )\\bbomb(?:ed)?\\b",
            "\\bp ?/ ?[bs]\\b", "\\bfoo|bar", "\\b[|]pipe\\b", "\\bescaped\\|bar", "\\bcosts?\\b(?= (?:of|base))"};
    private static final List<String> TEXTS = List.of("what is the debt and cash of nwrb?", "debts, cash, balance sheet",
            "did it bomb? a bomb. bombed!", "p/b and p / s of acme", "a foobar and bar", "x|pipe and |pipe", "escaped|bar",
            "the costs of it, cost base, costly", "", "  ", "debtcash");

    @Test
    void aRunOfAlternativesStartingWithAWordBoundarySharesOne() {
        assertThat(Alternation.of("\\bfoo", "\\bbar", "baz", "\\bqux")).isEqualTo("\\b(?:foo|bar)|baz|\\b(?:qux)");
        assertThat(Alternation.shareBoundaries("\\bfoo|\\b(?:a|b)|baz")).isEqualTo("\\b(?:foo|(?:a|b))|baz");
    }

    @Test
    void anAlternativeThatIsAnAlternationOfItsOwnIsKeptWhole() {
        assertThat(Alternation.of("\\bfoo|bar", "\\bbaz")).isEqualTo("\\bfoo|bar|\\b(?:baz)");
        assertThat(Pattern.compile(Alternation.of("\\bfoo|bar", "\\bbaz")).matcher("xbar").find()).isTrue();
    }

    @Test
    void findsTheSameMatchesAtTheSamePlacesAsThePlainJoin() {
        Pattern plain = Pattern.compile(String.join("|", ALTERNATIVES));
        Pattern shared = Pattern.compile(Alternation.of(ALTERNATIVES));
        Pattern split = Pattern.compile(Alternation.shareBoundaries(String.join("|", ALTERNATIVES)));
        for (String text : TEXTS) {
            assertThat(matches(shared, text)).as(text).isEqualTo(matches(plain, text));
            assertThat(matches(split, text)).as(text).isEqualTo(matches(plain, text));
        }
        assertThat(matches(plain, "did it bomb? a bomb. bombed!")).containsExactly("7:bomb", "21:bombed");
    }

    private static List<String> matches(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.start() + ":" + m.group());
        }
        return out;
    }
}
