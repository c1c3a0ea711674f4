package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a document's {@code x-kit-*} keys against the registry ({@link Keyword}): an unknown key (with the
 * registered key it is closest to, when it looks like a typo), a key in a place it does not belong, a value of the
 * wrong type. Each problem names the JSON pointer of the key.
 *
 * <pre>{@code
 * List<DialectCheck.Problem> problems = DialectCheck.check(doc.root());
 * }</pre>
 */
public final class DialectCheck {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");
    /** Edits at most that make an unknown key a near miss of a registered one. */
    private static final int NEAR = 3;

    private DialectCheck() {
    }

    /**
     * One problem with a kit key.
     *
     * @param pointer JSON pointer of the key, e.g. {@code /paths/~1coupons/get/x-kit-rate-limit-categry}
     * @param key     the key
     * @param message what is wrong
     * @param value   the value as JSON text
     */
    public record Problem(String pointer, String key, String message, String value) {
    }

    /**
     * @param root a document's root (OpenAPI or AsyncAPI)
     * @return every problem with its kit keys; empty when they are all known, in place and well typed
     */
    public static List<Problem> check(JsonNode root) {
        List<Problem> out = new ArrayList<>();
        walk(root, new ArrayList<>(), out);
        return out;
    }

    private static void walk(JsonNode node, List<String> path, List<Problem> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().startsWith(Keyword.PREFIX)) {
                    judge(e.getKey(), e.getValue(), path, out);
                }
                path.add(e.getKey());
                walk(e.getValue(), path, out);
                path.remove(path.size() - 1);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                path.add(Integer.toString(i));
                walk(node.get(i), path, out);
                path.remove(path.size() - 1);
            }
        }
    }

    private static void judge(String key, JsonNode value, List<String> path, List<Problem> out) {
        String pointer = pointer(path) + "/" + escape(key);
        Optional<Keyword> known = Keyword.of(key);
        if (known.isEmpty()) {
            out.add(new Problem(pointer, key, "unknown kit key " + key + nearest(key)
                    .map(k -> " (did you mean " + k + "?)").orElse(" (docs/contract-dialect.md lists the keys)"),
                    value.toString()));
            return;
        }
        Keyword k = known.get();
        Keyword.Place place = placeOf(path);
        if (!k.places().contains(place)) {
            out.add(new Problem(pointer, key, key + " does not belong on " + words(place) + "; it goes on "
                    + String.join(" or ", k.places().stream().map(DialectCheck::words).toList()), value.toString()));
        } else if (!k.type().accepts(value)) {
            out.add(new Problem(pointer, key, key + " must be " + k.type().description(), value.toString()));
        }
    }

    /** @return where an object at this path stands in an OpenAPI document */
    static Keyword.Place placeOf(List<String> path) {
        int n = path.size();
        if (n == 0) {
            return Keyword.Place.DOCUMENT;
        }
        boolean underPaths = path.get(0).equals("paths");
        boolean components = path.get(0).equals("components");
        if (components && n >= 3 && path.get(1).equals("schemas")
                || path.subList(underPaths ? Math.min(2, n) : 0, n).stream()
                        .anyMatch(s -> s.equals("schema") || s.equals("payload"))) {
            return Keyword.Place.SCHEMA;
        }
        if (n == 1 && path.get(0).equals("info")) {
            return Keyword.Place.INFO;
        }
        if (underPaths && n == 3 && METHODS.contains(path.get(2))) {
            return Keyword.Place.OPERATION;
        }
        if (underPaths && n == 5 && path.get(3).equals("responses")
                || components && n == 3 && path.get(1).equals("responses")) {
            return Keyword.Place.RESPONSE;
        }
        if (components && n == 3 && path.get(1).equals("securitySchemes")) {
            return Keyword.Place.SECURITY_SCHEME;
        }
        return Keyword.Place.OTHER;
    }

    private static String words(Keyword.Place place) {
        return switch (place) {
            case DOCUMENT -> "the document's root";
            case INFO -> "info";
            case OPERATION -> "an operation";
            case RESPONSE -> "a response";
            case SCHEMA -> "a schema";
            case SECURITY_SCHEME -> "a security scheme";
            case OTHER -> "this place";
        };
    }

    /** @return the registered key nearest to an unknown one, when it is a near miss */
    static Optional<String> nearest(String key) {
        return Arrays.stream(Keyword.values()).map(Keyword::key)
                .min(Comparator.comparingInt(k -> distance(k, key)))
                .filter(k -> distance(k, key) <= NEAR);
    }

    /** Levenshtein distance (insertions, deletions, substitutions). */
    static int distance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    private static String pointer(List<String> path) {
        StringBuilder b = new StringBuilder();
        path.forEach(s -> b.append('/').append(escape(s)));
        return b.toString();
    }

    private static String escape(String segment) {
        return segment.replace("~", "~0").replace("/", "~1");
    }
}
