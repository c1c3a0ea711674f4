package dev.contractkit.reference.answers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.answers.model.Answer;
import dev.contractkit.reference.answers.model.AnswerEnvelope;
import dev.contractkit.reference.answers.model.Reference;
import dev.contractkit.reference.answers.model.SubQuery;
import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * {@code POST /v1/answer}: extends the stub generated from {@code specs/openapi/answers.yaml}. The admission checks
 * the key and the rate limit, the body is checked against the contract's {@code AnswerRequest} schema, a quota
 * slot is reserved, and the engine answers (the rule engine, or a model: {@link Answerer}); a slot is given back
 * when the model's provider cannot answer (503).
 *
 * <pre>
 * curl -H 'x-api-key: &lt;key&gt;' -H 'Content-Type: application/json' \
 *      -d '{"query":"What is Northwind Robotics revenue?"}' http://127.0.0.1:8083/v1/answer
 * </pre>
 */
final class AnswerEndpoint extends AnswersService {
    private final ContractRules rules;
    private final QuotaLedger ledger;
    private final Answerer engine;
    private final ObjectMapper mapper;
    private final Duration latency;

    AnswerEndpoint(ContractRules rules, QuotaLedger ledger, Answerer engine,
                   ObjectMapper mapper, Duration latency) {
        this.rules = rules;
        this.ledger = ledger;
        this.engine = engine;
        this.mapper = mapper;
        this.latency = latency;
    }

    @Override
    protected void answer(ServerRequest request, ServerResponse response) {
        JsonNode body = ContractRules.jsonBody(request, mapper);
        Map<String, String> problems = rules.body("AnswerRequest", body);
        if (!problems.isEmpty()) {
            throw new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", problems.entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("; ")));
        }
        String query = body.path("query").asText();
        boolean force = body.path("forceAnswer").asBoolean(false);
        ApiKeys.Key key = Admission.admitted(request).principal(ApiKeys.Key.class);
        QuotaLedger.Reservation slot = ledger.reserve(key);
        if (slot == null) {
            QuotaLedger.Usage usage = ledger.usage(key);
            long retry = Math.max(1, Duration.between(Instant.now(), usage.end()).toSeconds());
            throw new ApiError(Status.TOO_MANY_REQUESTS_429, "QuotaExceeded", "the key's quota of "
                    + usage.totalLimit() + " answer requests is used up until " + usage.end())
                    .withHeader("Retry-After", Long.toString(retry));
        }
        try (slot) {
            pause();
            AnswerEngine.AnswerOrRefusal outcome;
            try {
                outcome = engine.answer(query, force);
            } catch (ApiError e) { // the model's provider could not answer (503): not processed, not counted
                slot.refund();
                throw e;
            }
            if (outcome instanceof AnswerEngine.Refused refused) {
                throw new ApiError(Status.UNPROCESSABLE_CONTENT_422, refused.reason().getValue(), refused.message())
                        .withDetails(refused.detail().getValue());
            }
            AnswerEngine.Answered answered = (AnswerEngine.Answered) outcome;
            AnswerEnvelope envelope = new AnswerEnvelope();
            envelope.setSuccess(true);
            envelope.setError(null);
            envelope.setResult(toAnswer(query, answered));
            AnswerOp.Response200.builder().response(envelope).send(response);
        }
    }

    private void pause() {
        if (!latency.isZero()) {
            try {
                Thread.sleep(latency);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Answer toAnswer(String query, AnswerEngine.Answered answered) {
        Answer a = new Answer();
        a.setId("ans_" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()));
        a.setQuery(query);
        a.setAnswer(answered.markdown());
        a.setReferences(references(answered.sources()));
        a.setSubqueries(answered.steps().stream().map(s -> {
            SubQuery q = new SubQuery();
            q.setQuery(s.query());
            q.setAnswer(s.answer());
            q.setReferences(references(s.sources()));
            return q;
        }).toList());
        return a;
    }

    private static List<Reference> references(List<AnswerEngine.Source> sources) {
        return sources.stream().map(s -> {
            Reference r = new Reference();
            r.setTitle(s.title());
            r.setUrl(URI.create(s.url()));
            return r;
        }).toList();
    }
}
