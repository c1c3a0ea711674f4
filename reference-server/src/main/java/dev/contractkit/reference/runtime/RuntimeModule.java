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
 * <p>Settings: {@link RuntimeSettings} (every key with its default in the registry, {@code ./kit help settings});
 * {@code runtime.allow-commands} ({@code KIT_RUNTIME_ALLOW_COMMANDS}) is off by default: every task is refused with
 * 403 {@code commands_disabled}. Every operation but the probes needs the kit token (the listener's filter).
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
        RuntimeSettings runtime = RuntimeSettings.from(settings);
        Path root = runtime.workRoot();
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("runtime: cannot create the work root " + root, e);
        }
        this.table = new ProcessTable(root, runtime.capacity(), runtime.queueCapacity(), runtime.retain(),
                runtime.maxOutputBytes(), runtime.defaultTimeout().toMillis(), runtime.childEnv());
        this.allowCommands = runtime.allowCommands();
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
