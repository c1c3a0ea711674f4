package dev.contractkit.sdk;

/** 401 Unauthorized (credentials missing or invalid). */
public class UnauthorizedException extends ApiException {
    UnauthorizedException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
