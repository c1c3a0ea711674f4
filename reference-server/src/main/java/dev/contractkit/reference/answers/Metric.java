package dev.contractkit.reference.answers;

import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A figure the engine can report about a company: the words that ask for it, its label and how it is
 * written. Market figures cite the market-data page, the others the annual report.
 */
enum Metric {
    EPS("earnings per share", "\\beps\\b|earnings per share", true, false,
            c -> money(c.eps()) + " per share"),
    PE_RATIO("P/E ratio", "\\bp ?/ ?e\\b|\\bpe\\b|price[- ]to[- ]earnings|valuation|multiple|\\b(?:over|under)[- ]?(?:valued|priced)\\b"
            + "|\\bexpensive\\b|\\bcheap(?:er)?\\b", false, true,
            c -> c.peRatio() == null ? "not meaningful (negative earnings)" : String.format(Locale.ROOT, "%.1fx", c.peRatio())),
    REVENUE_GROWTH("revenue growth", "(?:(?:revenues?|sales) )?\\bgrowth\\b"
            + "|\\bgr(?:ow|ew|own|owing|ows)\\b(?: (?:its|the|their))?(?: (?:revenues?|sales)\\b)?"
            + "|\\b(?:revenues?|sales) (?:has |have )?gr(?:ow|ew|own|owing|ows)\\b", true, false,
            c -> String.format(Locale.ROOT, "%+.1f%% on the year before", c.revenueGrowthPercent())),
    REVENUE("revenue", "\\brevenues?\\b|\\bsales\\b|\\bturnover\\b|top line", true, false,
            c -> money(c.revenue())),
    NET_INCOME("net income", "net income|\\bprofits?\\b|\\bprofitable\\b|bottom line|\\bearnings\\b(?! per share)|\\bearn\\b",
            true, false, c -> money(c.netIncome())),
    MARKET_CAP("market capitalization", "market cap|capitali[sz]ation|\\bworth\\b|valued at|how big", false, true,
            c -> money(c.marketCap())),
    SHARE_PRICE("share price", "\\b(share|stock) price\\b|\\bprice\\b(?![- ]to)|trading at|\\bquote\\b", false, true,
            c -> money(c.sharePrice())),
    DIVIDEND_YIELD("dividend yield", "\\bdividends?\\b|\\byield\\b|payout", false, true,
            c -> c.dividendYieldPercent() == 0 ? "no dividend"
                    : String.format(Locale.ROOT, "%.2f%%", c.dividendYieldPercent())),
    EMPLOYEES("employees", "\\bemployees?\\b|\\bstaff\\b|headcount|workforce|people work", true, false,
            c -> NumberFormat.getIntegerInstance(Locale.US).format(c.employees())),
    CEO("chief executive", "\\bceo\\b|chief executive|who (runs|leads|heads)", false, false, Knowledge.Company::ceo),
    HEADQUARTERS("headquarters", "headquarter|\\bhq\\b|\\bbased\\b|located|where is", false, false,
            Knowledge.Company::headquarters),
    FOUNDED("year founded", "\\bfounded\\b|established|how old|since when", false, false,
            c -> Integer.toString(c.founded())),
    SECTOR("sector", "\\bsector\\b|\\bindustry\\b|what does .* do|\\bbusiness\\b", false, false,
            c -> c.sector() + " (" + c.industry().toLowerCase(Locale.ROOT) + ")");

    /** What a question without a specific figure gets. */
    static final List<Metric> OVERVIEW = List.of(REVENUE, NET_INCOME, EPS, PE_RATIO, MARKET_CAP, DIVIDEND_YIELD);

    final String label;
    /** How the question suite and the answer's subject name it: {@code net-income}. */
    final String slug;
    final Gated asks;
    final boolean fiscal;
    final boolean market;
    final Function<Knowledge.Company, String> value;

    Metric(String label, String asks, boolean fiscal, boolean market, Function<Knowledge.Company, String> value) {
        this.label = label;
        this.slug = name().toLowerCase(Locale.ROOT).replace('_', '-');
        this.asks = Gated.of(Alternation.split(asks).toArray(String[]::new));
        this.fiscal = fiscal;
        this.market = market;
        this.value = value;
    }

    /**
     * @param text a lower-cased question
     * @return the figures it asks for, in declaration order (EPS before net income, so "earnings per share"
     * is not also read as earnings)
     */
    static List<Metric> askedIn(String text) {
        String rest = text;
        ArrayList<Metric> out = new ArrayList<>();
        for (Metric m : values()) {
            var matcher = m.asks.matcher(rest);
            if (matcher != null && matcher.find()) {
                out.add(m);
                rest = matcher.replaceAll(" ");
            }
        }
        return out;
    }

    static String money(double usd) {
        double abs = Math.abs(usd);
        String sign = usd < 0 ? "-" : "";
        if (abs >= 1e12) {
            return String.format(Locale.ROOT, "%s$%.2fT", sign, abs / 1e12);
        }
        if (abs >= 1e9) {
            return String.format(Locale.ROOT, "%s$%.2fB", sign, abs / 1e9);
        }
        if (abs >= 1e6) {
            return String.format(Locale.ROOT, "%s$%.1fM", sign, abs / 1e6);
        }
        return String.format(Locale.ROOT, "%s$%.2f", sign, abs);
    }
}
