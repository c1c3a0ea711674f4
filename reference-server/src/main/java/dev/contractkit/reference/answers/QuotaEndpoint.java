package dev.contractkit.reference.answers;

import dev.contractkit.reference.answers.model.Quota;
import dev.contractkit.reference.answers.model.QuotaEnvelope;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** {@code GET /v1/quota}: the calling key's quota window. Not rate limited, not counted. */
final class QuotaEndpoint extends QuotaService {
    private final AnswerAdmission admission;
    private final QuotaLedger ledger;

    QuotaEndpoint(AnswerAdmission admission, QuotaLedger ledger) {
        this.admission = admission;
        this.ledger = ledger;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", admission.handler(null));
        super.routing(rules);
    }

    @Override
    protected void handleGetQuota(ServerRequest request, ServerResponse response) {
        QuotaLedger.Usage usage = ledger.usage(AnswerAdmission.key(request));
        Quota quota = new Quota();
        quota.setUsed(usage.used());
        quota.setPending(usage.pending());
        quota.setTotalLimit(usage.totalLimit());
        quota.setIsExceeded(usage.exceeded());
        quota.setStart(OffsetDateTime.ofInstant(usage.start(), ZoneOffset.UTC));
        quota.setEnd(OffsetDateTime.ofInstant(usage.end(), ZoneOffset.UTC));
        QuotaEnvelope envelope = new QuotaEnvelope();
        envelope.setSuccess(true);
        envelope.setError(null);
        envelope.setResult(quota);
        GetQuotaOp.Response200.builder().response(envelope).send(response);
    }
}
