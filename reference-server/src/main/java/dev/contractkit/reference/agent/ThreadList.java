package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Principal;
import dev.contractkit.reference.platform.PublicUrl;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code GET /api/v1/threads} (one page, newest first; {@code total}, {@code limit}, {@code offset} and a {@code Link}
 * header with {@code rel="next"} and {@code rel="last"}, as the coupons list) and {@code DELETE
 * /api/v1/threads/{threadId}}, for {@link RunsEndpoint}. The generated stub has checked {@code limit} and
 * {@code offset} against the contract's bounds.
 */
final class ThreadList {
    static final int DEFAULT_LIMIT = 20;
    private static final int TITLE_CHARS = 200;
    private static final Set<String> PAGING = Set.of("limit", "offset");

    private final ObjectMapper mapper;
    private final ThreadStore store;

    ThreadList(ObjectMapper mapper, ThreadStore store) {
        this.mapper = mapper;
        this.store = store;
    }

    /**
     * @param question the run's question
     * @param secrets  the server's stored credentials, cut out as the events' texts
     * @return the title of a thread this run starts: the question on one line, at most 200 characters; null when empty
     */
    static String title(String question, Set<String> secrets) {
        String text = question;
        for (String secret : secrets) {
            text = text.replace(secret, "[redacted]");
        }
        text = text.replaceAll("\\s+", " ").strip();
        if (text.codePointCount(0, text.length()) > TITLE_CHARS) {
            text = text.substring(0, text.offsetByCodePoints(0, TITLE_CHARS));
        }
        return text.isEmpty() ? null : text;
    }

    void list(ServerRequest request, ServerResponse response, Optional<Integer> limitParam, Optional<Integer> offsetParam) {
        int limit = limitParam.orElse(DEFAULT_LIMIT);
        int offset = offsetParam.orElse(0);
        ThreadStore.Page page = store.list(limit, offset, Principal.of(request));
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        for (ThreadStore.ThreadRow t : page.threads()) {
            ObjectNode n = items.addObject().put("threadId", t.threadId());
            if (t.title() != null) {
                n.put("title", t.title());
            }
            n.put("runCount", t.runCount()).put("createdAt", t.createdAt().toString())
                    .put("updatedAt", t.updatedAt().toString());
            if (t.lastRunId() != null) {
                n.put("lastRunId", t.lastRunId()).put("lastRunStatus", t.lastRunStatus());
            }
        }
        body.put("total", page.total()).put("limit", limit).put("offset", offset);
        String links = links(request, limit, offset, page.total());
        if (links != null) {
            response.header(HeaderNames.create("Link"), links);
        }
        response.send(body);
    }

    /** {@code rel="next"} while items follow, {@code rel="last"} when there is at least one; null when neither. */
    private static String links(ServerRequest request, int limit, int offset, int total) {
        List<String> out = new ArrayList<>();
        if (offset + limit < total) {
            out.add("<" + PublicUrl.pageLink(request, PAGING, "limit=" + limit + "&offset=" + (offset + limit))
                    + ">; rel=\"next\"");
        }
        if (total > 0) {
            out.add("<" + PublicUrl.pageLink(request, PAGING, "limit=" + limit + "&offset=" + ((total - 1) / limit) * limit)
                    + ">; rel=\"last\"");
        }
        return out.isEmpty() ? null : String.join(", ", out);
    }

    /** @return true when the thread has runs and the principal sees it (its own; the operator every one) */
    boolean visible(String threadId, Principal principal) {
        return store.visible(threadId, principal);
    }

    void delete(ServerRequest request, ServerResponse response, String threadId) {
        switch (store.delete(threadId, Principal.of(request))) {
            case ThreadStore.Deleted.Done done -> response.status(Status.NO_CONTENT_204).send();
            case ThreadStore.Deleted.NotFound missing -> throw ApiError.notFound("no runs in thread '" + threadId + "'");
            case ThreadStore.Deleted.Busy busy -> throw new ApiError(Status.CONFLICT_409, "RUN_ALREADY_ACTIVE", "thread '"
                    + threadId + "' has a run that is still going ('" + busy.runId() + "'); cancel it (POST /api/v1/runs/"
                    + busy.runId() + "/cancel) and delete the thread once it has ended");
        }
    }
}
