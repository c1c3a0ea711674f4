package dev.contractkit.reference.answers;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Not a test: writes the engine's full outcome (subject, Markdown, sources, steps; reason, detail, message) of every
 * suite question in five spellings, with and without {@code forceAnswer}, one line each; with {@code wide}, also two
 * questions joined and every other word dropped. Run it on two versions of the engine and compare the files: a
 * change for CPU only must leave them equal (issue 37.5). After {@code test-compile}:
 * {@code java -cp "reference-server/target/test-classes:reference-server/target/classes:reference-server/target/lib/*"
 * dev.contractkit.reference.answers.OutcomeDump out.txt [wide]}.
 */
final class OutcomeDump {
    private OutcomeDump() {
    }

    public static void main(String[] args) throws IOException {
        List<String> questions = AnswerSuiteTest.rows().stream().map(AnswerSuiteTest.Row::question).toList();
        List<String> texts = new ArrayList<>();
        for (String q : questions) {
            texts.addAll(spellings(q));
        }
        if (args.length > 1 && args[1].equals("wide")) {
            for (int i = 0; i < questions.size(); i++) {
                for (int k : new int[]{1, 7, 31, 77}) {
                    String joined = questions.get(i) + " " + questions.get((i + k) % questions.size());
                    texts.add(joined);
                    texts.add(joined.toLowerCase(Locale.ROOT));
                }
                String[] words = questions.get(i).split(" ");
                StringBuilder even = new StringBuilder();
                StringBuilder odd = new StringBuilder();
                for (int j = 0; j < words.length; j++) {
                    (j % 2 == 0 ? even : odd).append(words[j]).append(' ');
                }
                texts.add(even.toString());
                texts.add(odd.toString());
            }
        }
        AnswerEngine engine = new AnswerEngine(Knowledge.load());
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[0])))) {
            for (String text : texts) {
                for (boolean force : new boolean[]{false, true}) {
                    out.println(text.replace("\n", "\\n") + " | " + force + " => "
                            + engine.answer(text, force).toString().replace("\n", "\\n"));
                }
            }
        }
        System.out.println(texts.size() * 2 + " outcomes written to " + args[0]);
    }

    /** As written, lower case, upper case, Title Case, typographic apostrophes with tabs and outer spaces. */
    private static List<String> spellings(String q) {
        StringBuilder title = new StringBuilder();
        for (String w : q.split(" ")) {
            title.append(title.isEmpty() ? "" : " ").append(w.isEmpty() ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1));
        }
        return List.of(q, q.toLowerCase(Locale.ROOT), q.toUpperCase(Locale.ROOT), title.toString(),
                "  " + q.replace('\'', '\u2019').replace(" ", " \t ") + "  ");
    }
}
