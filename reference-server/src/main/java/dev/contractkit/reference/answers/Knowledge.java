package dev.contractkit.reference.answers;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the answer engine knows, loaded from {@code answers/companies.json} (fictional companies with
 * synthetic figures) and {@code answers/knowledge.json} (a finance glossary and a few general facts).
 */
record Knowledge(List<Company> companies, List<Entry> glossary, List<Entry> general, int fiscalYear, String asOf) {

    /** One company and its figures (USD; fiscal year {@link Knowledge#fiscalYear()}). */
    record Company(String ticker, String name, List<String> aliases, String sector, String industry,
                   String headquarters, int founded, String ceo, long employees, long revenue,
                   double revenueGrowthPercent, long netIncome, long sharesOutstanding, double eps,
                   double sharePrice, long marketCap, Double peRatio, double dividendYieldPercent,
                   List<String> commonWordAliases) {
        /**
         * @return how the question may name the company in any case: name, the aliases that are not English
         * words, ticker (lower case)
         */
        List<String> names() {
            List<String> out = new ArrayList<>();
            out.add(name.toLowerCase(Locale.ROOT));
            aliases.stream().filter(a -> !commonWords().contains(a)).forEach(a -> out.add(a.toLowerCase(Locale.ROOT)));
            out.add(ticker.toLowerCase(Locale.ROOT));
            return out;
        }

        /** @return aliases that are also English words ("Keystone"): they name the company only when capitalized */
        List<String> commonWords() {
            return commonWordAliases == null ? List.of() : commonWordAliases;
        }
    }

    /** A glossary term (pattern: a question asking its meaning) or a general fact (pattern: the question). */
    record Entry(String slug, String title, Pattern pattern, String text) {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** @return the data set shipped with the kit */
    static Knowledge load() {
        JsonNode companies = read("answers/companies.json");
        JsonNode knowledge = read("answers/knowledge.json");
        List<Company> list = new ArrayList<>();
        companies.path("companies").forEach(c -> list.add(MAPPER.convertValue(c, Company.class)));
        List<Entry> glossary = new ArrayList<>();
        knowledge.path("glossary").forEach(g -> glossary.add(new Entry(g.path("slug").asText(),
                g.path("term").asText(), definitional(g.path("pattern").asText()), g.path("definition").asText())));
        List<Entry> general = new ArrayList<>();
        knowledge.path("general").forEach(g -> general.add(new Entry(g.path("slug").asText(),
                g.path("title").asText(), Pattern.compile(g.path("pattern").asText()), g.path("answer").asText())));
        return new Knowledge(List.copyOf(list), List.copyOf(glossary), List.copyOf(general),
                companies.path("fiscalYear").asInt(), companies.path("asOf").asText());
    }

    /**
     * @param text a lower-cased question
     * @return the glossary term it asks the meaning of ("what is a P/E ratio?", "what does EPS mean?"); a
     * question that only uses a term ("what is Apple's revenue?") asks for no definition
     */
    Optional<Entry> term(String text) {
        if (DEFINING.stream().noneMatch(text::contains)) {
            return Optional.empty(); // no definitional pattern can match: skip running each term's
        }
        return glossary.stream().filter(e -> e.pattern().matcher(text).find()).findFirst();
    }

    /**
     * Words of which every {@link #definitional} pattern holds one, whatever its term: "what's", "what is", "what
     * are", "explain", "define", "describe" before the term, or "mean" (means, meaning, meaning of), "definition",
     * "stand for" after it.
     */
    private static final List<String> DEFINING = List.of("what's", "what is", "what are", "explain", "define", "describe",
            "mean", "definition", "stand for");

    private static Pattern definitional(String term) {
        return Pattern.compile("(?:what(?:'s| is| are)|explain|define|describe)(?: what)?(?: is| are)?(?: an?| the)? (?:"
                + term + ")|(?:" + term + ").{0,20}\\b(?:mean|means|meaning|definition|stand for)\\b|meaning of (?:an? |the )?(?:"
                + term + ")");
    }

    /**
     * @param text a lower-cased question
     * @return the general fact it asks about
     */
    Optional<Entry> fact(String text) {
        return general.stream().filter(e -> e.pattern().matcher(text).find()).findFirst();
    }

    private static JsonNode read(String resource) {
        try (InputStream in = Knowledge.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
