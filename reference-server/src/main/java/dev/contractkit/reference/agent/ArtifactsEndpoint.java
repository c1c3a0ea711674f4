package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;

/**
 * Artifacts (CSV result tables) by thread, their content and their delete; stored in the database, so they survive
 * restarts.
 */
final class ArtifactsEndpoint extends ArtifactsService {
    private final ObjectMapper mapper;
    private final AgentStore store;

    ArtifactsEndpoint(ObjectMapper mapper, AgentStore store) {
        this.mapper = mapper;
        this.store = store;
    }

    @Override
    protected void handleListArtifacts(ServerRequest request, ServerResponse response, String threadId) {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        for (AgentStore.Artifact a : store.artifacts(threadId)) {
            items.addObject().put("artifactId", a.id()).put("name", a.name()).put("mediaType", a.mediaType())
                    .put("sizeBytes", a.content().getBytes(StandardCharsets.UTF_8).length).put("threadId", a.threadId())
                    .put("runId", a.runId()).put("downloadPath", "/api/v1/artifacts/" + a.id() + "/content");
        }
        response.send(body);
    }

    @Override
    protected void handleDeleteArtifact(ServerRequest request, ServerResponse response, String artifactId) {
        if (!store.deleteArtifact(artifactId)) {
            throw ApiError.notFound("no artifact '" + artifactId + "'");
        }
        response.status(Status.NO_CONTENT_204).send();
    }

    @Override
    protected void handleDownloadArtifact(ServerRequest request, ServerResponse response, String artifactId) {
        AgentStore.Artifact a = store.artifact(artifactId)
                .orElseThrow(() -> ApiError.notFound("no artifact '" + artifactId + "'"));
        response.header(HeaderNames.CONTENT_TYPE, a.mediaType() + "; charset=utf-8");
        response.header(HeaderNames.CONTENT_DISPOSITION, ContentDisposition.attachment(a.name()));
        response.header("X-Content-Type-Options", "nosniff");
        response.send(a.content().getBytes(StandardCharsets.UTF_8));
    }
}
