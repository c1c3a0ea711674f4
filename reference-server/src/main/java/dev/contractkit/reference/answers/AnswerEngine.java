package dev.contractkit.reference.answers;

import dev.contractkit.reference.answers.model.ErrorReason;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The reference server's deterministic answer engine: the same question always gets the same outcome.
 * The rules, in order (docs/answers-engine.md has them with examples):
 * <ol>
 *   <li>{@code ContentFiltered}: the question asks for something inappropriate (market abuse, crime,
 *       violence, insults). {@code forceAnswer} does not bypass it.</li>
 *   <li>{@code ShouldUseScreener}: it names two or more companies, or compares, ranks or screens stocks.</li>
 *   <li>{@code NonInvestmentRelated}: it names no company and uses no investment vocabulary, unless
 *       {@code forceAnswer} is set.</li>
 *   <li>An answer from the data: the figures asked for about the one company named (an overview when
 *       none is asked for); else a glossary definition; else (forced, off-topic) a general fact.</li>
 *   <li>{@code FailedToAnswer}: nothing in the data answers it (an unknown company, an unknown term).</li>
 * </ol>
 */
final class AnswerEngine {
    private static final Pattern FILTERED = Pattern.compile(String.join("|",
            "insider (information|info|tips?)", "non-?public information", "pump[- ](and|&|n)[- ]dump",
            "manipulat\\w* (the |a )?(stock|share|market|price)", "\\blaunder", "tax evasion", "evade (the )?tax",
            "front[- ]?run", "\\bbomb", "\\bkill\\b", "\\bweapons?\\b", "\\bhack", "\\bsteal\\b",
            "\\bf+u+c+k", "\\bshit", "\\bbitch", "\\bbastard", "\\bidiot"));
    private static final Pattern SCREENING = Pattern.compile(String.join("|",
            "\\b(which|what) (stocks?|shares|companies|equities)\\b",
            "\\b(best|top|cheapest|highest|lowest|biggest|largest|smallest|most|least)\\b.*\\b(stocks|shares|companies|equities|payers)\\b",
            "\\btop \\d+\\b", "\\bscreen(er|ing)?\\b", "\\bstocks? (with|that|under|over|above|below|paying)\\b",
            "\\bcompanies (with|that)\\b", "\\brank(ing|ed)?\\b", "\\bcompare\\b", "\\bcomparison\\b",
            "\\bvs\\.?\\b", "\\bversus\\b", "\\blist (of )?(all )?(the )?(stocks|companies)\\b"));
    private static final Pattern INVESTMENT = Pattern.compile(String.join("|",
            "\\bstocks?\\b", "\\bshares?\\b", "shareholder", "\\binvest", "\\bdividend", "\\brevenues?\\b",
            "\\bsales\\b", "\\bearnings\\b", "\\beps\\b", "\\bprofit", "net income", "\\bp ?/ ?e\\b", "valuation",
            "market cap", "capitali[sz]ation", "portfolio", "\\betfs?\\b", "\\bfunds?\\b", "\\bbonds?\\b", "\\bipos?\\b",
            "\\bticker", "price target", "\\banalyst", "\\bequit(y|ies)\\b", "\\byield", "nasdaq", "\\bnyse\\b",
            "s&p", "balance sheet", "cash flow", "\\bdebt\\b", "interest rates?", "\\binflation", "recession",
            "bull market", "bear market", "\\bbroker", "stock market", "\\bcompan(y|ies)\\b", "\\bceo\\b",
            "\\bsector\\b", "\\bfinanc", "\\beconom", "diversif", "stock split", "\\bmarket\\b"));
    private static final Pattern ADVICE = Pattern.compile(
            "should i (buy|sell|invest|hold)|good (investment|buy)|worth (buying|investing)|\\bbuy or sell\\b");

    /** What the engine decided. */
    sealed interface Outcome permits Answered, Refused {
    }

    /** A source. */
    record Source(String title, String url) {
    }

    /** One step of an answer. */
    record Step(String query, String answer, List<Source> sources) {
    }

    /** An answer: Markdown, the sources it cites, the steps it was built from. */
    record Answered(String markdown, List<Source> sources, List<Step> steps) implements Outcome {
    }

    /** No answer, and why. */
    record Refused(ErrorReason reason, String message) implements Outcome {
    }

