package dev.contractkit.quotas.providers;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The eleven AI providers {@code quotas} knows: id, display name, the real host (overridable with
 * {@code QUOTAS_<ID>_BASE_URL} or {@code [base_urls]} in the config) and the console a user goes to when the plan
 * is not active. Pure data: the statusline uses it without loading any HTTP code.
 *
 * <pre>{@code
 * Provider p = Provider.byId("github-copilot").orElseThrow();
 * p.envPrefix();   // QUOTAS_GITHUB_COPILOT
 * }</pre>
 */
public enum Provider {
    /** Anthropic Claude (subscription windows). */
    CLAUDE("claude", "Claude", "https://api.anthropic.com", "https://claude.ai/settings/usage"),
    /** OpenAI Codex (ChatGPT plan). */
    CODEX("codex", "Codex", "https://chatgpt.com", "https://chatgpt.com/codex/settings/usage"),
    /** Cursor. */
    CURSOR("cursor", "Cursor", "https://cursor.com", "https://cursor.com/dashboard?tab=usage"),
    /** DeepSeek (balance). */
    DEEPSEEK("deepseek", "DeepSeek", "https://api.deepseek.com", "https://platform.deepseek.com/usage"),
    /** Google Gemini Code Assist. */
    GEMINI("gemini", "Gemini", "https://cloudcode-pa.googleapis.com", "https://aistudio.google.com/usage"),
    /** GitHub Copilot. */
    GITHUB_COPILOT("github-copilot", "GitHub Copilot", "https://api.github.com", "https://github.com/settings/copilot"),
    /** Kimi / Moonshot. */
    KIMI("kimi", "Kimi", "https://api.kimi.com", "https://www.kimi.com/coding/console"),
    /** MiniMax. */
    MINIMAX("minimax", "MiniMax", "https://api.minimax.io", "https://platform.minimax.io/user-center/payment/coding-plan"),
    /** OpenRouter. */
    OPENROUTER("openrouter", "OpenRouter", "https://openrouter.ai", "https://openrouter.ai/settings/credits"),
    /** SiliconFlow (balance). */
    SILICONFLOW("siliconflow", "SiliconFlow", "https://api.siliconflow.cn", "https://cloud.siliconflow.cn/expensebill"),
    /** Z.ai / Zhipu. */
    ZAI("zai", "Z.ai", "https://api.z.ai", "https://z.ai/manage-apikey/subscription");

    private final String id;
    private final String title;
    private final String defaultBaseUrl;
    private final String consoleUrl;

    Provider(String id, String title, String defaultBaseUrl, String consoleUrl) {
        this.id = id;
        this.title = title;
        this.defaultBaseUrl = defaultBaseUrl;
        this.consoleUrl = consoleUrl;
    }

    /** @return the stable id used on the command line, in the config and in JSON */
    public String id() {
        return id;
    }

    /** @return the display name */
    public String title() {
        return title;
    }

    /** @return the real host */
    public String defaultBaseUrl() {
        return defaultBaseUrl;
    }

    /** @return where a user manages the plan */
    public String consoleUrl() {
        return consoleUrl;
    }

    /** @return the prefix of this provider's environment variables, e.g. {@code QUOTAS_GITHUB_COPILOT} */
    public String envPrefix() {
        return "QUOTAS_" + id.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /**
     * @param id a provider id, case-insensitive
     * @return the provider, if there is one with that id
     */
    public static Optional<Provider> byId(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(p -> p.id.equals(wanted)).findFirst();
    }

    /** @return every id, comma-separated */
    public static String knownIds() {
        return Arrays.stream(values()).map(Provider::id).collect(Collectors.joining(", "));
    }
}
