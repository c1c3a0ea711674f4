package dev.contractkit.reference.answers;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which companies a question names: those of the data set, and names that look like a company the data does not
 * hold ("Apple's revenue", "$AAPL", "MSFT", "the revenue of acme corp"). A company alias that is also an English
 * word ("Keystone", "Cornerstone") names the company only when written with a capital letter and not after an
 * article, or as a possessive: "the cornerstone of a good portfolio" names no company.
 */
final class Mentions {
    /** What a question names. */
    record Found(List<Knowledge.Company> known, List<String> unknown) {
    }

    private static final Set<String> ARTICLES = Set.of("a", "an", "the", "my", "your", "our", "their", "its", "this",
            "that", "his", "her");
    /** Upper-case words that are finance or everyday abbreviations, not tickers. */
    private static final Set<String> ACRONYMS = Set.of("EPS", "PE", "ETF", "ETFS", "IPO", "IPOS", "CEO", "CFO", "COO",
            "CTO", "USD", "EUR", "GBP", "US", "USA", "UK", "EU", "FY", "NYSE", "NASDAQ", "EBITDA", "EBIT", "ROE", "ROA",
            "ROI", "ROIC", "GDP", "REIT", "REITS", "AI", "IT", "OK", "HQ", "ESG", "SEC", "FED", "CPI", "API", "NAV", "YTD",
            "ATH", "EV", "EVS", "TV", "IRA", "DCF", "FCF", "PEG", "LLC", "INC", "LTD", "PLC", "CO", "SP", "OTC", "ADR",
            "ADRS", "DJIA", "FAQ", "VS", "AM", "PM", "TTM", "YOY", "QOQ", "IMO", "PB", "CAGR", "NYC", "LA", "SF", "RD",
            "PL", "MA", "ID", "FX", "UTC", "GMT");
    /** Capitalized words that are not company names (question words, Title Case finance words, places). */
    private static final Set<String> NOT_NAMES = Set.of("what", "which", "who", "whom", "whose", "how", "why", "when",
            "where", "is", "are", "was", "were", "be", "do", "does", "did", "should", "shall", "can", "could", "would",
            "will", "may", "might", "must", "has", "have", "had", "tell", "give", "show", "list", "compare", "rank",
            "explain", "define", "describe", "find", "get", "please", "i", "i'm", "i've", "i'd", "my", "me", "we", "our",
            "you", "your", "the", "a", "an", "and", "or", "but", "if", "then", "what's", "who's", "how's", "it", "its",
            "it's", "this", "that", "these", "those", "there", "here", "hi", "hello", "thanks", "yes", "no", "not",
            "top", "best", "worst", "good", "bad", "buy", "sell", "hold", "stock", "stocks", "share", "shares", "price",
            "revenue", "profit", "earnings", "dividend", "dividends", "market", "cap", "ratio", "yield", "company",
            "companies", "inc", "corp", "ltd", "wall", "street", "dow", "jones", "fed", "federal", "reserve", "america",
            "american", "europe", "european", "china", "chinese", "japan", "japanese", "germany", "india", "france",
            "earth", "january", "february", "march", "april", "june", "july", "august", "september", "october",
            "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "in", "on", "at", "of", "for", "to", "by", "with", "about", "vs", "versus", "than", "after", "before",
            "any", "all", "some", "each", "every", "also", "just", "now", "today", "okay", "dear", "ok");
    /** Words after "revenue of" that do not name one company ("the revenue of a company"). */
    private static final Set<String> GENERIC = Set.of("a", "an", "the", "company", "companies", "firm", "firms",
            "business", "businesses", "corporation", "stock", "stocks", "share", "shares", "it", "this", "that", "them",
            "one", "each", "every", "any", "typical", "average", "public", "listed", "private", "large", "small", "big",
            "tech", "technology", "growth", "bank", "banks", "fund", "funds", "etf", "etfs", "index", "market",
            "markets", "sector", "industry", "portfolio", "year", "quarter", "my", "your", "our", "their", "his",
            "her", "its", "s&p", "500", "investor", "investors", "shareholders", "all", "most", "some", "such", "same",
            "other", "given", "good", "new", "these", "those", "money", "dollar", "dollars", "example", "instance");
    private static final Set<String> SLOT_END = Set.of("in", "on", "at", "by", "for", "and", "or", "last", "this",
            "next", "per", "over", "during", "with", "to", "vs", "versus", "than", "since", "from", "after", "before",
            "is", "are", "was", "were", "be", "been", "do", "does", "did", "has", "have", "had", "now", "today",
            "currently", "right", "compared", "as", "like", "if", "when", "so");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z][A-Za-z0-9&'.-]*[A-Za-z0-9]|[A-Za-z]");
    private static final Pattern DOLLAR_TICKER = Pattern.compile("\\$([A-Za-z]{1,5})\\b");
    private static final Pattern POSSESSIVE = Pattern.compile("'s?$");
    /** A quarter, half or fiscal year, or a number: not a name. */
    private static final Pattern PERIOD_OR_NUMBER = Pattern.compile("(?i)[qh][1-4]|fy\\d*|\\d+\\w*");
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final Pattern SLOT_SEPARATORS = Pattern.compile("[ ?!.,;:]+");
    /** A figure asked "of" something: what follows may be a company's name written in lower case. */
    private static final Gated FIGURE_OF = Gated.of("\\b(?:revenues?|sales|profits?|earnings|eps|ratio|p ?/ ?e"
            + "|market cap\\w*|price|dividends?|yield|employees|ceo|headquarters|valuation|debt|margins?|income|cash flow"
            + "|stock|shares) (?:of|for|at) ([a-z0-9&' .-]+)");
    private static final Gated LEGAL_SUFFIX = Gated.of(
            "\\b([a-z][a-z0-9&-]*) (?:corp|corporation|inc|incorporated|ltd|limited|plc|llc|holdings|group)\\b");
    private static final Set<String> STOCK_WORDS = Set.of("stock", "stocks", "shares", "share", "revenue", "revenues",
            "earnings", "profit", "profits", "dividend", "dividends", "price", "ceo", "market", "valuation", "sales");

    /** A first word followed by one of these is a name being compared ("Apple vs Microsoft"). */
    private static final Set<String> COMPARED = Set.of("vs", "vs.", "versus", "or", "and");

    private final List<Knowledge.Company> companies;
    private final List<Pattern> anyCase;
    private final List<List<String>> names;
    private final List<long[]> nameMasks;
    private final List<Pattern> commonWords;
    /** Each company's common-word aliases lower-cased, when all ASCII: a question without one cannot match its pattern. */
    private final List<List<String>> commonWordsLower;
    private final List<long[]> commonWordsMasks;

    Mentions(List<Knowledge.Company> companies) {
        this.companies = companies;
        this.anyCase = companies.stream()
                .map(c -> Pattern.compile("(?<![\\w$])\\$?(" + String.join("|", c.names().stream().map(Pattern::quote).toList())
                        + ")(?!\\w)"))
                .toList();
        this.names = companies.stream().map(Knowledge.Company::names).toList();
        this.nameMasks = names.stream().map(Mentions::masks).toList();
        this.commonWords = companies.stream()
                .map(c -> c.commonWords().isEmpty() ? null : Pattern.compile("(?i)(?<![\\w$])("
                        + String.join("|", c.commonWords().stream().map(Pattern::quote).toList()) + ")('s|s')?(?!\\w)"))
                .toList();
        this.commonWordsLower = companies.stream()
                .map(c -> c.commonWords().stream().allMatch(w -> w.chars().allMatch(ch -> ch < 128))
                        ? c.commonWords().stream().map(w -> w.toLowerCase(Locale.ROOT)).toList() : null)
                .toList();
        this.commonWordsMasks = commonWordsLower.stream().map(w -> w == null ? null : masks(w)).toList();
    }

    /**
     * @param original the question as asked (white space normalized)
     * @param text     the same, lower-cased
     * @return the companies it names, known and unknown
     */
    Found in(String original, String text) {
        boolean sameIndexes = original.length() == text.length();
        char[] rest = original.toCharArray();
        Set<Knowledge.Company> known = new LinkedHashSet<>();
        long mask = CharMask.of(text);
        for (int i = 0; i < companies.size(); i++) {
            if (mentions(text, mask, names.get(i), nameMasks.get(i))) {
                Matcher m = anyCase.get(i).matcher(text);
                while (m.find()) {
                    known.add(companies.get(i));
                    if (sameIndexes) {
                        blank(rest, m.start(), m.end());
                    }
                }
            }
            if (commonWords.get(i) != null && (commonWordsLower.get(i) == null
                    || mentions(text, mask, commonWordsLower.get(i), commonWordsMasks.get(i)))) {
                Matcher m = commonWords.get(i).matcher(original);
                while (m.find()) {
                    if (namesTheCompany(original, m)) {
                        known.add(companies.get(i));
                        blank(rest, m.start(), m.end());
                    }
                }
            }
        }
        return new Found(List.copyOf(known), unknown(new String(rest)));
    }

    /** "Keystone's", "Is Keystone a buy?" name the company; "the keystone of", "the Keystone of" do not. */
    private static boolean namesTheCompany(String original, Matcher m) {
        if (m.group(2) != null) {
            return true;
        }
        if (!Character.isUpperCase(original.charAt(m.start()))) {
            return false;
        }
        String before = original.substring(0, m.start()).trim();
        String previous = before.isEmpty() ? "" : before.substring(before.lastIndexOf(' ') + 1).toLowerCase(Locale.ROOT);
        String after = original.substring(m.end()).trim().toLowerCase(Locale.ROOT);
        return !ARTICLES.contains(previous) && !after.startsWith("of ");
    }

    private static void blank(char[] chars, int from, int to) {
        for (int i = from; i < to; i++) {
            chars[i] = ' ';
        }
    }

    private static boolean mentions(String text, long mask, List<String> names, long[] masks) {
        for (int i = 0; i < names.size(); i++) {
            if (CharMask.mayHold(mask, masks[i]) && text.contains(names.get(i))) {
                return true;
            }
        }
        return false;
    }

    private static long[] masks(List<String> words) {
        return words.stream().mapToLong(CharMask::of).toArray();
    }

    /** Names left once the known ones are taken out: tickers, capitalized names, lower-case names after "revenue of". */
    private static List<String> unknown(String original) {
        Set<String> out = new LinkedHashSet<>();
        Matcher dollar = DOLLAR_TICKER.matcher(original);
        while (dollar.find()) {
            out.add(dollar.group(1).toUpperCase(Locale.ROOT));
        }
        boolean shouting = shouting(original);
        List<int[]> tokens = new ArrayList<>();
        Matcher t = TOKEN.matcher(original);
        while (t.find()) {
            tokens.add(new int[]{t.start(), t.end()});
        }
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            String raw = original.substring(tokens.get(i)[0], tokens.get(i)[1]);
            boolean possessive = raw.endsWith("'s") || raw.endsWith("s'");
            String word = raw.endsWith("'s") ? raw.substring(0, raw.length() - 2) : raw; // a token ends with a letter or digit
            boolean first = i == 0 || SentenceEnd.before(original, tokens.get(i)[0]);
            String next = i + 1 < tokens.size() ? original.substring(tokens.get(i + 1)[0], tokens.get(i + 1)[1])
                    .toLowerCase(Locale.ROOT) : "";
            boolean isName = false;
            if (PERIOD_OR_NUMBER.matcher(word).matches()) {
                isName = false;
            } else if (!shouting && word.length() >= 2 && word.chars().allMatch(c -> Character.isUpperCase(c) || c == '&')) {
                isName = !ACRONYMS.contains(word.replace("&", ""));
            } else if (word.length() >= 2 && Character.isUpperCase(word.charAt(0)) && !shouting
                    && !NOT_NAMES.contains(word.toLowerCase(Locale.ROOT))) {
                isName = !first || possessive || STOCK_WORDS.contains(next) || COMPARED.contains(next);
            }
            boolean adjacent = i > 0 && original.substring(tokens.get(i - 1)[1], tokens.get(i)[0]).equals(" ");
            if (isName && !name.isEmpty() && adjacent) {
                name.append(' ').append(word);
            } else {
                if (!name.isEmpty()) {
                    out.add(name.toString());
                    name.setLength(0);
                }
                if (isName) {
                    name.append(word);
                }
            }
            if (possessive && !name.isEmpty()) {
                out.add(name.toString());
                name.setLength(0);
            }
        }
        if (!name.isEmpty()) {
            out.add(name.toString());
        }
        String lower = original.toLowerCase(Locale.ROOT);
        Matcher of = FIGURE_OF.matcher(lower);
        while (of != null && of.find()) {
            slot(of.group(1)).ifPresent(out::add);
        }
        Matcher suffix = LEGAL_SUFFIX.matcher(lower);
        while (suffix != null && suffix.find()) {
            if (!GENERIC.contains(suffix.group(1)) && !NOT_NAMES.contains(suffix.group(1))) {
                out.add(suffix.group(0));
            }
        }
        // a name found in the lower-cased text is reported as written
        return dedupe(out).stream().map(n -> {
            int at = lower.indexOf(n);
            return at >= 0 && lower.length() == original.length() ? original.substring(at, at + n.length()) : n;
        }).toList();
    }

    /** @return whether it has fewer lower-case than upper-case letters */
    private static boolean shouting(String s) {
        int lower = 0;
        int upper = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            lower += Character.isLowerCase(c) ? 1 : 0;
            upper += Character.isUpperCase(c) ? 1 : 0;
        }
        return lower < upper;
    }

    /** "acme corp?" → acme corp; "a company?" → nothing. */
    private static Optional<String> slot(String after) {
        List<String> words = new ArrayList<>();
        for (String w : SLOT_SEPARATORS.split(after.trim())) {
            if (w.isEmpty() || SLOT_END.contains(w) || words.size() == 3) {
                break;
            }
            words.add(POSSESSIVE.matcher(w).replaceAll(""));
        }
        boolean generic = words.stream().allMatch(w -> GENERIC.contains(w) || DIGITS.matcher(w).matches());
        return generic ? Optional.empty() : Optional.of(String.join(" ", words));
    }

    /** "Acme" found capitalized and "acme corp" found after "revenue of" are one name: the longer one. */
    private static List<String> dedupe(Set<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String key = n.toLowerCase(Locale.ROOT);
            int same = -1;
            for (int i = 0; i < out.size(); i++) {
                String other = out.get(i).toLowerCase(Locale.ROOT);
                if (other.contains(key) || key.contains(other)) {
                    same = i;
                }
            }
            if (same < 0) {
                out.add(n);
            } else if (n.length() > out.get(same).length()) {
                out.set(same, n);
            }
        }
        return out;
    }
}
