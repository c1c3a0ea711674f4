package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Verdict;

import java.util.regex.Pattern;

/**
 * {@code head_without_content}: a HEAD answer has no content (RFC 9110 9.3.2). The scenario {@code HeadScenario} sends
 * HEAD then GET on one kept-alive connection and hands over what followed the HEAD answer
 * ({@link Observation.HeadAnswer}): nothing, or the GET's status line, passes; anything else is content the HEAD
 * answer carried, which a client reads as the next response.
 */
final class HeadWithoutContentCheck extends ScenarioCheck {
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.[01] (\\d{3})( .*)?");

    @Override
    public Verdict judge(Observation observation) {
        if (!(observation instanceof Observation.HeadAnswer head)) {
            return Verdict.SKIP;
        }
        if (head.after().isEmpty() || !head.closes() && STATUS_LINE.matcher(head.after().get()).matches()) {
            return Verdict.PASS;
        }
        return Verdict.fail(Exchange.BODY, Excerpts.quote(Excerpts.abbreviate(head.after().get())),
                "the HEAD answer (" + head.status() + ") carried content: what followed it on the connection is not the"
                        + " status line of the next answer; a client reads it as the next response (RFC 9110 9.3.2:"
                        + " a HEAD response has no content)");
    }
}
