package dev.contractkit.sdk.apidump;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What changed between two {@link ApiDump} texts, per class: classes removed and added, a class whose declaration
 * changed, and its members removed, added and changed (a member is changed when a removed and an added one have the
 * same name: a method with another signature, a field of another type, a new {@code @Deprecated} mark). Lines
 * starting with {@code #} are comments.
 */
public final class ApiDiff {
    private static final Pattern CLASS_NAME = Pattern.compile("(?:class|interface|enum|record|@interface) ([\\w.$]+)");
    private static final Pattern MEMBER_NAME = Pattern.compile("([\\w$]+)(?:\\(|$)");

    private ApiDiff() {
    }

    /**
     * @param baseline the committed API text
     * @param current  the API text of the compiled classes
     * @return one line per difference, empty when the two describe the same API
     */
    public static List<String> between(String baseline, String current) {
        Map<String, Block> old = parse(baseline);
        Map<String, Block> now = parse(current);
        List<String> out = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(old.keySet());
        names.addAll(now.keySet());
        for (String name : names) {
            Block before = old.get(name);
            Block after = now.get(name);
            if (after == null) {
                out.add("removed class   " + before.header);
            } else if (before == null) {
                out.add("added class     " + after.header);
            } else {
                compare(before, after, out);
            }
        }
        return out;
    }

    private static void compare(Block before, Block after, List<String> out) {
        if (!before.header.equals(after.header)) {
            out.add("changed class   " + before.header);
            out.add("             -> " + after.header);
        }
        List<String> removed = new ArrayList<>(before.members);
        removed.removeAll(after.members);
        List<String> added = new ArrayList<>(after.members);
        added.removeAll(before.members);
        String in = "  in " + after.name;
        for (String r : removed) {
            String match = added.stream().filter(a -> memberName(a).equals(memberName(r))).findFirst().orElse(null);
            if (match != null) {
                added.remove(match);
                out.add("changed member  " + r + in);
                out.add("             -> " + match);
            } else {
                out.add("removed member  " + r + in);
            }
        }
        added.forEach(a -> out.add("added member    " + a + in));
    }

    private static String memberName(String line) {
        String member = line.replaceFirst("^@Deprecated(\\(forRemoval=true\\))? ", "");
        String head = member.contains("(") ? member.substring(0, member.indexOf('(') + 1) : member;
        Matcher m = MEMBER_NAME.matcher(head);
        String name = "";
        while (m.find()) {
            name = m.group(1);
        }
        return name;
    }

    private static Map<String, Block> parse(String text) {
        Map<String, Block> blocks = new LinkedHashMap<>();
        Block block = null;
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (line.equals("}")) {
                block = null;
            } else if (block == null) {
                String header = line.endsWith(" {") ? line.substring(0, line.length() - 2) : line;
                Matcher m = CLASS_NAME.matcher(header);
                if (!m.find()) {
                    throw new IllegalArgumentException("not a class declaration of an API text: " + line);
                }
                block = new Block(m.group(1), header, new ArrayList<>());
                blocks.put(block.name, block);
            } else {
                block.members.add(line.strip());
            }
        }
        return blocks;
    }

    private record Block(String name, String header, List<String> members) {
    }
}
