package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.Chains;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.specs.check.SchemaValidator;
import okhttp3.HttpUrl;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a scenario saw over more than one exchange (or on a connection of its own), handed to the check that judges
 * it: {@link Judge#judge(Observation)}. A scenario only drives the traffic and records what came back; the verdict is
 * the check's. One record per kind of evidence.
 */
public sealed interface Observation {

    /**
     * A HEAD answer on a kept-alive connection and what came after it ({@code head_without_content}).
     *
     * @param status the HEAD answer's status (0 when its status line did not parse)
     * @param closes the answer said {@code Connection: close}: no next request was sent
     * @param after  what followed the answer: with {@code closes}, everything the server sent before closing; else
     *               the first line read after a GET was sent on the same connection; empty when nothing came
     */
    record HeadAnswer(int status, boolean closes, Optional<String> after) implements Observation {
    }

    /**
     * One run of an operation that answers {@code text/event-stream}, with its example body ({@code sse_event_schema},
     * {@code agui_event_order}).
     *
     * @param operationId the operation run
     * @param exchange    the request and the whole stream it answered
     */
    record EventStream(String operationId, Exchange exchange) implements Observation {
    }

    /**
     * One step of a declared chain of operations (create, read, update, read, delete, read) and its exchange
     * ({@code ensure_resource_availability}, {@code state_transitions}, {@code use_after_free}).
     *
     * @param chain         the chain
     * @param step          which step the exchange answered
     * @param id            the id the create answered (missing when it answered none)
     * @param createdStatus the create's status
     * @param sent          the body the step sent (the update's example body), if any
     * @param exchange      the step's request and answer
     */
    record ChainStep(Chains.Chain chain, Step step, JsonNode id, int createdStatus, Optional<JsonNode> sent,
                     Exchange exchange) implements Observation {
        /** The steps of a chain, in the order a scenario runs them. */
        public enum Step { CREATE, READ_AFTER_CREATE, UPDATE, READ_AFTER_UPDATE, DELETE, READ_AFTER_DELETE }
    }

    /**
     * The handshake with a WebSocket channel ({@code websocket_message_schema}).
     *
     * @param answered the server answered within {@code timeout}
     * @param status   the handshake's status (0 when none came)
     * @param failure  why the handshake failed, if it did
     * @param timeout  how long the scenario waited
     */
    record ChannelHandshake(boolean answered, int status, Optional<String> failure, Duration timeout)
            implements Observation {
    }

    /**
     * One message that arrived on a WebSocket channel ({@code websocket_message_schema}).
     *
     * @param address   the channel's address
     * @param messages  the channel's messages: name to payload schema pointer in the validator's document
     * @param validator the AsyncAPI document's schema validator
     * @param text      the message as it arrived
     */
    record ChannelMessage(String address, Map<String, String> messages, SchemaValidator validator, String text)
            implements Observation {
    }

    /**
     * A message a chain owes a WebSocket channel (the contract says its change sends it), and what arrived
     * ({@code websocket_message_schema}).
     *
     * @param type     the message owed
     * @param messages the channel's messages: name to payload schema pointer
     * @param arrived  the types of the messages that arrived
     * @param received how many messages arrived
     * @param window   how long the scenario listened after the changes
     */
    record ChannelOwed(String type, Map<String, String> messages, Set<String> arrived, int received, Duration window)
            implements Observation {
    }

    /**
     * One answer of a control plane's cancel state table ({@code state_transitions}: operations
     * {@code submitTaskGraph}, {@code getTask}, {@code cancelTask}).
     *
     * @param step     which request of the table it answered
     * @param taskId   the task the request was about (the running one for the submit)
     * @param exchange the request and its answer
     */
    record CancelStep(Step step, String taskId, Exchange exchange) implements Observation {
        /**
         * The requests of the table: a status the table gives ({@code SUBMIT} 202, {@code CANCEL_PENDING} and
         * {@code CANCEL_RUNNING} 200, {@code CANCEL_FINISHED} 409), what the 200 answers show
         * ({@code PENDING_CANCELLED}, {@code RUNNING_CANCELLING}), and how the running task ended ({@code ENDED}).
         */
        public enum Step { SUBMIT, CANCEL_PENDING, PENDING_CANCELLED, CANCEL_RUNNING, RUNNING_CANCELLING, ENDED,
            CANCEL_FINISHED }
    }

    /**
     * A task of the cancel state table that did not reach a status in time ({@code state_transitions}).
     *
     * @param taskId   the task
     * @param wanted   the statuses waited for
     * @param last     the last status read
     * @param patience how long the scenario polled
     * @param exchange the last read
     */
    record CancelWait(String taskId, Set<String> wanted, String last, Duration patience, Exchange exchange)
            implements Observation {
    }

    /**
     * The answer to a request for an endpoint the previous version of the API had and this one removed
     * ({@code version_removals}).
     *
     * @param endpoint  the removed endpoint ({@code GET /path})
     * @param anonymous the request went without a credential (the run has none for it)
     * @param exchange  the request and its answer
     */
    record RemovedEndpoint(String endpoint, boolean anonymous, Exchange exchange) implements Observation {
    }

    /**
     * The answer to a request that sends an input this version removed: a query value, a body property
     * ({@code version_removals}).
     *
     * @param what            what was sent, as the report says it
     * @param pointer         where in the request
     * @param value           the value sent, as JSON
     * @param lacksCredential the run has no credential for the operation
     * @param exchange        the request and its answer
     */
    record RemovedInput(String what, String pointer, String value, boolean lacksCredential, Exchange exchange)
            implements Observation {
    }

    /**
     * A paging link of a list's first page, before it is followed ({@code pagination_links}): it must stay on the
     * list (the server's origin, the list's path).
     *
     * @param rel     the link's relation ({@code next}, {@code last})
     * @param listUrl the list's URL
     * @param link    the link as the server sent it
     */
    record PageLink(String rel, HttpUrl listUrl, String link) implements Observation {
    }

    /**
     * A {@code rel="next"} link followed ({@code pagination_links}): it must answer the page after the previous one.
     *
     * @param link     the link followed
     * @param previous the page it was on
     * @param answer   what following it answered
     */
    record NextPage(String link, PageLinks.Page previous, Exchange answer) implements Observation {
    }

    /**
     * The end of a walk along {@code rel="next"} from the first page ({@code pagination_links}): it must have given
     * every item.
     *
     * @param firstNext the first page's {@code next} link
     * @param seen      the items of every page walked
     * @param total     the total the last page gave
     */
    record PageWalk(String firstNext, long seen, long total) implements Observation {
    }

    /**
     * The {@code rel="last"} link followed ({@code pagination_links}): it must answer the last page.
     *
     * @param link   the link followed
     * @param answer what following it answered
     */
    record LastPage(String link, Exchange answer) implements Observation {
    }
}
