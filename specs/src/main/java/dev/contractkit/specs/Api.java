package dev.contractkit.specs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The catalogue of the kit's APIs: one id each, used everywhere (contract file, Java package, port, CLI flag).
 * Other modules take ports and contract files from here instead of hard-coding them.
 *
 * <pre>{@code
 * Api forms = Api.byId("forms").orElseThrow();
 * String yaml = forms.read(forms.openapi().get(0));   // the contract text
 * int port = forms.defaultPort();                      // 8081
 * }</pre>
 */
public enum Api {
    /** Payment forms (seed 001, B1). */
    FORMS("forms", "Payment forms", 8081, List.of("openapi/forms.yaml"), List.of()),
    /** Coupons (seed 001, B2): catalogue, admin writes, redemptions, real-time updates. */
    COUPONS("coupons", "Coupons", 8082, List.of("openapi/coupons.yaml"), List.of("asyncapi/coupon-updates.yaml")),
    /** Investment answers (seed 001, B3): questions in, Markdown answers out, per-key quota. */
    ANSWERS("answers", "Investment answers", 8083, List.of("openapi/answers.yaml"), List.of()),
    /** Data-analysis agent (seed 000, B): AG-UI 1.0 run stream over SSE, cancel, history, resources. */
    AGENT("agent", "Data-analysis agent", 8090, List.of("openapi/agent.yaml"), List.of("asyncapi/agent-events.yaml"));

    private static final String ROOT = "/contractkit/";

    private final String id;
    private final String title;
    private final int defaultPort;
    private final List<String> openapi;
    private final List<String> asyncapi;

    Api(String id, String title, int defaultPort, List<String> openapi, List<String> asyncapi) {
        this.id = id;
        this.title = title;
        this.defaultPort = defaultPort;
        this.openapi = openapi;
        this.asyncapi = asyncapi;
    }

    /** @return the stable id, e.g. {@code forms} */
    public String id() {
        return id;
    }

    /** @return a human title */
    public String title() {
        return title;
    }

    /** @return the port the reference server and the mock server use unless told otherwise */
    public int defaultPort() {
        return defaultPort;
    }

    /** @return the OpenAPI contract files, relative to the contracts root (e.g. {@code openapi/forms.yaml}) */
    public List<String> openapi() {
        return openapi;
    }

    /** @return the AsyncAPI contract files, relative to the contracts root */
    public List<String> asyncapi() {
        return asyncapi;
    }

    /** @return the main OpenAPI contract file of this API */
    public String mainContract() {
        return openapi.get(0);
    }

    /**
     * Reads a contract file shipped in this jar.
     *
     * @param file a path relative to the contracts root, e.g. {@code openapi/forms.yaml}
     * @return the file's text
     */
    public String read(String file) {
        return readContract(file);
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
     * Finds an API by id.
     *
     * @param id the id, case-insensitive
     * @return the API, or empty when the kit has none with that id
     */
    public static Optional<Api> byId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT).trim();
        return Arrays.stream(values()).filter(a -> a.id.equals(wanted)).findFirst();
    }

    /**
     * Parses a comma-separated list of ids; {@code all} or an empty text means every API.
     *
     * @param ids e.g. {@code forms,coupons}
     * @return the APIs in catalogue order
     * @throws IllegalArgumentException naming the unknown id and the known ones
     */
    public static List<Api> parseList(String ids) {
        if (ids == null || ids.isBlank() || ids.trim().equalsIgnoreCase("all")) {
            return List.of(values());
        }
        return Arrays.stream(ids.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(s -> byId(s).orElseThrow(() -> new IllegalArgumentException(
                        "unknown API '" + s + "'; known: " + knownIds())))
                .distinct()
                .toList();
    }

    /** @return the known ids, comma-separated */
    public static String knownIds() {
        return Arrays.stream(values()).map(Api::id).collect(Collectors.joining(", "));
    }
}
