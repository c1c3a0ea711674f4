package dev.contractkit.docstest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.FileVisitResult;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced shell blocks of the kit's documentation: {@code README.md}, every other {@code README.md} of the checkout
 * and every Markdown file under {@code docs/}. A fence with no info string, or {@code sh}, {@code bash}, {@code shell},
 * {@code console}, is a shell block; output and other languages say so ({@code text}, {@code java}, {@code json}, ...).
 */
final class DocBlocks {
    static final Set<String> SHELL = Set.of("", "sh", "bash", "shell", "console", "zsh");
    private static final Pattern FENCE = Pattern.compile("^(\\s*)(```+)\\s*([^\\s`]*).*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*docs-test:\\s*(\\S+)(.*?)-->\\s*$");
    private static final Pattern ATTRIBUTE = Pattern.compile("([a-z-]+)=(?:\"([^\"]*)\"|(\\S+))");
    private static final Set<String> PRUNED = Set.of("target", "node_modules", ".git", "data", ".mvn");

    private DocBlocks() {
    }

    /** @return the documentation files of the checkout at {@code root}, relative to it, sorted */
    static List<Path> files(Path root) {
        List<Path> files = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    return PRUNED.contains(dir.getFileName().toString()) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    Path relative = root.relativize(file);
                    if (relative.toString().endsWith(".md")
                            && (relative.getFileName().toString().equals("README.md") || relative.startsWith("docs"))) {
                        files.add(relative);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        files.sort(Comparator.comparing(Path::toString));
        return files;
    }

    /** @return the shell blocks of {@code file} (relative to {@code root}) in the order they appear */
    static List<DocBlock> shellBlocks(Path root, Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(root.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<DocBlock> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String indent = open.group(1);
            String fence = open.group(2);
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).strip().equals(fence)) {
                end++;
            }
            if (SHELL.contains(open.group(3))) {
                StringBuilder script = new StringBuilder();
                for (String l : lines.subList(i + 1, Math.min(end, lines.size()))) {
                    script.append(l.startsWith(indent) ? l.substring(indent.length()) : l.stripLeading()).append('\n');
                }
                String action = null;
                Map<String, String> options = new LinkedHashMap<>();
                int before = i - 1;
                while (before >= 0 && lines.get(before).isBlank()) {
                    before--;
                }
                Matcher marker = before >= 0 ? MARKER.matcher(lines.get(before)) : null;
                if (marker != null && marker.matches()) {
                    action = marker.group(1);
                    Matcher a = ATTRIBUTE.matcher(marker.group(2));
                    while (a.find()) {
                        options.put(a.group(1), a.group(2) != null ? a.group(2) : a.group(3));
                    }
                }
                blocks.add(new DocBlock(file, i + 1, script.toString(), action, options, nextBlock(lines, end + 1)));
            }
            i = end;
        }
        return blocks;
    }

    private static String nextBlock(List<String> lines, int from) {
        for (int i = from; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (open.matches()) {
                StringBuilder text = new StringBuilder();
                for (int j = i + 1; j < lines.size() && !lines.get(j).strip().equals(open.group(2)); j++) {
                    text.append(lines.get(j)).append('\n');
                }
                return text.toString();
            }
        }
        return null;
    }

    static List<DocBlock> all(Path root) {
        List<DocBlock> all = new ArrayList<>();
        files(root).forEach(f -> all.addAll(shellBlocks(root, f)));
        return all;
    }
}