    private final Knowledge knowledge;
    private final List<Pattern> companyPatterns;
    /** Per company, the names a question may use: a regex runs only when one of them is in the text at all. */
    private final List<List<String>> companyNames;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    AnswerEngine(Knowledge knowledge) {
        this.knowledge = knowledge;
        this.companyPatterns = knowledge.companies().stream()
                .map(c -> Pattern.compile("(?<![\\w$])\\$?(" + String.join("|", c.names().stream().map(Pattern::quote).toList())
                        + ")(?!\\w)"))
                .toList();
        this.companyNames = knowledge.companies().stream().map(Knowledge.Company::names).toList();
    }

    /**
     * @param query       the question
     * @param forceAnswer answer even when the question is not about investments
     * @return the answer or the reason there is none
     */
    Outcome answer(String query, boolean forceAnswer) {
        String text = WHITESPACE.matcher(query.toLowerCase(Locale.ROOT).replace('’', '\'')).replaceAll(" ").trim();
        if (FILTERED.matcher(text).find()) {
            return new Refused(ErrorReason.CONTENT_FILTERED,
                    "the question was rejected as inappropriate; rephrase or amend it");
        }
        List<Knowledge.Company> named = companiesIn(text);
        if (named.size() > 1 || SCREENING.matcher(text).find()) {
            return new Refused(ErrorReason.SHOULD_USE_SCREENER,
                    "the question compares or screens several stocks; use the stock screener instead");
        }
        boolean related = !named.isEmpty() || INVESTMENT.matcher(text).find();
        if (!related && !forceAnswer) {
            return new Refused(ErrorReason.NON_INVESTMENT_RELATED, "the question is not about investments, stocks or"
                    + " companies; send forceAnswer: true to have it answered anyway");
        }
        if (named.size() == 1) {
            return company(named.get(0), text);
        }
        Optional<Outcome> fromData = (related ? knowledge.term(text).map(this::definition) : Optional.<Outcome>empty())
                .or(() -> forceAnswer ? knowledge.fact(text).map(this::fact) : Optional.empty());
        return fromData.orElseGet(() -> new Refused(ErrorReason.FAILED_TO_ANSWER,
                "no answer passed the service's self-evaluation: its data covers " + knowledge.companies().size()
                        + " companies and a finance glossary, and none of them answers this question"));
    }

    private List<Knowledge.Company> companiesIn(String text) {
        Set<Knowledge.Company> out = new LinkedHashSet<>();
        for (int i = 0; i < companyPatterns.size(); i++) {
            if (mentions(text, companyNames.get(i)) && companyPatterns.get(i).matcher(text).find()) {
                out.add(knowledge.companies().get(i));
            }
        }
        return List.copyOf(out);
    }

    /** A cheap first look (the company regexes were a sixth of an answer in the profile). */
    private static boolean mentions(String text, List<String> names) {
        for (String name : names) {
            if (text.contains(name)) {
                return true;
            }
        }
        return false;
    }

    private Outcome company(Knowledge.Company c, String text) {
        List<Metric> asked = Metric.askedIn(text);
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
        if (ADVICE.matcher(text).find()) {
            md.append("> Not investment advice: these are the kit's synthetic sample figures.\n\n");
        }
        md.append("Sources: ");
        for (int i = 0; i < cited.size(); i++) {
            md.append(i == 0 ? "" : ", ").append('[').append(i + 1).append("] [").append(cited.get(i).title())
                    .append("](").append(cited.get(i).url()).append(')');
        }
        return new Answered(md.append('\n').toString(), cited, steps);
    }

    private Outcome definition(Knowledge.Entry term) {
        Source source = new Source(term.title() + " — kit finance glossary",
                "https://glossary.contractkit.example/" + term.slug());
        String md = "**" + term.title() + "**: " + term.text() + "\n\nSources: [1] [" + source.title() + "]("
                + source.url() + ")\n";
        return new Answered(md, List.of(source), List.of(new Step("definition of " + term.title(), term.text(),
                List.of(source))));
    }

    private Outcome fact(Knowledge.Entry fact) {
        Source source = new Source(fact.title(), "https://facts.contractkit.example/" + fact.slug());
        String md = fact.text() + "\n\n_This question is not about investments; it was answered because"
                + " forceAnswer was set._\n\nSources: [1] [" + source.title() + "](" + source.url() + ")\n";
        return new Answered(md, List.of(source), List.of(new Step(fact.pattern().pattern().split("\\|")[0],
                fact.text().replace("**", ""), List.of(source))));
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
