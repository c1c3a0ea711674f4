package dev.contractkit.reference.agent;

import dev.contractkit.reference.agent.Tables.Column;
import dev.contractkit.reference.agent.Tables.Table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chooses the table, columns, aggregate, group-by and ranking of one read-only query from the question's words and
 * the schema, deterministically (no model); or says why it cannot. The rules (also in the reference-server README):
 *
 * <ol>
 * <li>Words: the question and every table and column name are split into words (non-letters, {@code _}, camelCase),
 *     lower-cased and singularised ({@code regions} = {@code region}); common question words ({@code what}, {@code the},
 *     {@code by}, ...) never name a column.</li>
 * <li>Table: the one whose name's words the question uses most (3 points each) plus its columns the question names
 *     (1 point each); ties go to the uploaded files, then the data source's order. A table with no point is never
 *     chosen.</li>
 * <li>Follow-up: when the thread's last plan (CUSTOM {@code kit.query_plan}) is still available and the question
 *     names no table or column at all, or starts like a follow-up ({@code and}, {@code only}, {@code now},
 *     {@code instead}, {@code but}, {@code then}, {@code also}, {@code what about}, {@code how about}) and names no
 *     table or a column of that plan's table, the new question changes that plan: a named column after
 *     {@code by}/{@code per} becomes the group-by, a named number column the measure, an aggregate or ranking word
 *     replaces the old one; the rest is kept.</li>
 * <li>Aggregate: {@code how many}/{@code count}/{@code number of} count rows; {@code total}/{@code sum},
 *     {@code average}/{@code avg}/{@code mean}, {@code max}/{@code maximum}, {@code min}/{@code minimum}.</li>
 * <li>Group-by: the column named right after {@code by}, {@code per}, {@code each} or {@code every}; with an aggregate
 *     or a ranking and none such, the first text column named.</li>
 * <li>Measure: the first number column named (not the group-by). A group-by without an aggregate sums it
 *     (or counts rows when there is none).</li>
 * <li>Ranking: {@code top N}/{@code highest}/{@code largest}/{@code most} (largest first) or {@code bottom N}/{@code lowest}/
 *     {@code smallest}/{@code least}: order by the measure, {@code N} rows (a number in the question, else 5 for
 *     top/bottom and 1 for the others).</li>
 * <li>Otherwise the named columns (all when fewer than two are named), at most {@link SqlTool#MAX_ROWS} rows.</li>
 * </ol>
 * An aggregate or ranking that needs a number column when none is named cannot be answered: the reason says which
 * number columns there are.
 */
final class QueryPlanner {
    /** The plan: a query, or the plain reason why the question cannot be answered. */
    record Plan(Query query, boolean followUp, String cannot) {
    }

    private static final Set<String> QUESTION_WORDS = Set.of("a", "an", "the", "what", "which", "who", "whose", "how",
            "is", "are", "was", "were", "be", "do", "doe", "did", "has", "have", "can", "by", "per", "each", "every", "of", "for",
            "in", "on", "to", "from", "with", "and", "or", "me", "show", "list", "give", "tell", "please", "there", "it",
            "its", "that", "this", "these", "those", "all", "about", "now", "instead", "same", "only", "than", "many",
            "much", "top", "bottom", "total", "sum", "average", "avg", "mean", "max", "maximum", "min", "minimum",
            "count", "number", "highest", "largest", "biggest", "most", "greatest", "best", "lowest", "smallest",
            "least", "fewest", "worst", "then", "also", "what's", "whats", "i", "we", "you", "our", "my");
    private static final Set<String> DESC = Set.of("top", "highest", "largest", "biggest", "most", "greatest", "best");
    private static final Set<String> ASC = Set.of("bottom", "lowest", "smallest", "least", "fewest", "worst");
    private static final Set<String> BY = Set.of("by", "per", "each", "every");
    private static final Set<String> CUES = Set.of("and", "only", "now", "instead", "same", "but", "then", "also");
    private static final List<String> NUMBER_WORDS = List.of("zero", "one", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten");
    private static final Pattern NUMBER = Pattern.compile("\\b(top|bottom|first|last)?\\s*(\\d{1,3})\\b");

    private QueryPlanner() {
    }

    /**
     * @param question the user's question
     * @param tables   every table the run can query, the run's files first
     * @param previous the thread's last plan over these tables, or null
     * @param files    the files the {@code files} tables were loaded from
     */
    static Plan plan(String question, List<Table> tables, Query previous, List<String> files) {
        List<String> words = words(question);
        String q = " " + String.join(" ", words) + " ";
        String aggregate = q.contains(" how many ") || q.contains(" number of ") || words.contains("count") ? "count"
                : words.contains("average") || words.contains("avg") || words.contains("mean") ? "avg"
                : words.contains("total") || words.contains("sum") ? "sum"
                : words.contains("max") || words.contains("maximum") ? "max"
                : words.contains("min") || words.contains("minimum") ? "min" : null;
        Boolean desc = words.stream().anyMatch(DESC::contains) ? Boolean.TRUE
                : words.stream().anyMatch(ASC::contains) ? Boolean.FALSE : null;
        Integer n = null;
        if (desc != null) {
            Matcher m = NUMBER.matcher(question.toLowerCase(Locale.ROOT));
            n = m.find() ? Math.max(1, Math.min(SqlTool.MAX_ROWS, Integer.parseInt(m.group(2)))) : null;
            for (int i = 0; n == null && i < words.size(); i++) {
                n = NUMBER_WORDS.indexOf(words.get(i)) > 0 ? NUMBER_WORDS.indexOf(words.get(i)) : null;
            }
            if (n == null) {
                n = words.contains("top") || words.contains("bottom") ? 5 : 1;
            }
        }

        Table best = null;
        int bestScore = 0;
        int bestTableWords = 0;
        for (Table t : tables) {
            int tableWords = (int) nameWords(t.name()).stream().filter(words::contains).count();
            int score = 3 * tableWords + mentioned(t, words, t).size();
            if (score > bestScore) {
                best = t;
                bestScore = score;
                bestTableWords = tableWords;
            }
        }
        // a follow-up: names nothing at all, or starts like one ("and ...", "what about ...") and names no table
        // or a column of the previous plan's table
        boolean cue = !words.isEmpty() && CUES.contains(words.get(0)) || q.startsWith(" what about ") || q.startsWith(" how about ");
        boolean followUp = previous != null && (bestScore == 0
                || cue && (bestTableWords == 0 || !mentioned(previous.table(), words, previous.table()).isEmpty()));
        Table table = followUp ? previous.table() : best;
        if (table == null) {
            return new Plan(null, false, "the question names no table or column I can query ("
                    + describe(tables) + ")");
        }
        List<Column> named = mentioned(table, words, table);
        Column group = byColumn(table, words);
        List<Column> numbers = named.stream().filter(Column::numeric).toList();
        List<Column> texts = named.stream().filter(c -> !c.numeric()).toList();
        if (group == null && (aggregate != null || desc != null) && !texts.isEmpty()) {
            group = texts.get(0);
        }
        if (group != null && group.numeric() && desc != null && !texts.isEmpty()) {
            group = texts.get(0); // "top 3 products by revenue": revenue ranks, product groups
        }
        final Column g = group;
        Column measure = numbers.stream().filter(c -> !c.equals(g)).findFirst().orElse(null);

        if (followUp) {
            if (group == null && measure == null && aggregate == null && desc == null) {
                return new Plan(null, true, "I could not tell what to change in the previous question (" + previous.sql()
                        + "): name a column of `" + table.name() + "` (" + columns(table) + "), an aggregate or a ranking");
            }
            group = group != null ? group : previous.groupBy();
            measure = measure != null ? measure : previous.measure();
            aggregate = aggregate != null ? aggregate : previous.aggregate();
            if (desc == null && previous.limit() != null) {
                desc = previous.descending();
                n = previous.limit();
            }
            if (group != null && group.equals(measure)) {
                measure = previous.measure();
            }
        }
        if (group != null) {
            aggregate = aggregate != null ? aggregate : measure != null ? "sum" : "count";
        }
        if (aggregate != null && !aggregate.equals("count") && measure == null) {
            return new Plan(null, followUp, "the question asks for the " + aggregate + " but names no number column of `"
                    + table.name() + "` (number columns: " + numberColumns(table) + ")");
        }
        if (group == null && aggregate == null && desc != null && measure == null) {
            return new Plan(null, followUp, "the question asks for the " + (desc ? "largest" : "smallest")
                    + " but names no number column of `" + table.name() + "` to rank by (number columns: "
                    + numberColumns(table) + ")");
        }
        List<Column> list = new ArrayList<>();
        if (group == null && aggregate == null && named.size() >= 2) {
            table.columns().stream().filter(named::contains).forEach(list::add);
        }
        List<String> used = followUp ? previous.fileIds() : table.source().equals("files") ? files : List.of();
        return new Plan(new Query(table.source(), table, aggregate, measure, group, list, desc == null || desc,
                desc == null ? null : n, used), followUp, null);
    }

    /** @return the columns of {@code t} the question names, in the question's order */
    private static List<Column> mentioned(Table t, List<String> words, Table of) {
        List<String> tableWords = nameWords(of.name());
        List<Column> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (QUESTION_WORDS.contains(w)) {
                continue;
            }
            for (Column c : t.columns()) {
                List<String> cw = nameWords(c.name());
                // a word that names the table names a column only when it is the column's whole name
                boolean tableWord = tableWords.contains(w) && cw.size() > 1;
                if (!tableWord && cw.contains(w) && !out.contains(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static Column byColumn(Table t, List<String> words) {
        for (int i = 0; i < words.size() - 1; i++) {
            if (BY.contains(words.get(i))) {
                for (int j = i + 1; j < Math.min(words.size(), i + 3); j++) {
                    String w = words.get(j);
                    for (Column c : t.columns()) {
                        if (!QUESTION_WORDS.contains(w) && nameWords(c.name()).contains(w)) {
                            return c;
                        }
                    }
                }
            }
        }
        return null;
    }

    private static String describe(List<Table> tables) {
        if (tables.isEmpty()) {
            return "there are no tables";
        }
        List<String> out = new ArrayList<>();
        for (Table t : tables.subList(0, Math.min(tables.size(), 10))) {
            out.add("`" + t.name() + "` (" + columns(t) + ")" + (t.source().equals("files") ? " from the files" : ""));
        }
        return "tables: " + String.join(", ", out) + (tables.size() > 10 ? ", ..." : "");
    }

    private static String columns(Table t) {
        return String.join(", ", t.columns().stream().map(Column::name).toList());
    }

    private static String numberColumns(Table t) {
        List<String> n = t.columns().stream().filter(Column::numeric).map(Column::name).toList();
        return n.isEmpty() ? "none" : String.join(", ", n);
    }

    /** @return the question's words, lower-cased and singular */
    static List<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}']+")).filter(w -> !w.isEmpty())
                .map(QueryPlanner::singular).toList();
    }

    /** @return a name's words: {@code saleMonth}, {@code sale_month} and {@code SALE_MONTH} give sale, month */
    static List<String> nameWords(String name) {
        return Arrays.stream(name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT).split("[^\\p{L}]+"))
                .filter(w -> w.length() >= 2).map(QueryPlanner::singular).toList();
    }

    static String singular(String w) {
        if (w.length() > 4 && w.endsWith("ies")) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.length() > 4 && (w.endsWith("ses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes"))) {
            return w.substring(0, w.length() - 2);
        }
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }
}
