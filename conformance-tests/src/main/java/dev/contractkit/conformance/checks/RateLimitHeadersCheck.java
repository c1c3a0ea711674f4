package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.dialect.RateLimits;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code rate_limit_headers}: every response of an operation with {@code x-kit-rate-limit-category}, errors
 * included, carries {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset} as whole numbers;
 * Remaining is at most Limit; Reset is a Unix time (seconds) no earlier than now and no later than the end of
 * the category's window ({@code x-kit-rate-limits.<category>.window_seconds}, else {@link RateLimits#DEFAULT_WINDOW_SECONDS}).
 */
final class RateLimitHeadersCheck implements Judge {
    private static final List<String> RATE_LIMIT = List.of("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");
    /** Clocks of client and server may differ a little. */
    private static final long SKEW_SECONDS = 300;

    @Override
    public Verdict judge(Exchange e) {
        Optional<Operation> op = e.testCase().operation();
        Optional<String> category = op.flatMap(o -> RateLimits.categoryOf(o.node()));
        if (category.isEmpty()) {
            return Verdict.SKIP;
        }
        List<Verdict.Problem> problems = new ArrayList<>();
        Map<String, Long> values = new LinkedHashMap<>();
        for (String name : RATE_LIMIT) {
            String pointer = "/response/headers/" + name.toLowerCase(Locale.ROOT);
            Optional<String> v = e.header(name);
            if (v.isEmpty()) {
                problems.add(new Verdict.Problem(pointer, "", name + " is missing; every response of an operation"
                        + " in rate-limit category '" + category.get() + "' carries it"));
            } else if (!PageLinks.INTEGER.matcher(v.get().trim()).matches()) {
                problems.add(new Verdict.Problem(pointer, Excerpts.quote(v.get()),
                        name + " is not a non-negative whole number"));
            } else {
                values.put(name, Long.parseLong(v.get().trim()));
            }
        }
        Long limit = values.get(RATE_LIMIT.get(0));
        Long remaining = values.get(RATE_LIMIT.get(1));
        Long reset = values.get(RATE_LIMIT.get(2));
        if (limit != null && remaining != null && remaining > limit) {
            problems.add(new Verdict.Problem("/response/headers/x-ratelimit-remaining", remaining.toString(),
                    "X-RateLimit-Remaining " + remaining + " is above X-RateLimit-Limit " + limit));
        }
        if (reset != null) {
            long now = Instant.now().getEpochSecond();
            long window = RateLimits.of(e.contract().document().root()).forOperation(op.get().node())
                    .map(RateLimits.Category::windowSeconds).orElse(RateLimits.DEFAULT_WINDOW_SECONDS);
            long latest = now + window + SKEW_SECONDS;
            if (reset < now - SKEW_SECONDS || reset > latest) {
                problems.add(new Verdict.Problem("/response/headers/x-ratelimit-reset", reset.toString(),
                        "X-RateLimit-Reset " + reset + " is not a plausible end of the window as Unix time in seconds"
                                + " (now " + now + ", window ends by " + latest + ")"));
            }
        }
        return Verdict.of(problems);
    }
}
