package dev.contractkit.sdk;

/** 409 Conflict (duplicate or state conflict). */
public class ConflictException extends ApiException {
    ConflictException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
