package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Principal;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpMediaType;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Workspace files: upload ({@code multipart/form-data} or the raw body, at most 10 MiB), list, download, delete; stored
 * in the database. The generated {@code FilesService} routes the operations and checks the download's path
 * parameter; the upload overrides the operation method, as the stub leaves a multipart body to the service, and
 * parses it with {@link MultipartUpload}. A file is its uploader's: another named principal gets 404 for it and does not
 * see it listed (the operator sees every file).
 */
final class FilesEndpoint extends FilesService {
    static final int MAX_BYTES = 10 * 1024 * 1024;
    private static final Map<String, String> TYPES = Map.of("csv", "text/csv", "json", "application/json",
            "md", "text/markdown", "txt", "text/plain");
    private static final Pattern NAME = Pattern.compile("^[^/\\\\]{1,200}$");

    private final ObjectMapper mapper;
    private final AgentStore store;

    FilesEndpoint(ObjectMapper mapper, AgentStore store) {
        this.mapper = mapper;
        this.store = store;
    }

    @Override
    protected void uploadFile(ServerRequest request, ServerResponse response) {
        String type = request.headers().contentType().map(HttpMediaType::mediaType).map(m -> m.text()).orElse("");
        Optional<String> queryName = request.query().first("name").asOptional();
        queryName.ifPresent(n -> checkName("name", n));
        String name;
        byte[] bytes;
        if (type.equalsIgnoreCase("multipart/form-data")) {
            MultipartUpload upload = MultipartUpload.read(request, MAX_BYTES);
            upload.name().ifPresent(n -> checkName("name", n));
            name = upload.name().or(() -> queryName).or(upload::fileName)
                    .orElseThrow(() -> ApiError.invalid("name: the file part has no filename and no name was given"));
            checkName("file", name);
            bytes = upload.bytes();
        } else if (type.equalsIgnoreCase("application/octet-stream")) {
            name = queryName.orElseThrow(() -> ApiError.invalid("name: is required with an application/octet-stream body"));
            bytes = raw(request);
        } else {
            throw new ApiError(Status.UNSUPPORTED_MEDIA_TYPE_415, "UNSUPPORTED_MEDIA_TYPE",
                    "Content-Type must be multipart/form-data (a 'file' part) or application/octet-stream (the file's bytes)");
        }
        if (bytes.length == 0) {
            throw ApiError.invalid("file: the file is empty");
        }
        int dot = name.lastIndexOf('.');
        String mediaType = TYPES.getOrDefault(dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT),
                "application/octet-stream");
        AgentStore.StoredFile f = new AgentStore.StoredFile("file-" + UUID.randomUUID().toString().substring(0, 13), name,
                mediaType, bytes, Instant.now());
        store.saveFile(f, Principal.of(request));
        response.status(Status.CREATED_201).send(json(f));
    }

    private static void checkName(String field, String name) {
        if (!NAME.matcher(name).matches()) {
            throw ApiError.invalid(field + ": a file name is 1 to 200 characters without '/' or '\\'");
        }
    }

    private static byte[] raw(ServerRequest request) {
        if (!request.content().hasEntity()) {
            throw ApiError.invalid("body: the file is empty");
        }
        byte[] bytes;
        try (InputStream body = request.content().inputStream()) {
            bytes = body.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw ApiError.invalid("body: the file could not be read: " + e.getMessage());
        }
        if (bytes.length > MAX_BYTES) {
            throw new ApiError(Status.REQUEST_ENTITY_TOO_LARGE_413, "PAYLOAD_TOO_LARGE",
                    "body: larger than " + MAX_BYTES + " bytes");
        }
        return bytes;
    }

    private ObjectNode json(AgentStore.StoredFile f) {
        return mapper.createObjectNode().put("fileId", f.id()).put("name", f.name()).put("mediaType", f.mediaType())
                .put("sizeBytes", f.content().length).put("createdAt", f.createdAt().toString())
                .put("downloadPath", "/api/v1/files/" + f.id() + "/content");
    }

    @Override
    protected void handleListFiles(ServerRequest request, ServerResponse response) {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        store.files(Principal.of(request)).forEach(f -> items.add(json(f)));
        response.send(body);
    }

    @Override
    protected void handleDeleteFile(ServerRequest request, ServerResponse response, String fileId) {
        if (!store.deleteFile(fileId, Principal.of(request))) {
            throw ApiError.notFound("no file '" + fileId + "'");
        }
        response.status(Status.NO_CONTENT_204).send();
    }

    @Override
    protected void handleDownloadFile(ServerRequest request, ServerResponse response, String fileId) {
        AgentStore.StoredFile f = store.file(fileId, Principal.of(request)).orElseThrow(() -> ApiError.notFound("no file '" + fileId + "'"));
        response.header(HeaderNames.CONTENT_TYPE, "application/octet-stream");
        response.header(HeaderNames.CONTENT_DISPOSITION, ContentDisposition.attachment(f.name()));
        response.header("X-Content-Type-Options", "nosniff");
        response.send(f.content());
    }
}
