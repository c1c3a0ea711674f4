package dev.contractkit.docstest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One fenced {@code java} block of the documentation, as the compiler gets it. A block that declares a type (a test
 * class with {@code @ContractMock}) is a compilation unit; a block that starts with a method (an annotation such as
 * {@code @Test}, or a modifier such as {@code static}) is a member of a class; any other block is statements, compiled as the body of a method that may throw. Either may begin with its own {@code import} lines. Both get {@link #IMPORTS}: the kit's API
 * packages, JUnit and AssertJ, imported on demand as an IDE would offer them, so a snippet shows only what it does.
 * Each block is placed in a package of its own, so two snippets may use the same names.
 *
 * @param file   the Markdown file, relative to the checkout
 * @param line   the line of the opening fence (1-based)
 * @param code   the block's lines, indentation removed
 * @param skip   the reason of a {@code <!-- docs-test: skip reason="..." -->} on the lines before it, or null
 */
record JavaSnippet(Path file, int line, String code, String skip) {
    /** What every snippet imports (the kit's public API, the JDK's usual packages, JUnit 5 and AssertJ). */
    static final List<String> IMPORTS = List.of(
            "java.io.*", "java.net.*", "java.nio.file.*", "java.time.*", "java.util.*", "java.util.concurrent.*",
            "java.util.stream.*",
            "dev.contractkit.sdk.*", "dev.contractkit.sdk.forms.*", "dev.contractkit.sdk.forms.model.*",
            "dev.contractkit.sdk.coupons.*", "dev.contractkit.sdk.coupons.model.*",
            "dev.contractkit.sdk.answers.*", "dev.contractkit.sdk.answers.model.*",
            "dev.contractkit.sdk.codehost.*", "dev.contractkit.sdk.codehost.v5.model.*",
            "dev.contractkit.sdk.exec.*", "dev.contractkit.sdk.exec.model.*", "dev.contractkit.sdk.runtime.*",
            "dev.contractkit.sdk.agent.*", "dev.contractkit.sdk.agent.model.CreatedPrincipal", "dev.contractkit.sdk.agent.model.Grant",
            "dev.contractkit.mock.*", "dev.contractkit.mock.junit.*", "dev.contractkit.specs.*",
            "dev.contractkit.conformance.*", "dev.contractkit.conformance.checks.*", "dev.contractkit.conformance.report.*",
            "okhttp3.OkHttpClient", "org.junit.jupiter.api.*", "static org.assertj.core.api.Assertions.*");
    private static final Pattern FENCE = Pattern.compile("^(\\s*)(```+)\\s*([^\\s`]*).*$");
    private static final Pattern SKIP = Pattern.compile("^\\s*<!--\\s*docs-test:\\s*skip\\b.*?reason=\"([^\"]*)\".*-->\\s*$");
    private static final Pattern COMMENT = Pattern.compile("^\\s*<!--.*-->\\s*$");
    private static final Pattern TYPE = Pattern.compile("(?m)^(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:public\\s+|final\\s+|abstract\\s+)*"
            + "(?:class|record|interface|enum)\\s+\\w+");
    private static final Pattern MEMBER = Pattern.compile("^(?:@\\w+.*|(?:(?:public|protected|private|static|final)\\s+)+"
            + "[\\w<>\\[\\], ?.]+\\s+\\w+\\s*\\(.*)$");
    private static final Pattern IMPORT = Pattern.compile("^import\\s+[\\w.*\\s]+;\\s*$");

    /** @return the {@code java} blocks of {@code file} (relative to {@code root}) in the order they appear */
    static List<JavaSnippet> of(Path root, Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<JavaSnippet> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).strip().equals(open.group(2))) {
                end++;
            }
            if (open.group(3).equals("java")) {
                StringBuilder code = new StringBuilder();
                String indent = open.group(1);
                for (String l : lines.subList(i + 1, Math.min(end, lines.size()))) {
                    code.append(l.startsWith(indent) ? l.substring(indent.length()) : l.stripLeading()).append('\n');
                }
                out.add(new JavaSnippet(file, i + 1, code.toString(), skipReason(lines, i)));
            }
            i = end;
        }
        return out;
    }

    /** The reason of a skip marker among the comment lines right before the fence ({@code <!-- compiled: ... -->} too). */
    private static String skipReason(List<String> lines, int fence) {
        for (int i = fence - 1; i >= 0 && (lines.get(i).isBlank() || COMMENT.matcher(lines.get(i)).matches()); i--) {
            Matcher skip = SKIP.matcher(lines.get(i));
            if (skip.matches()) {
                return skip.group(1);
            }
        }
        return null;
    }

    String where() {
        return file + ":" + line;
    }

    /** @return the package the snippet is compiled in, from its place ({@code snippet.sdk_README_md_24}) */
    String packageName() {
        return "snippet." + where().replaceAll("[^A-Za-z0-9]", "_");
    }

    /** @return the snippet as a compilation unit (the kit's imports on its first line) */
    String source() {
        List<String> imports = new ArrayList<>();
        List<String> body = new ArrayList<>();
        for (String l : code.lines().toList()) {
            if (body.isEmpty() && IMPORT.matcher(l.strip()).matches()) {
                imports.add(l.strip());
            } else if (!(body.isEmpty() && l.isBlank())) {
                body.add(l);
            }
        }
        StringBuilder out = new StringBuilder("package " + packageName() + ";");
        IMPORTS.forEach(i -> out.append(" import ").append(i).append(';'));
        imports.forEach(i -> out.append(' ').append(i));
        out.append('\n');
        if (TYPE.matcher(String.join("\n", body)).find()) {
            body.forEach(l -> out.append(l).append('\n'));
        } else if (!body.isEmpty() && MEMBER.matcher(body.get(0)).matches()) { // a (test) method: a member of a class
            out.append("final class Snippet {\n");
            body.forEach(l -> out.append(l).append('\n'));
            out.append("}\n");
        } else {
            out.append("final class Snippet { static void run() throws Throwable {\n");
            body.forEach(l -> out.append(l).append('\n'));
            out.append("} }\n");
        }
        return out.toString();
    }
}
