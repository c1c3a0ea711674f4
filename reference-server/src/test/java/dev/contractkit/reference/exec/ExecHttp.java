package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.platform.JsonHttp;

import java.util.Set;

/**
 * {@link JsonHttp} for the exec and runtime tests: every call sends the kit token the tests start the server with
 * ({@link #TOKEN}) unless told otherwise, and a task can be awaited.
 */
final class ExecHttp extends JsonHttp {
    static final Set<String> TERMINAL = Set.of("success", "failed", "cancelled", "skipped");
    /** The kit token of the test servers ({@code Settings} key {@code token}). */
    static final String TOKEN = "test-kit-token";

    ExecHttp(String base) {
        this(base, TOKEN);
    }

    /** @param token the kit token to send, or null to send none */
    ExecHttp(String base, String token) {
        super(base, token);
    }

    /** Polls a task until its status is one of {@code wanted} (at most 20 s); returns it. */
    JsonNode awaitStatus(String id, Set<String> wanted) {
        return await("/tasks/" + id, body -> wanted.contains(body.path("status").asText()));
    }

    JsonNode awaitTerminal(String id) {
        return awaitStatus(id, TERMINAL);
    }
}
