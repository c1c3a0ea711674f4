package dev.contractkit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.contractkit.specs.source.DocumentReader;
import dev.contractkit.specs.source.Trees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One document through the kit's tools and Prism, each step in a process of its own with a time budget
 * ({@link CorpusTools}): read (the kit's {@link DocumentReader}); the kit's mock started on it, its time to ready,
 * the sampled GETs ({@link SampledGets}) and its peak RSS after them; the suite against that mock; the SDK
 * generated and compiled; Prism on the same file, the same GETs. The logs go to the document's folder.
 */
final class DocumentRun {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");
    private static final Pattern CHECK_ROW = Pattern.compile("^  ([a-z_]+)\\s+(\\d+)\\s+(\\d+)(\\s+<--.*)?$");
    private static final Pattern SUMMARY = Pattern.compile("^  .*: (?:passed|FAILED), (\\d+) violations, (\\d+) errors in (\\d+) requests");
    private static final Pattern PROBLEM = Pattern.compile("^(mock: .*|CONTRACT ERROR .*|Exception.*|Error.*)$");

    private final CorpusTools tools;
    private final Path prism;
    private final boolean suite;
    private final boolean sdk;
    private final int gets;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    /**
     * @param prism the {@code prism} command, or {@code null} to leave Prism out
     * @param gets  GETs sampled per document
     */
    DocumentRun(CorpusTools tools, Path prism, boolean suite, boolean sdk, int gets) {
        this.tools = tools;
        this.prism = prism;
        this.suite = suite;
        this.sdk = sdk;
        this.gets = gets;
    }

    /**
     * @param wanted paths whose GET is sampled first when the document has them
     * @param work   the document's folder for logs and generated sources (made)
     */
    DocumentResult run(String name, Path file, List<String> wanted, Path work) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Files.createDirectories(work);
        String readNote;
        JsonNode root = MissingNode.getInstance();
        boolean read = false;
        try {
            DocumentReader.Source source = CompletableFuture.supplyAsync(() -> DocumentReader.read(file))
                    .get(tools.budget().read().toMillis(), TimeUnit.MILLISECONDS);
            root = Trees.parse(source.text());
            read = true;
            readNote = String.join("; ", source.notes());
        } catch (TimeoutException e) {
            readNote = "not read within " + tools.budget().read().toSeconds() + " s";
        } catch (ExecutionException e) {
            readNote = firstLine(e.getCause().getMessage());
        } catch (IOException e) {
            readNote = "read, but its text is not JSON or YAML: " + firstLine(e.getMessage());
        }
        List<SampledGets.Call> calls = read ? SampledGets.of(root, gets, wanted) : List.of();
        String credential = basic(root) ? "corpus:corpus-secret" : "corpus-token";

        DocumentResult.Served mock;
        DocumentResult.Suite checked = DocumentResult.Suite.of(suite ? "not run" : "skipped");
        Path mockLog = work.resolve("mock.log");
        try (Target t = Target.start("kit mock", tools.mock(file, credential), Map.of(), mockLog, l -> l.startsWith("READY"),
                tools.budget().ready())) {
            String url = t.firstUrl();
            List<String> answers = call(url, calls);
            mock = new DocumentResult.Served(true, t.readyMs(), t.peakRssMb(), calls.size(), declared(answers),
                    problems(mockLog), answers);
            if (suite) {
                checked = suite(file, url, credential, work);
            }
        } catch (IllegalStateException e) {
            mock = DocumentResult.Served.notStarted(whyNot(mockLog, e, file));
        }
        DocumentResult.Sdk client = sdk ? sdk(file, work) : new DocumentResult.Sdk("skipped", "", 0, 0);
        DocumentResult.Served peer = null;
        if (prism != null) {
            try (Target t = PrismPeer.start(prism, file, work.resolve("prism.log"), tools.budget().ready())) {
                List<String> answers = call(t.firstUrl(), calls);
                peer = new DocumentResult.Served(true, t.readyMs(), t.peakRssMb(), calls.size(), declared(answers), "", answers);
            } catch (IllegalStateException e) {
                peer = DocumentResult.Served.notStarted(whyNot(work.resolve("prism.log"), e, file));
            }
        }
        return new DocumentResult(name, Files.size(file), operations(root), read, readNote, mock, checked, client, peer,
                (System.nanoTime() - t0) / 1_000_000);
    }

    /** Each call as {@code GET path -> status} ({@code -1}: no answer within the budget), a {@code *} when declared. */
    private List<String> call(String base, List<SampledGets.Call> calls) throws InterruptedException {
        List<String> answers = new ArrayList<>();
        for (SampledGets.Call c : calls) {
            int status;
            try {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + c.path())).GET()
                        .timeout(tools.budget().request()).header("Accept", "*/*");
                c.headers().forEach((k, v) -> {
                    try {
                        b.header(k, v);
                    } catch (IllegalArgumentException restricted) {
                        // a header the JDK's client will not send (Host, Connection ...): left out
                    }
                });
                status = http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (IOException | IllegalArgumentException e) {
                status = -1;
            }
            answers.add("GET " + c.path() + " -> " + status + (c.declares(status) ? " *" : ""));
        }
        return answers;
    }

    private static int declared(List<String> answers) {
        return (int) answers.stream().filter(a -> a.endsWith(" *")).count();
    }

    private DocumentResult.Suite suite(Path file, String url, String credential, Path work) throws IOException, InterruptedException {
        Path log = work.resolve("suite.log");
        Exec.Outcome o = Exec.run(tools.suite(file, url, credential, work.resolve("suite")), log, tools.budget().suite());
        if (o.timedOut()) {
            return new DocumentResult.Suite("timed out", Map.of(), 0, 0, 0, o.ms());
        }
        Map<String, Integer> failed = new LinkedHashMap<>();
        int violations = 0;
        int errors = 0;
        int requests = 0;
        for (String line : Files.readAllLines(log)) {
            Matcher row = CHECK_ROW.matcher(line);
            Matcher sum = SUMMARY.matcher(line);
            if (row.matches() && Integer.parseInt(row.group(3)) > 0) {
                failed.merge(row.group(1), Integer.parseInt(row.group(3)), Integer::sum);
            } else if (sum.find()) {
                violations += Integer.parseInt(sum.group(1));
                errors += Integer.parseInt(sum.group(2));
                requests += Integer.parseInt(sum.group(3));
            }
        }
        String outcome = o.exit() == 0 ? "passed" : o.exit() == 1 ? "failed" : "exit " + o.exit();
        return new DocumentResult.Suite(outcome, failed, violations, errors, requests, o.ms());
    }

    private DocumentResult.Sdk sdk(Path file, Path work) throws IOException, InterruptedException {
        Path src = work.resolve("sdk/src");
        Path classes = work.resolve("sdk/classes");
        Exec.Outcome gen = Exec.run(tools.sdk(file, "corpus.api", src), work.resolve("sdk.log"), tools.budget().sdk());
        List<Path> java = Files.isDirectory(src) ? javaFiles(src) : List.of();
        try {
            if (gen.timedOut()) {
                return new DocumentResult.Sdk("timed out", "the generator took more than " + tools.budget().sdk().toSeconds() + " s", 0, gen.ms());
            }
            if (!gen.ok() || java.isEmpty()) {
                return new DocumentResult.Sdk("not generated", firstMatching(work.resolve("sdk.log"), src, "kit sdk: ",
                        "Exception in thread", "Exception: "), 0, gen.ms());
            }
            Path args = work.resolve("sdk/sources.txt");
            Files.write(args, java.stream().map(p -> "\"" + p.toString().replace("\\", "\\\\") + "\"").toList());
            Exec.Outcome javac = Exec.run(tools.javac(classes, args), work.resolve("javac.log"), tools.budget().sdk());
            String outcome = javac.timedOut() ? "timed out" : javac.ok() ? "compiled" : "not compiled";
            return new DocumentResult.Sdk(outcome, javac.ok() ? "" : firstMatching(work.resolve("javac.log"), src, ": error: "),
                    java.size(), gen.ms() + javac.ms());
        } finally {
            delete(work.resolve("sdk"));
        }
    }

    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** The number of document problems the mock listed ({@code CONTRACT WARNING} lines), "" for none. */
    private static String problems(Path log) throws IOException {
        long n = Files.readAllLines(log).stream().filter(l -> l.startsWith("CONTRACT WARNING")).count();
        return n == 0 ? "" : n + " document problem(s) listed";
    }

    /** The first line that says why (the document's path left out of it), with the count of contract errors. */
    private static String whyNot(Path log, IllegalStateException e, Path file) {
        try {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
            List<String> why = lines.stream().filter(l -> PROBLEM.matcher(l).matches()).toList();
            String first = why.isEmpty() ? (lines.isEmpty() ? firstLine(e.getMessage()) : lines.get(lines.size() - 1)) : why.get(0);
            long errors = lines.stream().filter(l -> l.startsWith("CONTRACT ERROR")).count();
            return (errors > 1 ? errors + " contract errors, the first: " : "") + abbreviate(first.replace(file + " ", ""));
        } catch (IOException io) {
            return firstLine(e.getMessage());
        }
    }

    /**
     * The first line of the log with the first marker found (else its last line), with the line after it when that
     * continues it (an exception's message), the generated sources' folder left out of it.
     */
    private static String firstMatching(Path log, Path sources, String... markers) throws IOException {
        if (!Files.exists(log)) {
            return "(no log)";
        }
        List<String> lines = Files.readAllLines(log);
        for (String marker : markers) {
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(marker)) {
                    String line = lines.get(i).replace(sources + "/", "");
                    String next = i + 1 < lines.size() ? lines.get(i + 1).strip() : "";
                    return abbreviate(line.endsWith(":") && !next.startsWith("at ") ? line + " " + next : line);
                }
            }
        }
        return abbreviate(lines.isEmpty() ? "(empty log)" : lines.get(lines.size() - 1));
    }

    private static boolean basic(JsonNode root) {
        for (JsonNode s : root.path("components").path("securitySchemes")) {
            if (s.path("type").asText().equals("http") && s.path("scheme").asText().equalsIgnoreCase("basic")) {
                return true;
            }
        }
        return false;
    }

    private static int operations(JsonNode root) {
        int n = 0;
        for (JsonNode item : root.path("paths")) {
            for (var names = item.fieldNames(); names.hasNext(); ) {
                n += METHODS.contains(names.next()) ? 1 : 0;
            }
        }
        return n;
    }

    static String firstLine(String message) {
        if (message == null) {
            return "no detail";
        }
        int nl = message.indexOf('\n');
        return abbreviate(nl < 0 ? message : message.substring(0, nl));
    }

    static String abbreviate(String s) {
        String one = s.strip().replace('|', '/');
        return one.length() > 200 ? one.substring(0, 197) + "..." : one;
    }
}
