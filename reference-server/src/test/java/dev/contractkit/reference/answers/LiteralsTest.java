package dev.contractkit.reference.answers;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The literals an expression cannot match without: what must be there, never what may be missing. */
class LiteralsTest {
    @Test
    void anOptionalCharacterOrGroupIsNotRequired() {
        assertThat(Literals.required("\\b(?:total )?debts?\\b")).containsExactly(Set.of("debt"));
        assertThat(Literals.required("(?:free )?cash[- ]flows?")).first().isEqualTo(Set.of("cash-flow", "cash flow"));
    }

    @Test
    void aSmallClassGivesOneLiteralPerCharacterAndALargeOneNone() {
        assertThat(Literals.required("\\bq[1-4]\\b")).containsExactly(Set.of("q1", "q2", "q3", "q4"));
        assertThat(Literals.required("\\bstock[a-z]")).containsExactly(Set.of("stock"));
        assertThat(Literals.required("\\b[^a]x")).containsExactly(Set.of("x"));
    }

    @Test
    void aGroupOfAlternativesRequiresOneOfThem() {
        assertThat(Literals.required("\\b(?:kill|murder)\\w* (?:the )?ceo")).contains(Set.of("kill", "murder"));
        assertThat(Literals.required("(?:how|why)\\b|tell me")).containsExactly(Set.of("how", "why", "tell me"));
    }

    @Test
    void aRepeatedCharacterJoinsWhatComesBeforeAndAfterIt() {
        assertThat(Literals.required("\\bf+u+c+k")).first().isIn(Set.of("fu"), Set.of("uc"), Set.of("ck"));
        assertThat(Literals.required("ab+c")).contains(Set.of("ab"), Set.of("bc"));
    }

    @Test
    void lookAroundsAndBoundariesRequireNothingAndSplitTheLiterals() {
        assertThat(Literals.required("(?<!\\ba )\\bbomb(?:ed|s)?\\b")).containsExactly(Set.of("bomb"));
        assertThat(Literals.required("cost(?= of)s")).doesNotContain(Set.of("costs"), Set.of(" of"));
    }

    @Test
    void whatItDoesNotReadRequiresNothing() {
        assertThat(Literals.required("(?i)debt")).isEmpty();
        assertThat(Literals.required("\\Qdebt\\E")).isEmpty();
        assertThat(Literals.required("(a)\\1")).isEmpty();
        assertThat(Literals.required("a|.*")).isEmpty();
        assertThat(Literals.required("x{0,3}")).isEqualTo(List.of());
    }
}
