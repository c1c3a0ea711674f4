package dev.contractkit.sdk;

/** 5xx server error. */
public class ServerErrorException extends ApiException {
    ServerErrorException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
