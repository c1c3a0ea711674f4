package dev.contractkit.reference.answers;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A question as the engine reads it: white space normalized ({@link #original}) and lower-cased ({@link #text}),
 * and what it asks, each worked out at most once although several rules look at it (the figures asked for, what
 * the data does not hold, advice).
 */
final class Question {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Gated ADVICE = Gated.of("should i (buy|sell|invest|hold)|good (investment|buy)"
            + "|worth (buying|investing)|\\bbuy or sell\\b|\\bbetter (?:buy|investment)\\b|\\b(?:over|under)[- ]?valued\\b|\\ba (?:good |bad )?buy\\b");

    /** The question as asked, white space normalized. */
    final String original;
    /** The same, lower-cased. */
    final String text;
    private final int fiscalYear;
    private List<Metric> asked;
    private Uncovered.Found uncovered;
    private Boolean advice;

    /**
     * @param query      the question
     * @param fiscalYear the year the data's figures are for
     */
    Question(String query, int fiscalYear) {
        this.original = normalize(query);
        this.text = original.toLowerCase(Locale.ROOT);
        this.fiscalYear = fiscalYear;
    }

    /** @return the question with typographic apostrophes straightened and white space runs made one space, trimmed */
    static String normalize(String query) {
        return WHITESPACE.matcher(query.replace('\u2019', '\'')).replaceAll(" ").trim();
    }

    /** @return the figures the whole question asks for ({@link Metric#askedIn}) */
    List<Metric> asked() {
        if (asked == null) {
            asked = Metric.askedIn(text);
        }
        return asked;
    }

    /** @return the figures it asks for once what the data does not hold is taken out ("price target" is no price) */
    List<Metric> askedOfTheData() {
        return uncovered().strips() ? Metric.askedIn(Uncovered.strip(text)) : asked();
    }

    /** @return what it asks that the data does not hold */
    Uncovered.Found uncovered() {
        if (uncovered == null) {
            uncovered = Uncovered.find(text, fiscalYear);
        }
        return uncovered;
    }

    /** @return whether it asks for advice ("should I buy", "is it overvalued") */
    boolean advice() {
        if (advice == null) {
            advice = ADVICE.find(text);
        }
        return advice;
    }
}
