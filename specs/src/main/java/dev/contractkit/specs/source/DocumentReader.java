package dev.contractkit.specs.source;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one reader of documents given as files, shared by the mock, the conformance suite and the SDK generator.
 * It takes a document however it is written and gives back text every tool of the kit reads:
 * <ul>
 *   <li>JSON, minified or indented, and YAML, of any size that fits in memory ({@link Trees});</li>
 *   <li>OpenAPI 3.0 and 3.1 and AsyncAPI 2.x/3.x as they are;</li>
 *   <li>Swagger 2.0, converted to OpenAPI 3.0 with swagger-parser's converter;</li>
 *   <li>an OpenAPI or Swagger document whose {@code $ref}s point into other files (relative paths), bundled
 *       into one document with swagger-parser (the other files' parts become components).</li>
 * </ul>
 * What was done to a document is said in {@link Source#notes()}, one line each, for the tools to print.
 * Reads are kept per file (path, size and modification time), so the tools that read one document several times
 * convert it once; what is kept is small: the kind and notes, and the text only of a converted or bundled document
 * (as UTF-8), a document read as it is being read from its file again.
 *
 * <pre>{@code
 * Source doc = DocumentReader.read(Path.of("petstore-swagger2.json"));
 * doc.kind();    // OPENAPI
 * doc.notes();   // [converted from Swagger 2.0 to OpenAPI 3.0 (swagger-parser's converter)]
 * doc.text();    // OpenAPI 3.0 JSON
 * }</pre>
 */
public final class DocumentReader {
    private static final int KEPT = 16;
    private static final Map<Key, Kept> READ = new LinkedHashMap<>(KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Kept> eldest) {
            return size() > KEPT;
        }
    };

    private DocumentReader() {
    }

    /** What kind of document a file holds. */
    public enum Kind {
        /** OpenAPI 3.0/3.1 (Swagger 2.0 is converted to it). */
        OPENAPI,
        /** AsyncAPI 2.x/3.x. */
        ASYNCAPI
    }

    /**
     * A document ready for the kit's tools.
     *
     * @param file  the file it was read from
     * @param kind  OpenAPI or AsyncAPI
     * @param text  the document: the file's text, or OpenAPI 3.0 JSON when it was converted or bundled
     * @param notes what was done to it (empty when nothing was), one line each
     */
    public record Source(Path file, Kind kind, String text, List<String> notes) {
        /** @return true when the text is not the file's own (converted or bundled) */
        public boolean rewritten() {
            return !notes.isEmpty();
        }
    }

    /**
     * @param file a document on disk
     * @return the document, converted or bundled where needed
     * @throws IllegalArgumentException naming the file and what is wrong with it (missing, unreadable, not JSON
     *                                  or YAML, neither OpenAPI, Swagger 2.0 nor AsyncAPI, a conversion that failed)
     */
    public static Source read(Path file) {
        Kept kept = kept(file);
        return new Source(file, kept.kind(), kept.utf8() == null ? readText(file)
                : new String(kept.utf8(), StandardCharsets.UTF_8), kept.notes());
    }

    /**
     * {@link #read(Path)}'s text as UTF-8 bytes, without a String of it in between: a document read as it is comes
     * from its file again (a big document's String is twice its UTF-8 bytes when it holds a character beyond Latin-1).
     * The array is the caller's.
     *
     * @param file a document on disk
     * @return the document's text, converted or bundled where needed, as UTF-8
     * @throws IllegalArgumentException as {@link #read(Path)}
     */
    public static byte[] utf8(Path file) {
        Kept kept = kept(file);
        return kept.utf8() == null ? fileBytes(file) : kept.utf8().clone();
    }

    /**
     * What {@link #read(Path)} did to a document ({@link Source#notes()}), without its text.
     *
     * @param file a document on disk
     * @return the notes, empty when the document was read as it is
     * @throws IllegalArgumentException as {@link #read(Path)}
     */
    public static List<String> notes(Path file) {
        return kept(file).notes();
    }

    private static Kept kept(Path file) {
        Key key = Key.of(file);
        Kept kept;
        synchronized (READ) {
            kept = READ.get(key);
        }
        if (kept == null) {
            kept = readFresh(file);
            synchronized (READ) {
                READ.put(key, kept);
            }
        }
        return kept;
    }

    /** What is kept of a read: the text only when it is not the file's own (converted, bundled). */
    private record Kept(Kind kind, byte[] utf8, List<String> notes) {
    }

    private static String readText(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        return text;
    }

    /** The file's bytes without a UTF-8 byte-order mark. */
    private static byte[] fileBytes(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
        boolean bom = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF;
        return bom ? Arrays.copyOfRange(bytes, 3, bytes.length) : bytes;
    }

    private static IllegalArgumentException cannotRead(Path file, IOException e) {
        return new IllegalArgumentException(file + ": cannot read it (" + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
    }

    private static Kept readFresh(Path file) {
        byte[] bytes = fileBytes(file);
        JsonNode root;
        Boolean externalRef = null;
        String text = null;
        try {
            if (Trees.isJson(bytes)) { // JSON is read as a stream: no tree, no String of what may be a very big document
                Outline outline = Outline.of(bytes);
                root = outline.top();
                externalRef = outline.externalRef();
            } else {
                text = readText(file);
                root = Trees.parse(text);
            }
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": neither JSON nor YAML (" + firstLine(e.getMessage()) + ")", e);
        }
        bytes = null;
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": not a JSON or YAML object (an OpenAPI, Swagger 2.0 or"
                    + " AsyncAPI document is one)");
        }
        if (root.has("asyncapi")) {
            return new Kept(Kind.ASYNCAPI, null, List.of());
        }
        boolean external = externalRef != null ? externalRef : hasExternalRef(root);
        if (root.has("swagger")) {
            String version = root.path("swagger").asText();
            if (!version.startsWith("2.")) {
                throw new IllegalArgumentException(file + ": Swagger " + version + " is not read (Swagger 2.0 is)");
            }
            return converted(Conversion.swagger2(file, text != null ? text : readText(file), root, external));
        }
        if (root.has("swaggerVersion")) {
            throw new IllegalArgumentException(file + ": a Swagger 1.x document (swaggerVersion "
                    + root.path("swaggerVersion").asText() + "); convert it to OpenAPI first");
        }
        if (!root.has("openapi")) {
            throw new IllegalArgumentException(file + ": neither an OpenAPI document (no top-level 'openapi' key),"
                    + " a Swagger 2.0 one ('swagger') nor an AsyncAPI one ('asyncapi')");
        }
        String version = root.path("openapi").asText("");
        if (!version.startsWith("3.0") && !version.startsWith("3.1")) {
            throw new IllegalArgumentException(file + ": OpenAPI " + version + " is not read (3.0 and 3.1 are)");
        }
        return external ? converted(Conversion.bundle(file, version)) : new Kept(Kind.OPENAPI, null, List.of());
    }

    private static Kept converted(Conversion.Converted converted) {
        return new Kept(Kind.OPENAPI, converted.json().getBytes(StandardCharsets.UTF_8), converted.notes());
    }

    /** @return true when some {@code $ref} points outside the document (another file or a URL) */
    static boolean hasExternalRef(JsonNode root) {
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            JsonNode node = todo.pop();
            if (node.isObject()) {
                JsonNode ref = node.get("$ref");
                if (ref != null && ref.isTextual() && !ref.asText().startsWith("#")) {
                    return true;
                }
            }
            if (node.isContainerNode()) {
                node.forEach(todo::push);
            }
        }
        return false;
    }

    static String firstLine(String message) {
        if (message == null) {
            return "no detail";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private record Key(Path file, long size, FileTime modified) {
        static Key of(Path file) {
            Path absolute = file.toAbsolutePath().normalize();
            try {
                return new Key(absolute, Files.size(absolute), Files.getLastModifiedTime(absolute));
            } catch (IOException e) {
                throw new IllegalArgumentException(file + ": cannot read it (" + (Files.exists(absolute)
                        ? e.getClass().getSimpleName() : "no such file") + ")", e);
            }
        }
    }
}
