package dev.contractkit.sdk;

/** 404 Not Found. */
public class NotFoundException extends ApiException {
    NotFoundException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
