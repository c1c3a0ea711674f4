package dev.contractkit.quotas.providers;

/** Each provider's {@link Spec}; kept out of {@link Provider} so the statusline never loads them. */
final class Specs {
    private Specs() {
    }

    static Spec of(Provider provider) {
        return switch (provider) {
            case CLAUDE -> new Claude();
            case CODEX -> new Codex();
            case CURSOR -> new Cursor();
            case DEEPSEEK -> new DeepSeek();
            case GEMINI -> new Gemini();
            case GITHUB_COPILOT -> new GitHubCopilot();
            case KIMI -> new Kimi();
            case MINIMAX -> new MiniMax();
            case OPENROUTER -> new OpenRouter();
            case SILICONFLOW -> new SiliconFlow();
            case ZAI -> new Zai();
        };
    }
}
