package dev.contractkit.reference.answers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's question suite ({@code answers/questions.psv}): each question with the outcome it must get,
 * an answer about the right thing or the right refusal. docs/answers-engine.md reports the score.
 */
class AnswerSuiteTest {
    static final AnswerEngine ENGINE = new AnswerEngine(Knowledge.load());

    /** One row: the question, forceAnswer, the expected outcome ({@code answer NWRB revenue}, {@code FailedToAnswer UnknownCompany}). */
    record Row(int line, String question, boolean force, String expected) {
        boolean expectsAnswer() {
            return expected.startsWith("answer ");
        }

        @Override
        public String toString() {
            return question + (force ? " (forceAnswer)" : "") + " -> " + expected;
        }
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        try (InputStream in = AnswerSuiteTest.class.getResourceAsStream("/answers/questions.psv")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split(" \\| ");
                if (f.length != 3 || !f[1].matches("true|false")) {
                    throw new IllegalStateException("questions.psv line " + (i + 1) + ": question | true/false | outcome, was: " + line);
                }
                rows.add(new Row(i + 1, f[0].strip(), Boolean.parseBoolean(f[1]), f[2].strip()));
            }
        }
        return rows;
    }

    /** @return what the engine did, in the suite's notation */
    static String outcome(String question, boolean force) {
        return switch (ENGINE.answer(question, force)) {
            case AnswerEngine.Answered a -> "answer " + a.subject();
            case AnswerEngine.Refused r -> r.reason().getValue() + " " + r.detail().getValue();
        };
    }

    @ParameterizedTest(name = "line {0}")
    @MethodSource("rows")
    void eachQuestionGetsItsExpectedOutcome(Row row) {
        assertThat(outcome(row.question(), row.force())).as(row.toString()).isEqualTo(row.expected());
    }

    @Test
    void theSuiteHasAtLeastAHundredQuestionsCoveringEveryOutcome() throws IOException {
        List<Row> rows = rows();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(100);
        assertThat(rows).extracting(r -> r.expected().split(" ")[0]).contains("answer", "FailedToAnswer",
                "ShouldUseScreener", "ContentFiltered", "NonInvestmentRelated");
        assertThat(rows).extracting(r -> r.expected().split(" ")[1]).contains("glossary", "fact",
                "UnknownCompany", "FigureNotInData", "NoMatchingData", "SeveralCompanies", "Screening", "MarketAbuse",
                "Crime", "Violence", "AbusiveLanguage", "OffTopic");
    }

    /** docs/answers-engine.md states the score: it must be the one the engine gets now. */
    @Test
    void theDocumentedScoreIsTheEnginesScore() throws IOException {
        List<Row> rows = rows();
        int answered = 0;
        int refused = 0;
        List<String> wrong = new ArrayList<>();
        for (Row row : rows) {
            String got = outcome(row.question(), row.force());
            if (got.equals(row.expected())) {
                if (row.expectsAnswer()) {
                    answered++;
                } else {
                    refused++;
                }
            } else {
                wrong.add("line " + row.line() + ": " + row + ", got " + got);
            }
        }
        String score = answered + " answered correctly, " + refused + " refused correctly, of " + rows.size();
        System.out.println("answer engine question suite: " + score + (wrong.isEmpty() ? "" : "; wrong: " + wrong));
        String doc = Files.readString(Path.of("../docs/answers-engine.md"));
        Matcher documented = Pattern.compile("Score on the question suite: \\*\\*(\\d+) answered correctly, (\\d+) refused"
                + " correctly, of (\\d+)\\*\\*").matcher(doc);
        assertThat(documented.find()).as("docs/answers-engine.md states the score").isTrue();
        assertThat(documented.group(1) + " answered correctly, " + documented.group(2) + " refused correctly, of "
                + documented.group(3)).isEqualTo(score);
    }
}
