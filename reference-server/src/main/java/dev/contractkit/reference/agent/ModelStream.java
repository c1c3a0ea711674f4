package dev.contractkit.reference.agent;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;

import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One streamed model answer, handed from the HTTP client's thread to the run's thread (which alone writes events):
 * langchain4j's callbacks become {@link Piece}s in a queue the run takes them from, looking at cancel between them.
 */
final class ModelStream implements StreamingChatResponseHandler {
    /** What the provider streamed. */
    sealed interface Piece {
    }

    record Text(String delta) implements Piece {
    }

    record Thinking(String delta) implements Piece {
    }

    record ToolPart(int index, String id, String name, String arguments) implements Piece {
    }

    record Done(ChatResponse response) implements Piece {
    }

    record Failed(Throwable error) implements Piece {
    }

    /** The provider failed: the run ends with RUN_ERROR {@code code}. */
    static final class Failure extends RuntimeException {
        private final String code;

        Failure(String code, String message) {
            super(message);
            this.code = code;
        }

        String code() {
            return code;
        }
    }

    private final BlockingQueue<Piece> pieces = new LinkedBlockingQueue<>();
    private volatile StreamingHandle handle;

    @Override
    public void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
        handle = context.streamingHandle();
        if (partial.text() != null && !partial.text().isEmpty()) {
            pieces.add(new Text(partial.text()));
        }
    }

    @Override
    public void onPartialThinking(PartialThinking thinking) {
        if (thinking.text() != null && !thinking.text().isEmpty()) {
            pieces.add(new Thinking(thinking.text()));
        }
    }

    @Override
    public void onPartialToolCall(PartialToolCall call) {
        pieces.add(new ToolPart(call.index(), call.id(), call.name(), call.partialArguments()));
    }

    @Override
    public void onCompleteToolCall(CompleteToolCall call) {
        // the complete calls come with the response (Done)
    }

    @Override
    public void onCompleteResponse(ChatResponse response) {
        pieces.add(new Done(response));
    }

    @Override
    public void onError(Throwable error) {
        pieces.add(new Failed(error));
    }

    /**
     * @return the next piece; {@link Done} or {@link Failed} is the last
     * @throws ActiveRun.Cancelled when the run was cancelled (the stream is cancelled too)
     */
    Piece next(ActiveRun run) {
        while (true) {
            if (run.isCancelled()) {
                StreamingHandle h = handle;
                if (h != null) {
                    h.cancel();
                }
                throw new ActiveRun.Cancelled();
            }
            try {
                Piece p = pieces.poll(50, TimeUnit.MILLISECONDS);
                if (p != null) {
                    return p;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ActiveRun.Cancelled();
            }
        }
    }

    /**
     * @param profile the profile's id, for the message
     * @return the provider's failure as the run's error: never its body (it may quote the key), only its status
     */
    static Failure failure(String profile, Throwable error) {
        HttpException http = cause(error, HttpException.class);
        if (http != null) {
            int status = http.statusCode();
            if (status == 429) {
                return new Failure("LLM_RATE_LIMITED", "the model provider of profile '" + profile
                        + "' is rate limiting (HTTP 429); try again later");
            }
            if (status == 401 || status == 403) {
                return new Failure("LLM_UNAUTHORIZED", "the model provider of profile '" + profile + "' refused the key (HTTP "
                        + status + "); the operator must check the profile's key");
            }
            if (status >= 500) {
                return new Failure("LLM_UNAVAILABLE", "the model provider of profile '" + profile + "' failed (HTTP "
                        + status + "); try again later");
            }
            return new Failure("LLM_FAILED", "the model provider of profile '" + profile + "' refused the request (HTTP "
                    + status + ")");
        }
        if (cause(error, ConnectException.class) != null || cause(error, HttpTimeoutException.class) != null
                || cause(error, java.io.IOException.class) != null
                || cause(error, dev.langchain4j.exception.TimeoutException.class) != null) {
            return new Failure("LLM_UNAVAILABLE", "the model provider of profile '" + profile
                    + "' cannot be reached; try again later");
        }
        return new Failure("LLM_FAILED", "the model provider of profile '" + profile + "' failed ("
                + error.getClass().getSimpleName() + ")");
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
