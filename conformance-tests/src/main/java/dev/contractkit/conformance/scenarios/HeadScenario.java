package dev.contractkit.conformance.scenarios;

import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.RawConnection;
import dev.contractkit.conformance.cases.RelativeRequest;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.Observation;
import dev.contractkit.specs.check.ContractDocument.Operation;
import okhttp3.HttpUrl;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code head_without_content}: a HEAD answer has no content (RFC 9110 9.3.2). On one kept-alive connection the
 * suite sends HEAD and then GET; content after the HEAD answer (a JSON error body, a chunk) is read by a client as
 * the start of the GET's answer, so the line that follows the HEAD answer must be a status line. Two HEADs, to keep
 * the run fast: on the path of one GET operation (answered like GET, or refused) and on a path the contract names
 * without GET or HEAD (the 405 or 404 error path, where a server most easily sends its error body along). These
 * requests bypass the run's client, so no per-exchange check judges them and the run's request count leaves them out.
 * What followed each HEAD answer goes to the check ({@code HeadWithoutContentCheck}), which gives the verdict.
 */
final class HeadScenario {
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.[01] (\\d{3})( .*)?");
    private static final Set<String> HEAD_OR_GET = Set.of("GET", "HEAD");

    private final Contract contract;
    private final CaseGenerator cases;
    private final HttpUrl base;
    private final Duration timeout;
    private final ScenarioRunner runner;

    HeadScenario(Contract contract, CaseGenerator cases, HttpUrl base, Duration timeout, ScenarioRunner runner) {
        this.contract = contract;
        this.cases = cases;
        this.base = base;
        this.timeout = timeout;
        this.runner = runner;
    }

    void run() {
        List<Operation> gets = contract.document().operations().stream()
                .filter(op -> op.method().equals("GET") && answersWithoutStream(op)).toList();
        Optional<Operation> get = gets.stream().filter(op -> !cases.lacksCredential(op))
                .min(Comparator.comparingLong(op -> op.parameters().stream().filter(p -> p.in().equals("path")).count()));
        if (get.isEmpty()) {
            gets.stream().findFirst().ifPresent(op -> runner.note(Check.HEAD_WITHOUT_CONTENT.key() + " of " + op + ": "
                    + cases.notChecked(op)));
            return;
        }
        RelativeRequest follow = cases.scenario(get.get(), Map.of(), Optional.empty(), "HEAD, then GET").call();
        judge("HEAD " + get.get().path(), get.get().operationId(), head(follow), follow);
        contract.methodsByPath().entrySet().stream()
                .filter(path -> path.getValue().stream().noneMatch(HEAD_OR_GET::contains))
                .map(path -> contract.document().operations().stream().filter(o -> o.path().equals(path.getKey()))
                        .findFirst().orElseThrow())
                .filter(op -> !cases.lacksCredential(op)).findFirst()
                .ifPresent(op -> judge("HEAD " + op.path(), "",
                        head(cases.scenario(op, Map.of(), Optional.empty(), "HEAD, undeclared").call()), follow));
    }

    /** The request as HEAD: same path, query and headers, no body. */
    private static RelativeRequest head(RelativeRequest call) {
        return new RelativeRequest("HEAD", call.template(), call.pathValues(), call.query(), call.headers(),
                Optional.empty());
    }

    private static boolean answersWithoutStream(Operation op) {
        String responses = op.node().path("responses").toString();
        return op.responses().keySet().stream().anyMatch(code -> code.startsWith("2"))
                && !responses.contains("text/event-stream");
    }

    private void judge(String label, String operationId, RelativeRequest head, RelativeRequest get) {
        HttpUrl headUrl = head.url(base);
        HttpUrl getUrl = get.url(base);
        String request = head.display(base) + ", then " + get.display(base) + " on the same connection";
        try (RawConnection connection = RawConnection.open(headUrl, timeout)) {
            connection.send("HEAD", headUrl, head.headers());
            List<String> answer = connection.readHead();
            if (answer.isEmpty()) {
                runner.note(Check.HEAD_WITHOUT_CONTENT.key() + " of " + label + ": the server closed the connection"
                        + " without answering the HEAD");
                return;
            }
            int status = status(answer.getFirst());
            if (answer.stream().anyMatch(h -> h.toLowerCase(Locale.ROOT).matches("connection:\\s*close\\s*"))) {
                // no next request on this connection: whatever the server sends before closing it is content
                String rest = connection.readRest();
                verdict(label, operationId, request, new Observation.HeadAnswer(status, true,
                        rest.isEmpty() ? Optional.empty() : Optional.of(rest)));
                return;
            }
            connection.send("GET", getUrl, get.headers());
            Optional<String> next = connection.readLine();
            if (next.isEmpty()) {
                runner.note(Check.HEAD_WITHOUT_CONTENT.key() + " of " + label + ": the server closed the connection"
                        + " after its HEAD answer (" + status + ") without Connection: close; the GET was not answered");
            }
            verdict(label, operationId, request, new Observation.HeadAnswer(status, false, next));
        } catch (SocketTimeoutException e) {
            runner.note(Check.HEAD_WITHOUT_CONTENT.key() + " of " + label + ": " + request + ": no answer within "
                    + timeout.toSeconds() + " s");
        } catch (IOException e) {
            runner.note(Check.HEAD_WITHOUT_CONTENT.key() + " of " + label + ": " + request + ": " + e);
        }
    }

    private void verdict(String label, String operationId, String request, Observation.HeadAnswer answer) {
        runner.verdict(Check.HEAD_WITHOUT_CONTENT, label, operationId, request, answer.status(),
                Checks.of(Check.HEAD_WITHOUT_CONTENT).judge(answer));
    }

    private static int status(String statusLine) {
        Matcher m = STATUS_LINE.matcher(statusLine);
        return m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }
}
