package dev.contractkit.reference.answers;

import dev.contractkit.reference.answers.model.ErrorDetail;

import java.util.Optional;

/**
 * Rule 1 of the engine: is the question asking for something inappropriate? It judges the request, not the
 * words: "How do I hack into a brokerage account?" is refused, "Was Skyward Telecom hacked?" and "Did Voltline
 * stock bomb after earnings?" are finance questions. Asking what a practice is or whether it is legal ("What is a
 * pump and dump?") is a question about it, not a request to do it.
 */
final class ContentFilter {
    /** Someone asking to be told or helped to do something: the abuse patterns below follow one of these. */
    private static final String ASKING = "(?:how (?:do|can|could|should|would|to|might) (?:i|we|you|one|someone|my)"
            + "|help me|teach me|show me how|ways? to|i (?:want|need|plan|am going|'m going) to|let's|best way to"
            + "|tips? (?:on|for)|can you|could you|is there a way to|trick to)\\b.{0,40}?";
    private static final Gated MARKET_ABUSE = Gated.of(
            "insider (?:information|info|tips?|knowledge)", "non-?public information",
            "pump[- ](?:and|&|n)[- ]dump", "manipulat\\w* (?:the |a |its |their )?(?:stock|share|market|price)",
            "front[- ]?run", "\\bspoof", "wash trad", "corner the market");
    private static final Gated CRIME = Gated.of(
            "\\blaunder", "tax evasion", "\\bevad\\w* (?:the |paying |my |any )?tax",
            ASKING + "\\b(?:hack|steal|embezzl|defraud|scam|forge|rob)\\w*",
            "\\bhack\\w* (?:into|someone|somebody|a |an |the |my |his |her |their )",
            "\\bsteal\\w* (?:money|shares|stocks?|funds|credentials|passwords|data|identit|from)",
            "\\bhid(?:e|ing) .{0,40}\\bfrom (?:the )?(?:tax|irs|sec|regulators?|authorities|auditors)");
    private static final Gated VIOLENCE = Gated.of(
            "\\b(?:kill|murder|hurt|harm|attack|shoot|stab|poison|assassinat|threaten|beat up)\\w* (?:the |a |an |my |his |her "
                    + "|their |that |this |some )?(?:ceo|cfo|chairman|founder|executive|boss|manager|broker|analyst|banker"
                    + "|trader|people|person|someone|somebody|him|her|them|employees?|staff|board|investors?|shareholders?)\\b",
            "\\b(?:make|build|plant|set off|detonate|buy|get|assemble)\\w* (?:a |an |some )?(?:bomb|explosive|weapon|gun)s?\\b",
            "\\bbomb (?:the|a|their|its) (?:office|headquarters|building|factory|plant|hq|exchange)");
    private static final Gated ABUSIVE = Gated.of(
            "\\bf+u+c+k|\\bshit|\\bbitch|\\bbastard|\\bidiot|\\basshole|\\bcunt|\\bmoron");
    /** Asking what something is or whether it is allowed: a question about the practice, not a request. */
    private static final Gated ABOUT_IT = Gated.of(
            "^(?:what(?:'s| is| are| does)|define|explain|describe|why is|why are)\\b"
                    + "|\\b(?:legal|illegal|unlawful|allowed|against the law|laws?|penalt\\w*|punish\\w*|prosecut\\w*|regulat\\w*)\\b");

    private ContentFilter() {
    }

    /**
     * @param text the lower-cased question
     * @return why it is refused, when it is
     */
    static Optional<ErrorDetail> check(String text) {
        if (ABUSIVE.find(text)) {
            return Optional.of(ErrorDetail.ABUSIVE_LANGUAGE);
        }
        if (VIOLENCE.find(text)) {
            return Optional.of(ErrorDetail.VIOLENCE);
        }
        if (MARKET_ABUSE.find(text) && !ABOUT_IT.find(text)) {
            return Optional.of(ErrorDetail.MARKET_ABUSE);
        }
        if (CRIME.find(text) && !ABOUT_IT.find(text)) {
            return Optional.of(ErrorDetail.CRIME);
        }
        return Optional.empty();
    }
}
