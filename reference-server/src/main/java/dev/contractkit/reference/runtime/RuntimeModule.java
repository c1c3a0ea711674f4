package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ChildEnvironment;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.ErrorObject;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.webserver.http.HttpRouting;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The runtime service on its own listener (default port 18080): runs processes for the control plane's
 * {@code runtime.*} tasks.
 *
 * <p>Settings: {@code runtime.work-root} (default {@code <data-dir>/runtime-work}; every working directory lies
 * inside it), {@code runtime.capacity} (8 processes at once), {@code runtime.queue-capacity} (64 more wait in a FIFO queue,
 * status {@code queued}; beyond that a start answers 503), {@code runtime.max-output-bytes} (65536 per
 * stream), {@code runtime.default-timeout-ms} (600000), {@code runtime.retain} (1000 finished tasks kept),
 * {@code runtime.allow-commands} ({@code KIT_RUNTIME_ALLOW_COMMANDS}, default false: every task is refused with
 * 403 {@code commands_disabled}), {@code runtime.env-allow} (the environment a process inherits, see
 * {@link ChildEnvironment}). Every operation but the probes needs the kit token (the listener's filter).
 */
public final class RuntimeModule implements ApiModule {
    private final ObjectMapper mapper = Json.snakeCase();
    private final ProcessTable table;
    private final boolean allowCommands;
    private final ContractRules rules = new ContractRules(ContractDocument.load(Api.RUNTIME.mainContract()));

    /**
     * @param settings configuration
     * @param database the kit's database (unused: processes live and die with the service)
     */
    public RuntimeModule(Settings settings, Database database) {
        Path root = Path.of(settings.get("runtime.work-root",
                Path.of(settings.get("data-dir", "data")).resolve("runtime-work").toString())).toAbsolutePath().normalize();
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("runtime: cannot create the work root " + root, e);
        }
        this.table = new ProcessTable(root, settings.getInt("runtime.capacity", 8),
                Math.max(0, settings.getInt("runtime.queue-capacity", 64)), settings.getInt("runtime.retain", 1000),
                settings.getInt("runtime.max-output-bytes", 64 * 1024), settings.getInt("runtime.default-timeout-ms", 600_000),
                ChildEnvironment.from(settings));
        this.allowCommands = Boolean.parseBoolean(settings.get("runtime.allow-commands", "false"));
    }

    @Override
    public Api api() {
        return Api.RUNTIME;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        routing.register("/", new ProbesEndpoint(table));
        routing.register("/api/v1/tasks", new RuntimeTasksEndpoint(table, rules, mapper, 1 << 20, allowCommands));
    }

    @Override
    public Object errorBody(ApiError error, String requestId) {
        return ErrorObject.of(error, requestId);
    }

    @Override
    public void close() {
        table.close();
    }
}
