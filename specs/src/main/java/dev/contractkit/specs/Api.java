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
    /** Code-hosting REST API (seed 002, C2): v4 and v5 side by side under /api/v4 and /api/v5. */
    CODEHOST("codehost", "Code hosting REST v4 + v5", 8084,
            List.of("openapi/codehost-v4.yaml", "openapi/codehost-v5.yaml"), List.of()),
    /** Execution control plane (seed 000, A): adapter.v1 endpoints, task graphs, cancel. */
    EXEC("exec", "Execution control plane", 8080, List.of("openapi/exec.yaml"), List.of()),
    /** Runtime service (seed 000, A): runs runtime.* actions as processes; readyz, tasks, kill. */
    RUNTIME("runtime", "Runtime service", 18080, List.of("openapi/runtime.yaml"), List.of()),
    /** Data-analysis agent (seed 000, B): AG-UI 1.0 run stream over SSE, cancel, history, resources. */
    AGENT("agent", "Data-analysis agent", 8090, List.of("openapi/agent.yaml"), List.of("asyncapi/agent-events.yaml")),

    // The eleven AI providers' usage endpoints that the quotas CLI reads (seed 002, C1): group "providers",
    // one entry per provider (each is a different vendor's host with its own contract and auth), mock only.
    /** Anthropic Claude subscription usage (OAuth). */
    CLAUDE("claude", "Claude usage", 8101, List.of("openapi/providers/claude.yaml"), List.of(), Group.PROVIDERS),
    /** OpenAI Codex / ChatGPT plan usage. */
    CODEX("codex", "Codex usage", 8102, List.of("openapi/providers/codex.yaml"), List.of(), Group.PROVIDERS),
    /** Cursor plan and period usage. */
    CURSOR("cursor", "Cursor usage", 8103, List.of("openapi/providers/cursor.yaml"), List.of(), Group.PROVIDERS),
    /** DeepSeek balance. */
    DEEPSEEK("deepseek", "DeepSeek balance", 8104, List.of("openapi/providers/deepseek.yaml"), List.of(), Group.PROVIDERS),
    /** Google Gemini Code Assist quota. */
    GEMINI("gemini", "Gemini quota", 8105, List.of("openapi/providers/gemini.yaml"), List.of(), Group.PROVIDERS),
    /** GitHub Copilot entitlements. */
    GITHUB_COPILOT("github-copilot", "GitHub Copilot quota", 8106, List.of("openapi/providers/github-copilot.yaml"),
            List.of(), Group.PROVIDERS),
    /** Kimi (Moonshot) coding plan usage, balance as fallback. */
    KIMI("kimi", "Kimi usage", 8107, List.of("openapi/providers/kimi.yaml"), List.of(), Group.PROVIDERS),
    /** MiniMax coding plan. */
    MINIMAX("minimax", "MiniMax coding plan", 8108, List.of("openapi/providers/minimax.yaml"), List.of(), Group.PROVIDERS),
    /** OpenRouter key limits and credits. */
    OPENROUTER("openrouter", "OpenRouter credits", 8109, List.of("openapi/providers/openrouter.yaml"), List.of(),
            Group.PROVIDERS),
    /** SiliconFlow balance. */
    SILICONFLOW("siliconflow", "SiliconFlow balance", 8110, List.of("openapi/providers/siliconflow.yaml"), List.of(),
            Group.PROVIDERS),
    /** Z.ai (Zhipu) coding plan quota. */
    ZAI("zai", "Z.ai quota", 8111, List.of("openapi/providers/zai.yaml"), List.of(), Group.PROVIDERS);

    /** A family of APIs the kit only mocks (no reference implementation); its id selects all of them. */
    public enum Group {
        /** Not in a group: served by the reference server too. */
        NONE(""),
        /** The AI providers' usage endpoints read by {@code quotas}. */
        PROVIDERS("providers");

        private final String id;

        Group(String id) {
            this.id = id;
        }

        /** @return the group's id, e.g. {@code providers} */
        public String id() {
            return id;
        }
    }

    private static final String ROOT = "/contractkit/";

    private final String id;
    private final String title;
    private final int defaultPort;
    private final List<String> openapi;
    private final List<String> asyncapi;
    private final Group group;

    Api(String id, String title, int defaultPort, List<String> openapi, List<String> asyncapi) {
        this(id, title, defaultPort, openapi, asyncapi, Group.NONE);
    }

    Api(String id, String title, int defaultPort, List<String> openapi, List<String> asyncapi, Group group) {
        this.group = group;
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

    /** @return the group this API belongs to ({@link Group#NONE} for the kit's own APIs) */
    public Group group() {
        return group;
    }

    /** @return true when only the mock server serves this API (a third party's API, e.g. an AI provider's) */
    public boolean mockOnly() {
        return group != Group.NONE;
    }

    /** @return the APIs of one group, in catalogue order */
    public static List<Api> inGroup(Group group) {
        return Arrays.stream(values()).filter(a -> a.group == group).toList();
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
     * Parses a comma-separated list of ids; {@code all} or an empty text means every API; a group id
     * ({@code providers}) means every API of that group.
     *
     * @param ids e.g. {@code forms,coupons} or {@code providers}
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
                .flatMap(s -> Arrays.stream(Group.values()).filter(g -> g != Group.NONE && g.id().equalsIgnoreCase(s))
                        .findFirst().map(g -> inGroup(g).stream())
                        .orElseGet(() -> java.util.stream.Stream.of(byId(s).orElseThrow(() -> new IllegalArgumentException(
                                "unknown API '" + s + "'; known: " + knownIds() + ", providers")))))
                .distinct()
                .toList();
    }

    /** @return the known ids, comma-separated */
    public static String knownIds() {
        return Arrays.stream(values()).map(Api::id).collect(Collectors.joining(", "));
    }
}
