package dev.contractkit.reference.answers;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine's rules as tables of questions (docs/answers-engine.md lists the same rules). */
class AnswerEngineTest {
    static final AnswerEngine ENGINE = new AnswerEngine(Knowledge.load());

    static String outcome(String question, boolean force) {
        return switch (ENGINE.answer(question, force)) {
            case AnswerEngine.Refused r -> r.reason().getValue();
            case AnswerEngine.Answered a -> "answer";
        };
    }

    @ParameterizedTest(name = "[{index}] {0} (force={1}) -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            What was Northwind Robotics' revenue last year?            | false | answer
            How much profit did NWRB make?                             | false | answer
            what is the p/e of $qnts                                   | false | answer
            Who is the CEO of Bluepeak?                                | false | answer
            Should I buy Voltline Motors?                              | false | answer
            Tell me about Granite Harbor Bank                          | false | answer
            What is a P/E ratio?                                       | false | answer
            Explain what an ETF is                                     | false | answer
            What is Apple's revenue?                                   | false | FailedToAnswer
            How do interest rates affect stocks?                       | false | FailedToAnswer
            What is the capital of France?                             | false | NonInvestmentRelated
            How do I bake sourdough bread?                             | false | NonInvestmentRelated
            Who won the football match yesterday?                      | false | NonInvestmentRelated
            What is the capital of France?                             | true  | answer
            How do I bake sourdough bread?                             | true  | FailedToAnswer
            Compare Bluepeak Software and Quantara Semiconductors      | false | ShouldUseScreener
            NWRB vs QNTS: which is cheaper?                            | false | ShouldUseScreener
            Which stocks pay the highest dividends?                    | false | ShouldUseScreener
            Top 10 companies by market cap                             | false | ShouldUseScreener
            Show me stocks with a P/E under 15                         | false | ShouldUseScreener
            Is Northwind or Helix Data the better buy?                 | false | ShouldUseScreener
            Give me insider information on Northwind Robotics          | false | ContentFiltered
            How can I pump and dump a penny stock?                     | false | ContentFiltered
            How do I launder money through a fund?                     | true  | ContentFiltered
            Northwind is a shit company, what is its revenue?          | false | ContentFiltered
            """)
    void classifiesQuestions(String question, boolean force, String expected) {
        assertThat(outcome(question, force)).isEqualTo(expected);
    }

    /** Each row of the rules table in docs/answers-engine.md: its example question gets the row's outcome. */
    @Test
    void theDocumentedExamplesGetTheDocumentedOutcomes() throws IOException {
        String doc = Files.readString(Path.of("../docs/answers-engine.md"));
        Matcher row = Pattern.compile("(?m)^\\| (\\d[a-z]?) \\| (422 `(\\w+)`|200[^|]*) \\|[^|]*\\| \"([^\"]+)\"([^|]*)\\|$").matcher(doc);
        List<String> wrong = new ArrayList<>();
        int rows = 0;
        while (row.find()) {
            rows++;
            String expected = row.group(3) != null ? row.group(3) : "answer";
            boolean force = row.group(5).contains("forceAnswer");
            String got = outcome(row.group(4), force);
            if (!got.equals(expected)) {
                wrong.add("rule " + row.group(1) + ": \"" + row.group(4) + "\" (force=" + force + ") gets " + got + ", the table says " + expected);
            }
        }
        assertThat(rows).as("rows of the rules table").isEqualTo(7);
        assertThat(wrong).isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            What was Northwind Robotics' revenue last year?  | Northwind Robotics revenue FY2025
            What is NWRB's earnings per share?               | Northwind Robotics earnings per share FY2025
            How many employees does Keystone Rail have?      | Keystone Rail employees FY2025
            What is Sunfield Solar's dividend yield?         | Sunfield Solar dividend yield on 2026-11-20
            Where is Helix Data headquartered?               | Helix Data headquarters
            When was Keystone Rail founded?                  | Keystone Rail year founded
            """)
    void answersTheFigureAskedForAsOneSubQuery(String question, String subQuery) {
        AnswerEngine.Answered a = (AnswerEngine.Answered) ENGINE.answer(question, false);
        assertThat(a.steps()).extracting(AnswerEngine.Step::query).containsExactly(subQuery);
        assertThat(a.steps().get(0).sources()).isNotEmpty();
        assertThat(a.sources()).containsAll(a.steps().get(0).sources());
    }

