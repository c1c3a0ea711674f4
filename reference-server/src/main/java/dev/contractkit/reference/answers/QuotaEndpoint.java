package dev.contractkit.reference.answers;

import dev.contractkit.reference.answers.model.Quota;
import dev.contractkit.reference.answers.model.QuotaEnvelope;
import dev.contractkit.reference.platform.Admission;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** {@code GET /v1/quota}: the calling key's quota window. Not rate limited, not counted. */
final class QuotaEndpoint extends QuotaService {
    private final QuotaLedger ledger;

    QuotaEndpoint(QuotaLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    protected void handleGetQuota(ServerRequest request, ServerResponse response) {
        QuotaLedger.Usage usage = ledger.usage(Admission.admitted(request).principal(ApiKeys.Key.class));
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
