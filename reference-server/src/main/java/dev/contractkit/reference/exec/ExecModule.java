package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.Cluster;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.ErrorObject;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.KitToken;
import dev.contractkit.reference.platform.Leases;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.webserver.http.HttpRouting;

import java.util.logging.Logger;

/**
 * The execution control plane on its own listener (default port 8080): adapter.v1 translation, task graphs,
 * execution in dependency order with retry (back-off with jitter) and time-out, cancel, list, output streaming,
 * state in the kit's database (finished tasks kept for {@code KIT_EXEC_RETENTION_MS}, swept on every heartbeat). Runtime-backed
 * tasks go to the runtime service over HTTP at {@code KIT_EXEC_RUNTIME_URL} / {@code EXEC_RUNTIME_URL}.
 * See {@link ExecSettings} for the switches that enable commands and files (all off by default) and for what
 * the network actions may reach ({@link NetGuard}). Calls to the runtime carry the kit token.
 */
public final class ExecModule implements ApiModule {
    private static final Logger LOG = Logger.getLogger(ExecModule.class.getName());

    private final KitToken token;
    private final ObjectMapper mapper = Json.snakeCase();
    private final ControlPlane plane;
    private final TaskOutput output;

    /**
     * @param settings configuration
     * @param database the kit's database
     * @param cluster  what the replicas share: cancel requests cross to the replica that runs the task
     * @param leases   this process's replica id (the owner of the tasks it accepts) and the orphan sweeps
     */
    public ExecModule(Settings settings, Database database, Cluster cluster, Leases leases) {
        ExecSettings exec = ExecSettings.from(settings);
        TaskStore store = new TaskStore(database.dataSource(), mapper, leases.replicaId());
        leases.register("exec", store::endOrphans);
        Translator translator = new Translator(new ContractRules(ContractDocument.load(Api.EXEC.mainContract())), exec);
        this.token = KitToken.load(settings);
        RuntimeServiceClient runtime = new RuntimeServiceClient(exec.runtimeUrl(), mapper, token.value());
        TaskRunner runner = new TaskRunner(store, new WorkFactory(exec, runtime), exec.pollMillis(), exec.backOff());
        this.plane = new ControlPlane(exec, translator, store, runner, cluster.bus(), runtime.queuedTasks()::get);
        this.output = new TaskOutput(store, runtime, mapper, exec.pollMillis(), runner::awaitChange);
        leases.register("exec-retention", orphans -> {
            int n = plane.expire();
            if (n > 0) {
                LOG.fine(() -> "exec: " + n + " finished task(s) older than the retention time were forgotten");
            }
            return 0; // the count leases logs is of ended orphans, which these are not
        });
        cluster.bus().subscribe(ControlPlane.CANCEL_CHANNEL, runner::cancel);
    }

    @Override
    public Api api() {
        return Api.EXEC;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        routing.register("/adapters", new AdaptersEndpoint(plane, mapper));
        routing.register("/tasks", new TasksEndpoint(plane, mapper, output));
        routing.register("/health", new HealthEndpoint(plane));
    }

    @Override
    public Object errorBody(ApiError error, String requestId) {
        return ErrorObject.of(error, requestId);
    }


    @Override
    public void close() {
        plane.close();
    }
}
