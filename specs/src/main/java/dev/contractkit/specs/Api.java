package dev.contractkit.specs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.contractkit.specs.source.DocumentReader;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An API the kit serves, mocks or checks: an id, a title, a default port and its contract files.
 * The kit's own APIs come from the catalogue {@code specs/apis.yaml} (packaged as {@code contractkit/apis.yaml});
 * adding an API is adding its contract files and one entry there, no Java edit. Any other document becomes an
 * {@code Api} with {@link #fromFiles}: the mock serves it and the conformance suite checks it the same way.
 * Two APIs are equal when their ids are; they sort in catalogue order, documents on disk after, by id.
 *
 * <pre>{@code
 * Api forms = Api.byId("forms").orElseThrow();
 * String yaml = forms.read(forms.mainContract());     // the contract text
 * int port = forms.defaultPort();                      // 8081
 * Api pets = Api.fromFiles("petstore", List.of(Path.of("petstore.yaml")), List.of(), 8080);
 * }</pre>
 */
public final class Api implements Comparable<Api> {
    /** Where the catalogue and the contract files live on the classpath. */
    private static final String ROOT = "/contractkit/";
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]*");
    private static final List<Api> CATALOGUE = loadCatalogue();

    // The kit's own APIs that Java code refers to by name (the reference server's modules, tests, examples).
    // A new API needs no constant: byId(...) and values() find it.
    /** Payment forms. */
    public static final Api FORMS = known("forms");
    /** Coupons: catalogue, admin writes, redemptions, real-time updates. */
    public static final Api COUPONS = known("coupons");
    /** Investment answers: questions in, Markdown answers out, per-key quota. */
    public static final Api ANSWERS = known("answers");
    /** Code-hosting REST API: v4 and v5 side by side under /api/v4 and /api/v5. */
    public static final Api CODEHOST = known("codehost");
    /** Execution control plane: adapter.v1 endpoints, task graphs, cancel. */
    public static final Api EXEC = known("exec");
    /** Runtime service: runs runtime.* actions as processes; readyz, tasks, kill. */
    public static final Api RUNTIME = known("runtime");
    /** Data-analysis agent: AG-UI 1.0 run stream over SSE, cancel, history, resources. */
    public static final Api AGENT = known("agent");
    /** Anthropic Claude subscription usage (OAuth), mock only. */
    public static final Api CLAUDE = known("claude");
    /** Kimi (Moonshot) coding plan usage, mock only. */
    public static final Api KIMI = known("kimi");

    /** OpenAI-compatible chat completions (the agent's model profiles call it), mock only. */
    public static final Api CHAT_COMPLETIONS = known("chat-completions");

    /** A family of APIs the kit only mocks (no reference implementation); its id selects all of them. */
    public enum Group {
        /** Not in a group: one of the kit's own APIs, or a document given on the command line. */
        NONE(""),
        /** The AI providers' usage endpoints read by {@code quotas}. */
        PROVIDERS("providers"),
        /** The model providers' APIs the agent's model profiles call (OpenAI-compatible chat completions). */
        MODELS("models");

        private final String id;

        Group(String id) {
            this.id = id;
        }

        /** @return the group's id, e.g. {@code providers} */
        public String id() {
            return id;
        }

        static Group of(String id) {
            return Arrays.stream(values()).filter(g -> g.id.equals(id)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("unknown group '" + id + "'; known: providers, models"));
        }
    }

    private final String id;
    private final String title;
    private final int defaultPort;
    private final List<String> openapi;
    private final List<String> asyncapi;
    private final Group group;
    /** Null for the catalogue's APIs (files on the classpath); the directory files are relative to otherwise. */
    private final Path base;

    private Api(String id, String title, int defaultPort, List<String> openapi, List<String> asyncapi, Group group,
                Path base) {
        this.id = id;
        this.title = title;
        this.defaultPort = defaultPort;
        this.openapi = List.copyOf(openapi);
        this.asyncapi = List.copyOf(asyncapi);
        this.group = group;
        this.base = base;
    }

    /**
     * An API made of documents on disk, not in the catalogue: what {@code ./kit mock --spec} and
     * {@code ./kit conform --spec} serve and check.
     *
     * @param id       a short id for messages and reports (lower case letters, digits, dashes)
     * @param openapi  OpenAPI 3.0/3.1 files (may be empty when {@code asyncapi} is not)
     * @param asyncapi AsyncAPI files
     * @param port     the port to serve it on unless told otherwise (0: any free port)
     * @return the API
     * @throws IllegalArgumentException when a file does not exist or no file is given
     */
    public static Api fromFiles(String id, List<Path> openapi, List<Path> asyncapi, int port) {
        if (openapi.isEmpty() && asyncapi.isEmpty()) {
            throw new IllegalArgumentException("no contract file given for '" + id + "'");
        }
        for (Path p : concat(openapi, asyncapi)) {
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("no contract file " + p);
            }
        }
        return new Api(id, id, port, absolute(openapi), absolute(asyncapi), Group.NONE, Path.of("/"));
    }

    /**
     * An id for a document file: its name without the extension, lower case, other characters as dashes
     * ({@code v3.0-petstore.yaml} becomes {@code v3-0-petstore}).
     *
     * @param file a contract file
     * @return an id {@link #fromFiles} accepts
     */
    public static String idOf(Path file) {
        String name = file.getFileName().toString().replaceFirst("\\.(ya?ml|json)$", "");
        String id = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return id.isEmpty() || !Character.isLetter(id.charAt(0)) ? "api-" + id : id;
    }

    /** @return the stable id, e.g. {@code forms} */
    public String id() {
        return id;
    }

    /** @return the group this API belongs to ({@link Group#NONE} for the kit's own APIs and documents on disk) */
    public Group group() {
        return group;
    }

    /** @return true when only the mock server serves this API (a third party's API, e.g. an AI provider's) */
    public boolean mockOnly() {
        return group != Group.NONE;
    }

    /** @return true for an API of the catalogue, false for documents given on the command line */
    public boolean inCatalogue() {
        return base == null;
    }

    /** @return the catalogue's APIs in catalogue order */
    public static List<Api> values() {
        return CATALOGUE;
    }

    /** @return the APIs of one group, in catalogue order */
    public static List<Api> inGroup(Group group) {
        return CATALOGUE.stream().filter(a -> a.group == group).toList();
    }

    /** @return a human title */
    public String title() {
        return title;
    }

    /** @return the port the reference server and the mock server use unless told otherwise */
    public int defaultPort() {
        return defaultPort;
    }

    /**
     * @return the OpenAPI contract files: relative to the contracts root for the catalogue's APIs
     * (e.g. {@code openapi/forms.yaml}), absolute paths for documents on disk
     */
    public List<String> openapi() {
        return openapi;
    }

    /** @return the AsyncAPI contract files, as {@link #openapi()} names them */
    public List<String> asyncapi() {
        return asyncapi;
    }

    /** @return the main OpenAPI contract file of this API */
    public String mainContract() {
        if (openapi.isEmpty()) {
            throw new IllegalStateException("API '" + id + "' has no OpenAPI document");
        }
        return openapi.get(0);
    }

    /**
     * Reads one of this API's contract files.
     *
     * @param file one of {@link #openapi()} or {@link #asyncapi()}
     * @return the file's text; for a document on disk, as {@link DocumentReader} gives it (a Swagger 2.0 or
     * multi-file document converted and bundled into one OpenAPI 3.0 document)
     * @throws IllegalArgumentException when a document on disk cannot be read
     */
    public String read(String file) {
        if (base == null) {
            return readContract(file);
        }
        return DocumentReader.read(base.resolve(file)).text();
    }

    /**
     * {@link #read(String)} as UTF-8 bytes, without a String of the text in between (a big document's String takes
     * twice its UTF-8 size when it holds a character beyond Latin-1).
     *
     * @param file one of {@link #openapi()} or {@link #asyncapi()}
     * @return the text as {@link #read(String)} gives it, UTF-8
     * @throws IllegalArgumentException when a document on disk cannot be read
     */
    public byte[] readUtf8(String file) {
        if (base == null) {
            return readContract(file).getBytes(StandardCharsets.UTF_8);
        }
        return DocumentReader.utf8(base.resolve(file));
    }

    /**
     * Reads any contract file shipped in this jar.
     *
     * @param file a path relative to the contracts root
     * @return the file's text
     * @throws IllegalArgumentException when there is no such file
     */
    public static String readContract(String file) {
        try (InputStream in = Api.class.getResourceAsStream(ROOT + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no contract file " + file + " on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Finds an API of the catalogue by id.
     *
     * @param id the id, case-insensitive
     * @return the API, or empty when the kit has none with that id
     */
    public static Optional<Api> byId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT).trim();
        return CATALOGUE.stream().filter(a -> a.id.equals(wanted)).findFirst();
    }

    /**
     * Parses a comma-separated list of ids; {@code all} or an empty text means every API; a group id
     * ({@code providers}) means every API of that group.
     *
     * @param ids e.g. {@code forms,coupons} or {@code providers}
     * @return the APIs in catalogue order
     * @throws IllegalArgumentException naming the unknown id and the known ones
     */
    public static List<Api> parseList(String ids) {
        if (ids == null || ids.isBlank() || ids.trim().equalsIgnoreCase("all")) {
            return CATALOGUE;
        }
        return Arrays.stream(ids.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .flatMap(Api::selectedBy)
                .distinct()
                .toList();
    }

    private static Stream<Api> selectedBy(String word) {
        Optional<Group> group = Arrays.stream(Group.values())
                .filter(g -> g != Group.NONE && g.id().equalsIgnoreCase(word)).findFirst();
        if (group.isPresent()) {
            return inGroup(group.get()).stream();
        }
        return Stream.of(byId(word).orElseThrow(() -> new IllegalArgumentException(
                "unknown API '" + word + "'; known: " + knownIds() + ", providers")));
    }

    /** @return the known ids, comma-separated */
    public static String knownIds() {
        return CATALOGUE.stream().map(Api::id).collect(Collectors.joining(", "));
    }

    @Override
    public int compareTo(Api other) {
        int byPlace = Integer.compare(place(), other.place());
        return byPlace != 0 ? byPlace : id.compareTo(other.id);
    }

    private int place() {
        int i = CATALOGUE.indexOf(this);
        return i < 0 ? Integer.MAX_VALUE : i;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Api other && other.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    /** @return the id */
    @Override
    public String toString() {
        return id;
    }

    private static Api known(String id) {
        return byId(id).orElseThrow(() -> new IllegalStateException("the catalogue contractkit/apis.yaml has no '"
                + id + "'"));
    }

    private static List<Api> loadCatalogue() {
        try (InputStream in = Api.class.getResourceAsStream(ROOT + "apis.yaml")) {
            if (in == null) {
                throw new IllegalStateException("no catalogue " + ROOT + "apis.yaml on the classpath");
            }
            return parseCatalogue(new ObjectMapper(new YAMLFactory()).readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the catalogue apis.yaml: " + e.getMessage(), e);
        }
    }

    /**
     * Reads catalogue entries ({@code specs/apis.yaml}'s shape).
     *
     * @param entries the YAML list
     * @return the APIs in order
     * @throws IllegalArgumentException naming the entry and the field when one is missing, mistyped or repeated
     */
    static List<Api> parseCatalogue(JsonNode entries) {
        if (entries == null || !entries.isArray()) {
            throw new IllegalArgumentException("apis.yaml: expected a list of APIs");
        }
        List<Api> apis = new ArrayList<>();
        for (JsonNode e : entries) {
            String id = text(e, "id", "?");
            if (!ID.matcher(id).matches()) {
                throw new IllegalArgumentException("apis.yaml: id '" + id + "' must be lower case letters, digits, dashes");
            }
            if (apis.stream().anyMatch(a -> a.id.equals(id))) {
                throw new IllegalArgumentException("apis.yaml: id '" + id + "' appears twice");
            }
            e.fieldNames().forEachRemaining(f -> {
                if (!List.of("id", "title", "port", "openapi", "asyncapi", "group").contains(f)) {
                    throw new IllegalArgumentException("apis.yaml: '" + id + "' has unknown field '" + f
                            + "' (known: id, title, port, openapi, asyncapi, group)");
                }
            });
            JsonNode port = e.path("port");
            if (!port.canConvertToInt() || port.asInt() < 1 || port.asInt() > 65535) {
                throw new IllegalArgumentException("apis.yaml: '" + id + "' needs a port between 1 and 65535");
            }
            List<String> openapi = files(e, "openapi", id);
            if (openapi.isEmpty()) {
                throw new IllegalArgumentException("apis.yaml: '" + id + "' needs at least one openapi file");
            }
            Group group = e.has("group") ? Group.of(text(e, "group", id)) : Group.NONE;
            apis.add(new Api(id, text(e, "title", id), port.asInt(), openapi, files(e, "asyncapi", id), group, null));
        }
        return List.copyOf(apis);
    }

    private static String text(JsonNode e, String field, String id) {
        JsonNode v = e.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException("apis.yaml: '" + id + "' needs a text field '" + field + "'");
        }
        return v.asText();
    }

    private static List<String> files(JsonNode e, String field, String id) {
        JsonNode v = e.path(field);
        if (v.isMissingNode()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw new IllegalArgumentException("apis.yaml: '" + id + "' field '" + field + "' must be a list of files");
        }
        List<String> out = new ArrayList<>();
        v.forEach(f -> out.add(Objects.requireNonNull(f.textValue(), field)));
        return out;
    }

    private static List<String> absolute(List<Path> files) {
        return files.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList();
    }

    private static List<Path> concat(List<Path> a, List<Path> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }
}
