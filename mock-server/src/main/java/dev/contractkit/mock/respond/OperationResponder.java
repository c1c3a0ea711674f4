package dev.contractkit.mock.respond;

import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.RequiredRole;
import dev.contractkit.specs.dialect.SecurityScheme;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.PathTemplate;
import dev.contractkit.mock.http.Prefer;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.rules.BodyRule;
import dev.contractkit.mock.rules.EchoedRequestIds;
import dev.contractkit.mock.rules.ParameterRules;
import dev.contractkit.mock.rules.RequiredHeaders;
import dev.contractkit.mock.state.MockState;
import dev.contractkit.mock.state.MockTokens;
import dev.contractkit.mock.state.OutcomeSwitch;
import dev.contractkit.mock.state.Overrides;
import dev.contractkit.mock.state.StatefulOperation;

/**
 * Answers the requests MockServer routed to one operation, in the order a real server would check them:
 * credentials (401 with the contract's example), parameters and body (400/415 naming the broken rule), then
 * the response a {@code Prefer} header chose, else the response set through the control API, else (stateful)
 * the answer from the stored state, else the example the request's parameters name ({@link ExampleDispatch}),
 * else the first success example.
 */
public final class OperationResponder implements Responder {
    private final ContractDocument.Operation operation;
    private final PathTemplate path;
    private final RequiredCredentials credentials;
    private final ParameterRules parameters;
    private final BodyRule body;
    private final DeclaredResponses responses;
    private final ErrorReplies errors;
    private final Reply success;
    private final Optional<RateLimitHeaders> rateLimits;
    private final Overrides overrides;
    private final Optional<StatefulOperation> stateful;
    private final MockTokens tokens;
    private final String requiredRole;
    private final String rolesClaim;
    private final Optional<TokenEndpoint> tokenEndpoint;
    private final Optional<LinkHeaders> links;
    private final Optional<PageHeaders> pages;
    private final Optional<RequiredHeaders> requiredHeaders;
    private final Optional<EchoedRequestIds> echoedIds;
    private final OutcomeSwitch outcome;
    private final ExampleDispatch dispatch;
    private final boolean enforceRateLimits;

    OperationResponder(ContractDocument.Operation operation, DeclaredResponses responses, ErrorReplies errors,
                       Set<String> acceptedCredentials, MockState state) {
        ContractDocument doc = operation.document();
        this.operation = operation;
        this.path = PathTemplate.parse(operation.path());
        this.credentials = RequiredCredentials.of(doc, operation, acceptedCredentials, state.tokens());
        this.tokens = state.tokens();
        this.requiredRole = RequiredRole.of(operation.node()).orElse("");
        this.rolesClaim = rolesClaim(doc);
        this.tokenEndpoint = TokenEndpoint.of(operation, responses, errors, state.tokens());
        this.links = LinkHeaders.of(operation);
        this.pages = PageHeaders.of(operation);
        this.requiredHeaders = RequiredHeaders.of(operation);
        this.echoedIds = EchoedRequestIds.of(doc);
        this.parameters = new ParameterRules(doc, operation);
        this.body = new BodyRule(doc, operation);
        this.responses = responses;
        this.errors = errors;
        this.success = responses.success();
        this.rateLimits = RateLimitHeaders.of(operation, Clock.systemUTC());
        this.overrides = state.overrides();
        this.outcome = state.outcome();
        this.dispatch = ExampleDispatch.of(operation, responses);
        this.enforceRateLimits = state.enforceRateLimits();
        overrides.register(operation, responses);
        this.stateful = state.store().flatMap(s -> StatefulOperation.of(operation, responses, errors, s,
                Clock.systemUTC(), (message, fields) -> state.events().emit(message, fields)));
    }

