package dev.contractkit.reference.answers;

import dev.contractkit.reference.answers.model.ErrorDetail;
import dev.contractkit.reference.answers.model.ErrorReason;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The reference server's deterministic answer engine: the same question always gets the same outcome.
 * The rules, in order (docs/answers-engine.md has them with examples):
 * <ol>
 *   <li>{@code ContentFiltered}: the question asks for something inappropriate (market abuse, crime,
 *       violence, abusive language), judged by what it asks, not by single words ({@link ContentFilter}).
 *       {@code forceAnswer} does not bypass it.</li>
 *   <li>{@code ShouldUseScreener}: it names two or more companies (known or not) to compare, or screens, ranks
 *       or compares a set of stocks. One company compared with itself ("revenue vs net income", "P/E above
 *       30") is not screening.</li>
 *   <li>{@code NonInvestmentRelated}: it names no company and uses no investment vocabulary, unless
 *       {@code forceAnswer} is set.</li>
 *   <li>An answer from the data: the figures asked for about the one company named (an overview when
 *       none is asked for); else a glossary definition; else (forced, off-topic) a general fact.</li>
 *   <li>{@code FailedToAnswer}: nothing in the data answers it: a figure, period, forecast or event the data
 *       does not hold, a company it does not cover, an unknown term. With {@code forceAnswer} a company
 *       question is answered with the figures it does hold, saying which it lacks.</li>
 * </ol>
 * Every refusal carries a finer {@link ErrorDetail} besides the contract's {@link ErrorReason}.
 */
final class AnswerEngine {
    /** Several stocks at once: screening, ranking, comparing with peers. */
    private static final Gated SCREENING = Gated.of(
            "\\b(?:which|what) (?:\\w+ )?(?:stocks|shares|companies|equities|names|reits|etfs|funds)\\b", "\\bwhich stock\\b",
            "\\b(?:best|top|cheapest|highest|lowest|biggest|largest|smallest|most|least|fastest|safest|worst)\\b.{0,40}"
                    + "\\b(?:stocks|shares|companies|equities|payers|names|reits|picks)\\b",
            "\\btop \\d+\\b", "\\bscreen(?:er|ing)?\\b",
            "\\b(?:stocks|companies|shares|equities) (?:with|that|under|over|above|below|paying|in the|from)\\b",
            "\\brank\\w*\\b.{0,40}\\b(?:stocks|companies|shares|equities)\\b",
            "\\b(?:stocks|companies|shares|equities)\\b.{0,40}\\brank\\w*",
            "\\b(?:compar\\w*|vs\\.?|versus|against|relative to|rank\\w*|stack up)\\b.{0,40}\\b(?:peers|competitors|rivals"
                    + "|competition|sector|industry|the market|the index|s&p|others|other (?:\\w+ )?(?:stocks|companies|makers"
                    + "|manufacturers|producers|firms|players|names|banks|airlines|miners|reits|utilities))\\b",
            "\\bamong\\b.{0,30}\\b(?:stocks|companies|peers|shares)\\b",
            "\\blist (?:of )?(?:all )?(?:the )?(?:stocks|companies)\\b");
    /** A group of stocks judged as investments ("are weapons makers good investments?"), no company named. */
    private static final Gated GROUP_JUDGED = Gated.of("\\b(?:stocks|companies|makers|manufacturers|producers"
            + "|miners|banks|reits|utilities|airlines|names|equities)\\b.{0,30}\\b(?:good|bad|worth|best|buys?|investments?"
            + "|cheap|undervalued|overvalued|safe|risky)\\b");
    /** Comparing what it names with something else. */
    private static final Gated COMPARING = Gated.of(
            "\\b(?:compar\\w*|vs\\.?|versus|against|or|than|and|with)\\b");
    private static final Gated INVESTMENT = Gated.of(
            "\\bstocks?\\b", "\\bshares?\\b", "shareholder", "\\binvest", "\\bdividend", "\\brevenues?\\b",
            "\\bsales\\b", "\\bearnings\\b", "\\beps\\b", "\\bprofit", "net income", "\\bp ?/ ?e\\b", "valuation",
            "market cap", "capitali[sz]ation", "portfolio", "\\betfs?\\b", "\\bfunds?\\b", "\\bbonds?\\b", "\\bipos?\\b",
            "\\bticker", "price target", "\\banalyst", "\\bequit(y|ies)\\b", "\\byield", "nasdaq", "\\bnyse\\b",
            "s&p", "balance sheet", "cash flow", "\\bdebt\\b", "interest rates?", "\\binflation", "recession",
            "bull market", "bear market", "\\bbroker", "stock market", "\\bcompan(y|ies)\\b", "\\bceo\\b",
            "\\bsector\\b", "\\bfinanc", "\\beconom", "diversif", "stock split", "\\bmarket\\b", "\\btrad(?:e|es|ing|er)\\b",
            "\\bebitda\\b", "\\bmargins?\\b", "\\bvaluat");
    /** A question about a company (so a name in it that the data lacks is an unknown company). */
    private static final Gated COMPANY_QUESTION = Gated.of(
            "\\b(?:stock|shares?)\\b(?! market)|tell me about|overview|profile of|\\$[a-z]");

    /** What the engine decided. */
    sealed interface AnswerOrRefusal permits Answered, Refused {
    }

    /** A source. */
    record Source(String title, String url) {
    }

    /** One step of an answer. */
    record Step(String query, String answer, List<Source> sources) {
    }

    /**
     * An answer: what it is about ({@code NWRB revenue+eps}, {@code NWRB overview}, {@code glossary pe-ratio},
     * {@code fact capitals}; {@code partial} when forced and some figures asked for are missing), Markdown, the
     * sources it cites, the steps it was built from.
     */
    record Answered(String subject, String markdown, List<Source> sources, List<Step> steps) implements AnswerOrRefusal {
    }

    /** No answer: the contract's reason, the finer detail, and a message for humans. */
    record Refused(ErrorReason reason, ErrorDetail detail, String message) implements AnswerOrRefusal {
    }

    private final Knowledge knowledge;
    private final Mentions mentions;

    AnswerEngine(Knowledge knowledge) {
        this.knowledge = knowledge;
        this.mentions = new Mentions(knowledge.companies());
    }

    /**
     * @param query       the question
     * @param forceAnswer answer even when the question is not about investments, and answer the part of a
     *                    company question the data holds
     * @return the answer or the reason there is none
     */
    AnswerOrRefusal answer(String query, boolean forceAnswer) {
        Question question = new Question(query, knowledge.fiscalYear());
        String text = question.text;
        Optional<Refused> filtered = filteredText(text);
        if (filtered.isPresent()) {
            return filtered.get();
        }
        Mentions.Found found = mentions.in(question.original, text);
        List<Knowledge.Company> named = found.known();
        boolean comparing = COMPARING.find(text);
        if (named.size() > 1 || comparing && named.size() + found.unknown().size() > 1) {
            return new Refused(ErrorReason.SHOULD_USE_SCREENER, ErrorDetail.SEVERAL_COMPANIES,
                    "the question compares several companies; use the stock screener instead");
        }
        if (SCREENING.find(text) || named.isEmpty() && GROUP_JUDGED.find(text)) {
            return new Refused(ErrorReason.SHOULD_USE_SCREENER, ErrorDetail.SCREENING,
                    "the question screens, ranks or compares a set of stocks; use the stock screener instead");
        }
        boolean companyQuestion = !question.asked().isEmpty() || !question.uncovered().lacking(false).isEmpty()
                || question.advice() || COMPANY_QUESTION.find(text);
        boolean unknownCompany = named.isEmpty() && companyQuestion && !found.unknown().isEmpty();
        Optional<Knowledge.Entry> term = unknownCompany ? Optional.empty() : knowledge.term(text);
        boolean related = !named.isEmpty() || unknownCompany || term.isPresent() || INVESTMENT.find(text);
        if (!related && !forceAnswer) {
            return new Refused(ErrorReason.NON_INVESTMENT_RELATED, ErrorDetail.OFF_TOPIC, "the question is not about"
                    + " investments, stocks or companies; send forceAnswer: true to have it answered anyway");
        }
        if (named.size() == 1) {
            return company(named.get(0), question, forceAnswer);
        }
        if (unknownCompany) {
            return new Refused(ErrorReason.FAILED_TO_ANSWER, ErrorDetail.UNKNOWN_COMPANY, "no answer passed the service's"
                    + " self-evaluation: its data does not cover " + String.join(", ", found.unknown()) + " (it covers "
                    + knowledge.companies().size() + " companies, e.g. Northwind Robotics, NWRB)");
        }
        Optional<AnswerOrRefusal> fromData = term.map(this::definition)
                .or(() -> forceAnswer ? knowledge.fact(text).map(this::fact) : Optional.empty());
        return fromData.orElseGet(() -> new Refused(ErrorReason.FAILED_TO_ANSWER, ErrorDetail.NO_MATCHING_DATA,
                "no answer passed the service's self-evaluation: its data covers " + knowledge.companies().size()
                        + " companies and a finance glossary, and none of them answers this question"));
    }

    private AnswerOrRefusal company(Knowledge.Company c, Question question, boolean forceAnswer) {
        boolean advice = question.advice();
        List<String> lacking = question.uncovered().lacking(advice);
        List<Metric> asked = question.askedOfTheData();
        if (!lacking.isEmpty() && (!forceAnswer || asked.isEmpty())) {
            return new Refused(ErrorReason.FAILED_TO_ANSWER, ErrorDetail.FIGURE_NOT_IN_DATA, "no answer passed the"
                    + " service's self-evaluation: its data holds no " + String.join(", ", lacking) + " for " + c.name()
                    + "; it holds FY" + knowledge.fiscalYear() + " revenue, revenue growth, net income, EPS and employees,"
                    + " the share price, market cap, P/E and dividend yield of " + knowledge.asOf()
                    + ", the CEO, headquarters, founding year and sector"
                    + (asked.isEmpty() ? "" : " (send forceAnswer: true for the figures it holds)"));
        }
        boolean overview = asked.isEmpty();
        List<Metric> metrics = overview ? Metric.OVERVIEW : asked;
        int year = knowledge.fiscalYear();
        Source report = new Source(c.name() + " FY" + year + " annual report (kit sample data)",
                "https://filings.contractkit.example/" + c.ticker() + "/annual-report-" + year);
        Source market = new Source(c.name() + " market data, " + knowledge.asOf() + " close (kit sample data)",
                "https://quotes.contractkit.example/" + c.ticker());
        List<Step> steps = new ArrayList<>();
        Set<Source> sources = new LinkedHashSet<>();
        StringBuilder table = new StringBuilder("| Metric | Value |\n|---|---|\n");
        for (Metric m : metrics) {
            Source source = m.market ? market : report;
            sources.add(source);
            String value = m.value.apply(c);
            String when = m.fiscal ? " FY" + year : m.market ? " on " + knowledge.asOf() : "";
            steps.add(new Step(c.name() + " " + m.label + when, value, List.of(source)));
            table.append("| ").append(capitalize(m.label)).append(when).append(" | ").append(value).append(" |\n");
        }
        List<Source> cited = List.copyOf(sources);
        StringBuilder md = new StringBuilder();
        md.append("**").append(c.name()).append(" (").append(c.ticker()).append(")** — ")
                .append(c.industry().toLowerCase(Locale.ROOT)).append(", ").append(c.headquarters()).append(". ")
                .append(overview ? "Key figures" : "Figures asked for").append(" (USD):\n\n").append(table).append('\n');
        if (!lacking.isEmpty()) {
            md.append("> Not in the data: ").append(String.join(", ", lacking)).append(".\n\n");
        }
        if (advice) {
            md.append("> Not investment advice: these are the kit's synthetic sample figures.\n\n");
        }
        md.append("Sources: ");
        for (int i = 0; i < cited.size(); i++) {
            md.append(i == 0 ? "" : ", ").append('[').append(i + 1).append("] [").append(cited.get(i).title())
                    .append("](").append(cited.get(i).url()).append(')');
        }
        String subject = c.ticker() + " " + (overview ? "overview" : String.join("+", metrics.stream().map(m -> m.slug).toList()))
                + (lacking.isEmpty() ? "" : " partial");
        return new Answered(subject, md.append('\n').toString(), cited, steps);
    }

    /**
     * Rule 1 alone, which the model-backed engine runs first too.
     *
     * @param query the question
     * @return the {@code ContentFiltered} refusal, or empty when the question passes the content filter
     */
    static Optional<Refused> filtered(String query) {
        return filteredText(Question.normalize(query).toLowerCase(Locale.ROOT));
    }

    private static Optional<Refused> filteredText(String text) {
        return ContentFilter.check(text).map(detail -> new Refused(ErrorReason.CONTENT_FILTERED, detail,
                "the question was rejected as inappropriate; rephrase or amend it"));
    }

    private AnswerOrRefusal definition(Knowledge.Entry term) {
        Source source = new Source(term.title() + " — kit finance glossary",
                "https://glossary.contractkit.example/" + term.slug());
        String md = "**" + term.title() + "**: " + term.text() + "\n\nSources: [1] [" + source.title() + "]("
                + source.url() + ")\n";
        return new Answered("glossary " + term.slug(), md, List.of(source), List.of(new Step("definition of " + term.title(), term.text(),
                List.of(source))));
    }

    private AnswerOrRefusal fact(Knowledge.Entry fact) {
        Source source = new Source(fact.title(), "https://facts.contractkit.example/" + fact.slug());
        String md = fact.text() + "\n\n_This question is not about investments; it was answered because"
                + " forceAnswer was set._\n\nSources: [1] [" + source.title() + "](" + source.url() + ")\n";
        return new Answered("fact " + fact.slug(), md, List.of(source), List.of(new Step(fact.pattern().pattern().split("\\|")[0],
                fact.text().replace("**", ""), List.of(source))));
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
