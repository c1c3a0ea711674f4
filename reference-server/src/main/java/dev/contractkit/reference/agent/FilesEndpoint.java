package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpMediaType;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/** Workspace files: upload (raw body, at most 10 MiB), list, download; stored in the database. */
final class FilesEndpoint extends FilesService {
    static final int MAX_BYTES = 10 * 1024 * 1024;
    private static final Map<String, String> TYPES = Map.of("csv", "text/csv", "json", "application/json",
            "md", "text/markdown", "txt", "text/plain");

    private final ObjectMapper mapper;
    private final AgentStore store;

    FilesEndpoint(ObjectMapper mapper, AgentStore store) {
        this.mapper = mapper;
        this.store = store;
    }

    @Override
    protected void uploadFile(ServerRequest request, ServerResponse response) {
        String type = request.headers().contentType().map(HttpMediaType::mediaType).map(m -> m.text()).orElse("");
        if (!type.equalsIgnoreCase("application/octet-stream")) {
            throw new ApiError(Status.UNSUPPORTED_MEDIA_TYPE_415, "UNSUPPORTED_MEDIA_TYPE",
                    "Content-Type must be application/octet-stream (the file's bytes)");
        }
        super.uploadFile(request, response);
    }

    @Override
    protected void handleUploadFile(ServerRequest request, ServerResponse response, String name, InputStream body) {
        byte[] bytes;
        try {
            bytes = body.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw ApiError.invalid("the file could not be read: " + e.getMessage());
        }
        if (bytes.length == 0) {
            throw ApiError.invalid("body: the file is empty");
        }
        if (bytes.length > MAX_BYTES) {
            throw ApiError.invalid("body: the file is larger than " + MAX_BYTES + " bytes");
        }
        int dot = name.lastIndexOf('.');
        String mediaType = TYPES.getOrDefault(dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT),
                "application/octet-stream");
        AgentStore.StoredFile f = new AgentStore.StoredFile("file-" + UUID.randomUUID().toString().substring(0, 13), name,
                mediaType, bytes, java.time.Instant.now());
        try {
            store.saveFile(f);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        response.status(Status.CREATED_201).send(json(f));
    }

    private ObjectNode json(AgentStore.StoredFile f) {
        return mapper.createObjectNode().put("fileId", f.id()).put("name", f.name()).put("mediaType", f.mediaType())
                .put("sizeBytes", f.content().length).put("createdAt", f.createdAt().toString())
                .put("downloadPath", "/api/v1/files/" + f.id() + "/content");
    }

    @Override
    protected void handleListFiles(ServerRequest request, ServerResponse response) {
        try {
            ObjectNode body = mapper.createObjectNode();
            ArrayNode items = body.putArray("items");
            store.files().forEach(f -> items.add(json(f)));
            response.send(body);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected void handleDownloadFile(ServerRequest request, ServerResponse response, String fileId) {
        try {
            AgentStore.StoredFile f = store.file(fileId).orElseThrow(() -> ApiError.notFound("no file '" + fileId + "'"));
            response.header(HeaderNames.CONTENT_TYPE, "application/octet-stream");
            response.header(HeaderNames.CONTENT_DISPOSITION, "attachment; filename=\"" + f.name().replace("\"", "") + "\"");
            response.send(f.content());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