    @Override
    public Reply answer(Incoming request) {
        try {
            Reply reply = enforceRateLimits && rateLimits.isPresent() && rateLimits.get().exhausted(request)
                    ? limited() : reply(request);
            if (links.isPresent()) {
                reply = links.get().apply(request, reply);
            }
            if (pages.isPresent()) {
                reply = pages.get().apply(request, reply);
            }
            if (requiredHeaders.isPresent()) {
                reply = requiredHeaders.get().apply(request, reply);
            }
            if (echoedIds.isPresent()) {
                reply = echoedIds.get().apply(request, reply);
            }
            return rateLimits.isPresent() ? rateLimits.get().apply(request, reply) : reply;
        } catch (RuntimeException e) {
            return errors.reply(500, Optional.of(responses), "the mock server failed: " + e);
        }
    }

    /** The contract's 429 (its example), before anything else is done: a refused write changes no state. */
    private Reply limited() {
        return responses.forCode(429).map(e -> e.reply(429)).orElseGet(() -> errors.reply(429, Optional.of(responses),
                "rate limit exceeded for " + operation.operationId() + " (--enforce-rate-limits)"));
    }

    @Override
    public long delayMillis() {
        return outcome.current().delayMillis();
    }

    /** @return the operation this answers */
    public ContractDocument.Operation operation() {
        return operation;
    }

    /**
     * @return the refusal a real server would give before doing anything (401, 403, 400/415 naming the rule), or
     * empty when the request passes every check; used for WebSocket handshakes too
     */
    public Optional<Reply> refusal(Incoming request) {
        return refusal(request, path.match(request.path()).orElse(Map.of()));
    }

    private Optional<Reply> refusal(Incoming request, Map<String, String> pathValues) {
        return firstRefusal(request, pathValues).map(r -> requiredHeaders.map(h -> h.apply(request, r)).orElse(r))
                .map(r -> echoedIds.map(e -> e.apply(request, r)).orElse(r));
    }

    private Optional<Reply> firstRefusal(Incoming request, Map<String, String> pathValues) {
        if (!credentials.presentIn(request)) {
            return Optional.of(credentials.unauthorized(request, errors, Optional.of(responses)));
        }
        if (!requiredRole.isEmpty() && lacksRole(request)) {
            return Optional.of(errors.example(403, Optional.of(responses)));
        }
        Optional<DeclaredResponses> own = Optional.of(responses);
        return parameters.problem(request, pathValues).or(() -> body.problem(request))
                .map(broken -> errors.reply(broken.status(), own, broken.message()));
    }

    Reply reply(Incoming request) {
        Optional<DeclaredResponses> own = Optional.of(responses);
        Map<String, String> pathValues = path.match(request.path()).orElse(Map.of()); // once per request
        Optional<Reply> refused = refusal(request, pathValues);
        if (refused.isPresent()) {
            return refused.get();
        }
        Prefer prefer = Prefer.of(request);
        if (!prefer.isEmpty()) {
            return chosen(prefer, own);
        }
        Optional<Reply> set = overrides.take(operation);
        if (set.isPresent()) {
            return set.get();
        }
        Prefer switched = outcome.preferFor(responses); // the API-wide outcome (/mockserver/kit/outcome, --outcome)
        if (!switched.isEmpty()) {
            return chosen(switched, own);
        }
        if (tokenEndpoint.isPresent()) {
            return tokenEndpoint.get().reply(request, pathValues);
        }
        if (stateful.isPresent()) {
            return stateful.get().reply(request, pathValues);
        }
        return dispatch.choose(request, pathValues, responses).orElse(success);
    }

    /** True when the bearer token's claims (if it is a JWT) do not list the operation's {@code x-kit-required-role}. */
    private boolean lacksRole(Incoming request) {
        String auth = request.header("Authorization");
        if (!auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        return tokens.claims(auth.substring(7)).map(c -> !MockTokens.roles(c, rolesClaim).contains(requiredRole)).orElse(false);
    }

    private static String rolesClaim(ContractDocument doc) {
        return SecurityScheme.rolesClaim(doc.root(), doc::resolve);
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
