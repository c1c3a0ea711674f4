package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.Cluster;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.Leases;
import dev.contractkit.reference.platform.ModelProfiles;
import dev.contractkit.reference.platform.NamedTokens;
import dev.contractkit.reference.platform.Signals;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.webserver.http.HttpRouting;

import java.time.Clock;
import java.util.stream.Collectors;

/**
 * The data-analysis agent ({@code specs/openapi/agent.yaml}) on its own listener (default port 8090): AG-UI 1.0 run stream over
 * SSE, cancel, session history, the threads' list and delete, data sources, workspace resources, files, artifacts.
 * Deterministic by default (no model, no network); a run on a configured model profile calls an OpenAI-compatible
 * chat-completions endpoint ({@link ModelProfiles}: {@code agent.model-profiles}, {@code agent.model.<id>.*}).
 *
 * <p>Settings ({@code KIT_AGENT_*} / {@code kit.agent.*}; {@link AgentSettings}, every key with its default in the
 * registry, {@code ./kit help settings}): {@code step-delay} (a duration, default {@code PT0S}): a pause between the run's steps and streamed pieces, to watch streaming and try cancel;
 * {@code jdbc-allow} (more JDBC URL prefixes, see {@link JdbcUrlPolicy}); {@code db-net-allow} (internal addresses
 * data sources may reach, see {@link DataSourceConnections}); {@code mcp-allow} (internal addresses MCP servers may
 * have, see {@link McpAddressPolicy}); {@code max-message-chars} and
 * {@code max-input-chars} (see {@link InputLimits}); {@code retention-days} (days, or a duration; 0 keeps everything: old threads,
 * files and artifacts are removed on every heartbeat, see {@link Retention}); {@code tokens} (named tokens,
 * {@code name=token,...}: each a principal that sees only its own threads, files and artifacts, see {@link Principals};
 * the kit token's holder is the operator).
 */
public final class AgentModule implements ApiModule {
    private final ObjectMapper mapper = Json.camelCase();
    private final RunsEndpoint runs;
    private final ResourcesEndpoint resources;
    private final ArtifactsEndpoint artifacts;
    private final FilesEndpoint files;
    private final Principals principals;
    private final PrincipalsEndpoint principalsEndpoint;

    /**
     * @param settings configuration
     * @param database the kit's database
     * @param cluster  what the replicas share: cancel requests cross to the replica that streams the run
     * @param leases   this process's replica id (the owner of the runs it starts) and the orphan sweeps
     */
    public AgentModule(Settings settings, Database database, Cluster cluster, Leases leases) {
        AgentSettings agent = AgentSettings.from(settings);
        ContractRules rules = new ContractRules(ContractDocument.load(Api.AGENT.mainContract()));
        AgentStore store = new AgentStore(database.dataSource(), mapper);
        ThreadStore threads = new ThreadStore(database.dataSource());
        this.principals = new Principals(database.dataSource(), mapper);
        principals.configure(Principals.configured(settings));
        Signals signals = Signals.local();
        leases.register("agent", orphans -> store.endOrphans(orphans, signals::signal));
        Retention retention = new Retention(threads, agent.retention(), Clock.systemUTC());
        leases.register("agent-retention", orphans -> {
            retention.sweep();
            return 0; // the count leases logs is of ended orphans, which these are not
        });
        ModelProfiles profiles = ModelProfiles.from(settings, System::getenv);
        Workspace workspace = Workspace.load(mapper, new ResourceStore(database.dataSource(), mapper), profiles.entries(mapper));
        DataSourceConnections jdbc = new DataSourceConnections(new JdbcUrlPolicy(settings), settings);
        Analyst analyst = new Analyst(mapper, store, workspace, new SqlTool(database.dataSource(), jdbc), agent.stepDelay(),
                new McpAddressPolicy(settings), profiles);
        this.runs = new RunsEndpoint(mapper, rules, store, new RunConfigResolver(mapper, workspace), analyst,
                new ActiveRun.Registry(), agent.inputLimits(), cluster.bus(),
                new RunsEndpoint.Attach(leases.replicaId(), signals), new ThreadList(mapper, threads), principals);
        cluster.bus().subscribe(RunsEndpoint.CANCEL_CHANNEL, runs::cancelledElsewhere);
        this.resources = new ResourcesEndpoint(mapper, rules, store, workspace, jdbc);
        this.artifacts = new ArtifactsEndpoint(mapper, store, threads);
        this.files = new FilesEndpoint(mapper, store);
        this.principalsEndpoint = new PrincipalsEndpoint(mapper, rules, principals);
    }

    @Override
    public Api api() {
        return Api.AGENT;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        routing.addFilter(OperatorOnly::filter);
        routing.register("/api/v1/principals", principalsEndpoint);
        routing.register("/api/v1/artifacts", artifacts);
        routing.register("/api/v1/files", files);
        routing.register("/api/v1", resources);
        routing.register("/api", runs);
        routing.register("/", new WebUi()); // the web front end (agent/web)
    }

    @Override
    public NamedTokens namedTokens() {
        return principals;
    }

    @Override
    public Object errorBody(ApiError error, String requestId) {
        ObjectNode body = mapper.createObjectNode().put("code", error.code());
        String message = error.getMessage();
        if (!error.fieldErrors().isEmpty()) {
            message = message + ": " + error.fieldErrors().entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining("; "));
        } else if (error.details() != null) {
            message = message + ": " + error.details();
        }
        return body.put("message", message).put("requestId", requestId);
    }
}
