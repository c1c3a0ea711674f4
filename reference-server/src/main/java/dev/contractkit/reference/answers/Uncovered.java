package dev.contractkit.reference.answers;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a company question may ask that the data set does not hold: other figures (debt, margins, cash flow ...),
 * other periods (2019, Q3, history), forecasts (price targets, "will it go up"), and events (price moves, news).
 * The engine must not answer those with the figures it does have: "What is the price target for NWRB?" is not
 * answered with the share price.
 */
final class Uncovered {
    private static final Gated FIGURES = Gated.of(
            "\\b(?:total )?debts?\\b", "\\bliabilit\\w*", "\\b(?:total )?assets\\b", "balance sheet", "(?:free )?cash[- ]flows?",
            "\\bcash\\b", "\\b(?:(?:profit|operating|gross|net|ebitda) )?margins?\\b", "\\bebitda\\b", "\\bebit\\b",
            "operating (?:income|profit|costs?|expenses)", "gross profit", "book value", "price[- ]to[- ](?:book|sales)",
            "\\bp ?/ ?[bs]\\b", "return on (?:equity|assets|capital|invested capital|investment)", "\\bro[eai]c?\\b",
            "\\bbeta\\b", "volatil\\w*", "short interest", "buy ?backs?", "repurchas\\w*", "\\banalysts?\\b",
            "\\b(?:credit |analyst )?ratings?\\b", "52[- ]week", "all[- ]time (?:high|low)", "r ?& ?d",
            "research and development", "\\bcapex\\b", "capital expenditures?", "\\binventor(?:y|ies)\\b",
            "\\b(?:institutional|insider) (?:ownership|holdings|buying|selling)", "\\bownership\\b", "\\bsalary\\b",
            "\\bcompensation\\b", "tax rate", "market share", "\\bpeg\\b", "enterprise value", "\\bfloat\\b",
            "\\bpayout ratio\\b", "interest expense", "\\bcosts?\\b(?= (?:of|structure|base))");
    private static final Gated FORECASTS = Gated.of(
            "price targets?", "target price", "\\bforecasts?\\b", "\\bpredict\\w*", "\\boutlook\\b", "\\bguidance\\b",
            "\\bprojections?\\b", "\\bwill\\b", "\\bgoing to\\b", "\\bnext (?:year|quarter|month|week)\\b", "\\bfuture\\b",
            "\\bin \\d+ years\\b", "\\bexpected (?:to|growth|earnings|revenue)");
    private static final Gated PERIODS = Gated.of(
            "\\bq[1-4]\\b", "\\bquarter(?:ly|s)?\\b", "\\bmonthly\\b", "\\bh[12]\\b", "year[- ]to[- ]date", "\\bytd\\b",
            "\\bhistor(?:y|ical)\\b", "\\b(?:past|last) (?:\\d+|two|three|five|ten) years\\b", "\\bsince (?:19|20)\\d\\d\\b",
            "\\b(?:5|10|five|ten)[- ]year\\b");
    /** Things that happened: the data holds no prices over time and no news. */
    private static final Gated EVENTS = Gated.of(
            "(?<!\\ba )\\bbomb(?:ed|s|ing)?\\b", "\\btank(?:ed|s|ing)?\\b", "\\bcrash(?:ed|es|ing)?\\b",
            "\\bplung(?:e|ed|es|ing)\\b", "\\bplummet\\w*", "\\bsoar(?:ed|s|ing)?\\b", "\\bjump(?:ed|s)\\b",
            "\\bsurg(?:e|ed|es)\\b", "\\brall(?:y|ied|ies)\\b", "\\bdropp?(?:ed|s)?\\b", "\\bfell\\b", "\\bfall(?:en|s)?\\b",
            "\\bgo(?:ne|es)? (?:up|down)\\b", "\\brose\\b", "\\brisen\\b", "\\bhacked\\b", "\\bhack\\b", "\\bbreach\\w*",
            "\\bnews\\b", "\\blawsuits?\\b", "\\bsued\\b", "\\bscandal\\w*", "\\brecall\\w*", "\\bmerg(?:er|ers|ed|ing)\\b",
            "\\bacqui\\w+", "\\blayoffs?\\b", "\\bstrikes?\\b");
    private static final Pattern YEAR = Pattern.compile("\\b(?:19|20)\\d\\d\\b");

    private Uncovered() {
    }

    /**
     * What a question asks that the data does not hold, found once: the engine needs it with and without the
     * events ({@link Found#lacking}) and to know whether {@link #strip} changes the question.
     *
     * @param figures    the figures, forecasts and periods it names, in the question's words, each once
     * @param events     the events it names
     * @param years      the years other than the data's it names ("2019 figures"), unless it asks when the
     *                   company was founded
     */
    record Found(List<String> figures, List<String> events, List<String> years) {
        /**
         * @param advice an advice question ("should I buy"): the events it mentions are context, not asked for
         * @return what it asks that the data does not hold, in the question's words; empty when nothing
         */
        List<String> lacking(boolean advice) {
            Set<String> out = new LinkedHashSet<>(figures);
            if (!advice) {
                out.addAll(events);
            }
            out.addAll(years);
            return new ArrayList<>(out);
        }

        /** @return whether {@link #strip} takes anything out of the question (else it is the question itself) */
        boolean strips() {
            return !figures.isEmpty();
        }
    }

    /**
     * @param text       the lower-cased question
     * @param fiscalYear the year the figures are for
     * @return what it asks that the data does not hold
     */
    static Found find(String text, int fiscalYear) {
        Set<String> figures = new LinkedHashSet<>();
        collect(FIGURES, text, figures);
        collect(FORECASTS, text, figures);
        collect(PERIODS, text, figures);
        Set<String> events = new LinkedHashSet<>();
        collect(EVENTS, text, events);
        Set<String> years = new LinkedHashSet<>();
        Matcher y = YEAR.matcher(text);
        while (y.find()) {
            if (Integer.parseInt(y.group()) != fiscalYear) {
                years.add(y.group() + " figures");
            }
        }
        if (!years.isEmpty() && Metric.FOUNDED.asks.find(text)) {
            years.clear();
        }
        return new Found(List.copyOf(figures), List.copyOf(events), List.copyOf(years));
    }

    /** @return the question without the parts it asks that the data does not hold ("price target" is not a price) */
    static String strip(String text) {
        String rest = FIGURES.replaceAll(text, " ");
        rest = FORECASTS.replaceAll(rest, " ");
        return PERIODS.replaceAll(rest, " ");
    }

    private static void collect(Gated p, String text, Set<String> out) {
        Matcher m = p.matcher(text);
        while (m != null && m.find()) {
            out.add(m.group().trim());
        }
    }
}