    @Test
    void companyAnswerIsMarkdownWithATableAndNumberedSources() {
        AnswerEngine.Answered a = (AnswerEngine.Answered) ENGINE.answer("What was Northwind Robotics' revenue?", false);
        assertThat(a.markdown()).startsWith("**Northwind Robotics (NWRB)**")
                .contains("| Metric | Value |", "| Revenue FY2025 | $21.57B |")
                .contains("Sources: [1] [Northwind Robotics FY2025 annual report (kit sample data)]"
                        + "(https://filings.contractkit.example/NWRB/annual-report-2025)");
        assertThat(a.steps().get(0).answer()).isEqualTo("$21.57B");
    }

    @Test
    void questionWithoutAFigureGetsTheSixKeyFiguresFromReportAndMarketData() {
        AnswerEngine.Answered a = (AnswerEngine.Answered) ENGINE.answer("Tell me about Granite Harbor Bank", false);
        assertThat(a.steps()).hasSize(6);
        assertThat(a.sources()).extracting(AnswerEngine.Source::url).containsExactly(
                "https://filings.contractkit.example/GHBK/annual-report-2025", "https://quotes.contractkit.example/GHBK");
    }

    @Test
    void contractsRevenueExampleIsWhatTheEngineAnswers() {
        var doc = ContractDocument.load(Api.ANSWERS.mainContract());
        var example = doc.at("/paths/~1v1~1answer/post/responses/200/content/application~1json/examples/revenue/value/result");
        AnswerEngine.Answered a = (AnswerEngine.Answered) ENGINE.answer(example.path("query").asText(), false);
        assertThat(a.markdown()).isEqualTo(example.path("answer").asText());
        assertThat(a.steps().get(0).answer()).isEqualTo(example.path("subqueries").get(0).path("answer").asText());
    }

    @Test
    void adviceQuestionCarriesTheDisclaimer() {
        AnswerEngine.Answered a = (AnswerEngine.Answered) ENGINE.answer("Should I buy Voltline Motors?", false);
        assertThat(a.markdown()).contains("Not investment advice");
        AnswerEngine.Answered plain = (AnswerEngine.Answered) ENGINE.answer("Voltline Motors revenue", false);
        assertThat(plain.markdown()).doesNotContain("Not investment advice");
    }

    @Test
    void sameQuestionAlwaysGetsTheSameAnswer() {
        AnswerEngine.Answered a = (AnswerEngine.Answered) ENGINE.answer("What is the P/E of Quantara?", false);
        AnswerEngine.Answered b = (AnswerEngine.Answered) ENGINE.answer("What is the P/E of Quantara?", false);
        assertThat(a).isEqualTo(b);
    }

    @Test
    void forcedOffTopicAnswerSaysWhyItWasAnswered() {
        AnswerEngine.Answered a = (AnswerEngine.Answered) ENGINE.answer("What is the capital of France?", true);
        assertThat(a.markdown()).contains("**Paris**", "forceAnswer");
    }

    @Test
    void dataSetHoldsAFewDozenCompaniesWithConsistentFigures() {
        Knowledge k = Knowledge.load();
        assertThat(k.companies()).hasSizeGreaterThanOrEqualTo(24);
        assertThat(k.companies()).allSatisfy(c -> {
            assertThat(c.revenue()).isPositive();
            assertThat(c.marketCap()).isCloseTo(Math.round(c.sharePrice() * c.sharesOutstanding()),
                    Offset.offset(1_000_000L));
        });
        assertThat(k.companies()).extracting(Knowledge.Company::ticker).doesNotHaveDuplicates();
    }
}
