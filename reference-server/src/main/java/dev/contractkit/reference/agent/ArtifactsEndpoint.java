package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Principal;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Artifacts (CSV result tables) by thread, their content and their delete; stored in the database, so they survive
 * restarts. An artifact is its thread's owner's: another named principal gets 404 for it and an empty list for the
 * thread (the operator sees every one).
 */
final class ArtifactsEndpoint extends ArtifactsService {
    private final ObjectMapper mapper;
    private final AgentStore store;
    private final ThreadStore threads;

    ArtifactsEndpoint(ObjectMapper mapper, AgentStore store, ThreadStore threads) {
        this.mapper = mapper;
        this.store = store;
        this.threads = threads;
    }

    /** @return the artifact when the principal sees its thread (an artifact is its thread's owner's) */
    private AgentStore.Artifact visible(ServerRequest request, String artifactId) {
        return store.artifact(artifactId).filter(a -> threads.visible(a.threadId(), Principal.of(request)))
                .orElseThrow(() -> ApiError.notFound("no artifact '" + artifactId + "'"));
    }

    @Override
    protected void handleListArtifacts(ServerRequest request, ServerResponse response, String threadId) {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        // another principal's thread has no artifacts for this one, as a thread that does not exist
        boolean sees = threads.visible(threadId, Principal.of(request));
        for (AgentStore.Artifact a : sees ? store.artifacts(threadId) : List.<AgentStore.Artifact>of()) {
            items.addObject().put("artifactId", a.id()).put("name", a.name()).put("mediaType", a.mediaType())
                    .put("sizeBytes", a.content().getBytes(StandardCharsets.UTF_8).length).put("threadId", a.threadId())
                    .put("runId", a.runId()).put("downloadPath", "/api/v1/artifacts/" + a.id() + "/content");
        }
        response.send(body);
    }

    @Override
    protected void handleDeleteArtifact(ServerRequest request, ServerResponse response, String artifactId) {
        visible(request, artifactId);
        if (!store.deleteArtifact(artifactId)) {
            throw ApiError.notFound("no artifact '" + artifactId + "'");
        }
        response.status(Status.NO_CONTENT_204).send();
    }

    @Override
    protected void handleDownloadArtifact(ServerRequest request, ServerResponse response, String artifactId) {
        AgentStore.Artifact a = visible(request, artifactId);
        response.header(HeaderNames.CONTENT_TYPE, a.mediaType() + "; charset=utf-8");
        response.header(HeaderNames.CONTENT_DISPOSITION, ContentDisposition.attachment(a.name()));
        response.header("X-Content-Type-Options", "nosniff");
        response.send(a.content().getBytes(StandardCharsets.UTF_8));
    }
}
