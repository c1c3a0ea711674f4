package dev.contractkit.reference.platform;

import dev.contractkit.reference.coupons.CouponsModule;
import dev.contractkit.reference.forms.FormsModule;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Helidon's own 500 (written outside the routes, where the kit's error handlers do not reach: a connection the
 * server's stop closed under a request) is answered in the contract's error shape: 500 while the server runs, and
 * once it has begun to stop 503 with {@code Retry-After} where the contract declares 503 (coupons), else the 500
 * saying so (forms). Before, it was a 500 without a body.
 */
class HelidonServerErrorTest {
    @TempDir
    Path dir;

    private static ApiServer.Limits limits(Settings settings, String api, AtomicBoolean stopping) {
        return new ApiServer.Limits(AllowedHosts.of(settings, "127.0.0.1"), 1024, "BODY_TOO_LARGE", () -> null,
                PublicUrl.of(settings, api, h -> true), stopping::get);
    }

    @Test
    void helidonsOwnServerErrorIsInTheErrorShapeAndA503WhileTheServerStopsWhereTheContractHasOne() {
        Settings settings = TestDatabases.embedded(dir);
        AtomicBoolean stopping = new AtomicBoolean();
        try (Database db = Database.open(settings); Cluster cluster = Cluster.open(settings, db)) {
            FormsModule forms = new FormsModule(settings, db);
            CouponsModule coupons = new CouponsModule(settings, db, cluster);
            try {
                DirectHandler formsErrors = ApiServer.serverError(forms, limits(settings, "forms", stopping), false);
                DirectHandler couponErrors = ApiServer.serverError(coupons, limits(settings, "coupons", stopping), true);

                DirectHandler.TransportResponse running = answer(couponErrors);
                assertThat(running.status()).isEqualTo(Status.INTERNAL_SERVER_ERROR_500);
                assertThat(body(running)).contains("\"INTERNAL_ERROR\"").contains("internal error");
                assertThat(running.headers().get(HeaderNames.CONTENT_TYPE).get()).isEqualTo("application/json");

                stopping.set(true);
                DirectHandler.TransportResponse stopped = answer(couponErrors);
                assertThat(stopped.status()).isEqualTo(Status.SERVICE_UNAVAILABLE_503);
                assertThat(body(stopped)).contains("\"SERVICE_UNAVAILABLE\"").contains("the server is stopping");
                assertThat(stopped.headers().get(HeaderNames.create("Retry-After")).get()).isEqualTo("1");
                assertThat(stopped.keepAlive()).as("the connection is closed after it").isFalse();

                DirectHandler.TransportResponse formsStopped = answer(formsErrors);
                assertThat(formsStopped.status()).as("forms declares no 503").isEqualTo(Status.INTERNAL_SERVER_ERROR_500);
                assertThat(body(formsStopped)).contains("the server is stopping");
            } finally {
                coupons.close();
                forms.close();
            }
        }
    }

    private static DirectHandler.TransportResponse answer(DirectHandler handler) {
        return handler.handle(DirectHandler.TransportRequest.empty(), DirectHandler.EventType.INTERNAL_ERROR,
                Status.INTERNAL_SERVER_ERROR_500, ServerResponseHeaders.create(), (String) null);
    }

    private static String body(DirectHandler.TransportResponse r) {
        return new String(r.entity().orElseThrow(), StandardCharsets.UTF_8);
    }
}
