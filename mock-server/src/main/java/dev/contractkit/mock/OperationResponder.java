package dev.contractkit.mock;

import dev.contractkit.specs.check.ContractDocument;
import org.mockserver.mock.action.ExpectationResponseCallback;
import org.mockserver.model.HttpRequest;
import org.mockserver.model.HttpResponse;

import java.util.Map;
import java.util.Optional;

/**
 * Answers the requests MockServer routed to one operation, in the order a real server would check them:
 * credentials (401 with the contract's example), parameters and body (400/415 naming the broken rule), then
 * the response a {@code Prefer} header chose, else the first success example.
 */
final class OperationResponder implements ExpectationResponseCallback {
    private final ContractDocument.Operation operation;
    private final PathTemplate path;
    private final Credentials credentials;
    private final ParameterRules parameters;
    private final BodyRule body;
    private final DeclaredResponses responses;
    private final ErrorReplies errors;
    private final Reply success;
    private final Optional<RateLimitHeaders> rateLimits;
    private final Outcome outcome;

    OperationResponder(ContractDocument.Operation operation, DeclaredResponses responses, ErrorReplies errors,
                       java.util.Set<String> acceptedCredentials, Outcome outcome) {
        this.outcome = outcome;
        ContractDocument doc = operation.document();
        this.operation = operation;
        this.path = PathTemplate.parse(operation.path());
        this.credentials = Credentials.of(doc, operation, acceptedCredentials);
        this.parameters = new ParameterRules(doc, operation);
        this.body = new BodyRule(doc, operation);
        this.responses = responses;
        this.errors = errors;
        this.success = responses.success();
        this.rateLimits = RateLimitHeaders.of(operation, java.time.Clock.systemUTC());
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        try {
            Reply reply = reply(request);
            org.mockserver.model.HttpResponse response =
                    (rateLimits.isPresent() ? rateLimits.get().apply(request, reply) : reply).toResponse();
            long delay = outcome.current().delayMillis();
            return delay > 0 ? response.withDelay(java.util.concurrent.TimeUnit.MILLISECONDS, delay) : response;
        } catch (RuntimeException e) {
            return errors.reply(500, Optional.of(responses), "the mock server failed: " + e).toResponse();
        }
    }

    Reply reply(HttpRequest request) {
        Optional<DeclaredResponses> own = Optional.of(responses);
        if (!credentials.presentIn(request)) {
            return errors.example(401, own);
        }
        Map<String, String> pathValues = path.match(Requests.path(request)).orElse(Map.of());
        Optional<Violation> broken = parameters.problem(request, pathValues).or(() -> body.problem(request));
        if (broken.isPresent()) {
            return errors.reply(broken.get().status(), own, broken.get().message());
        }
        Prefer asked = Prefer.of(request);
        Prefer prefer = asked.isEmpty() ? outcome.preferFor(responses) : asked;
        return prefer.isEmpty() ? success : chosen(prefer, own);
    }

    private Reply chosen(Prefer prefer, Optional<DeclaredResponses> own) {
        Optional<Integer> status = prefer.status();
        if (prefer.code().isPresent() && status.isEmpty()) {
            return errors.reply(400, own, "Prefer: code=" + prefer.code().get() + " is not an HTTP status code");
        }
        if (prefer.example().isPresent()) {
            String name = prefer.example().get();
            return responses.named(name, status).orElseGet(() -> errors.reply(400, own, "Prefer: example=" + name
                    + " names no example of " + operation.operationId() + status.map(s -> " under " + s).orElse("")
                    + "; its examples: " + String.join(", ", responses.exampleNames())));
        }
        int code = status.orElseThrow();
        return responses.forCode(code).map(e -> e.reply(code)).orElseGet(() -> errors.reply(400, own,
                "Prefer: code=" + code + " is not declared for " + operation.operationId() + "; declared: "
                        + String.join(", ", responses.statuses())));
    }
}
