package dev.contractkit.sdk;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The exception family reads error bodies where the client's contract says, not by any API's shape of its own. */
class ErrorFormatTest {
    private static final String REFUSAL_WITHOUT_REASON = "{\"success\":false,\"error\":null,\"errorDetail\":\"QuotaExceeded\",\"message\":\"used up\"}";

    @Test
    void theCodeMessageAndRequestIdComeFromTheContractsPointersFirstValueWinning() {
        ErrorFormat answers = ErrorFormat.of(List.of("/error", "/errorDetail"), List.of("/message"), List.of("/meta/rid"));

        ApiException e = ApiException.of(429, REFUSAL_WITHOUT_REASON.replace("}", ",\"meta\":{\"rid\":\"r-9\"}}"), null, "3", answers);

        assertThat(e).isInstanceOf(RateLimitedException.class);
        assertThat(e.errorCode()).contains("QuotaExceeded");
        assertThat(e.getMessage()).isEqualTo("HTTP 429 QuotaExceeded: used up");
        assertThat(e.requestId()).contains("r-9");
        assertThat(e.errorFormat()).isEqualTo(answers);
    }

    @Test
    void withoutTheContractsFormatAnotherApisFieldIsNotGuessed() {
        ApiException e = ApiException.of(429, REFUSAL_WITHOUT_REASON, null, null);

        assertThat(e.errorCode()).isEmpty();
        assertThat(e.errorFormat()).isEqualTo(ErrorFormat.UNKNOWN);
    }

    @Test
    void aHeaderRequestIdWinsOverTheBodys() {
        ApiException e = ApiException.of(404, "{\"error\":{\"code\":\"NOT_FOUND\",\"request_id\":\"body\"}}", "header",
                null, ErrorFormat.of(List.of("/error/code"), List.of(), List.of("/error/request_id")));

        assertThat(e).isInstanceOf(NotFoundException.class);
        assertThat(e.requestId()).contains("header");
        assertThat(e.errorCode()).contains("NOT_FOUND");
    }
}
