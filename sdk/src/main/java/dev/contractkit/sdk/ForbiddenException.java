package dev.contractkit.sdk;

/** 403 Forbidden (credentials valid, permission missing). */
public class ForbiddenException extends ApiException {
    ForbiddenException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
