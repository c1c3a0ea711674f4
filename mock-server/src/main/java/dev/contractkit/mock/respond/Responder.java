package dev.contractkit.mock.respond;

import org.mockserver.mock.action.ExpectationResponseCallback;
import org.mockserver.model.HttpResponse;

import java.util.concurrent.TimeUnit;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.MockServerIncoming;
import dev.contractkit.mock.http.Reply;

/**
 * Answers a request the contract routes to one operation (or to its 404 and 405 answers): on the kit's own
 * {@link ContractFastPath} straight from Netty's request, and through {@link #callback()} as MockServer's
 * callback once clients have changed the expectations.
 */
public interface Responder {
    /** @return the answer; never throws (a failure is answered in the contract's error shape) */
    Reply answer(Incoming request);

    /** @return how long to hold the answer back (the outcome switch's time-out), 0 for none */
    default long delayMillis() {
        return 0;
    }

    /** @return this responder as MockServer's callback */
    default ExpectationResponseCallback callback() {
        return request -> {
            HttpResponse response = answer(MockServerIncoming.of(request)).toResponse();
            long delay = delayMillis();
            return delay > 0 ? response.withDelay(TimeUnit.MILLISECONDS, delay) : response;
        };
    }
}
