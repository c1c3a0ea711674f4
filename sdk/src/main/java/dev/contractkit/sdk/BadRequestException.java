package dev.contractkit.sdk;

/** 400 Bad Request (the request broke the contract). */
public class BadRequestException extends ApiException {
    BadRequestException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
