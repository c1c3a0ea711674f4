package dev.contractkit.examples.agent;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.UnauthorizedException;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentEvent;
import dev.contractkit.sdk.agent.AgentRun;
import dev.contractkit.sdk.agent.AgentTranscript;
import dev.contractkit.sdk.agent.model.RunAgentInput;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The SDK's typed, cancellable run stream against the real reference agent. */
class AnalyzeSalesTest {
    static final String TOKEN = "test-kit-token";

    private static KitServer start(Path data, String delay) {
        return KitServer.start(Settings.of(Map.of("data-dir", data.toString(), "agent.port", "0",
                "agent.step-delay", delay, "token", TOKEN)), List.of(Api.AGENT));
    }

    private static AgentClient client(KitServer server) {
        return AgentClient.builder().baseUrl(server.url(Api.AGENT)).token(TOKEN).build();
    }

    @Test
    void theTypedStreamFoldsIntoTheAnswerToolCallsAndArtifactAndHistoryFoldsTheSame(@TempDir Path data) {
        try (KitServer server = start(data, "PT0S")) {
            AgentClient agent = client(server);
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            AgentTranscript t = AnalyzeSales.run(agent, "sdk-thread", "What is the revenue by region?",
                    new PrintStream(buffer, true, StandardCharsets.UTF_8));
            String out = buffer.toString(StandardCharsets.UTF_8);
            assertThat(out).contains("[tool] run_sql", "| APAC |", "[artifact] revenue_by_region.csv",
                    "[SUCCESS]", "ordering violations: 0");
            assertThat(t.runEnd()).isEqualTo(AgentTranscript.RunEnd.SUCCESS);
            assertThat(t.answer()).startsWith("**Revenue by region**").contains("| EMEA |");
            assertThat(t.toolCalls()).extracting(AgentTranscript.ToolCall::name)
                    .containsExactly("search_knowledge", "inspect_schema", "run_sql");
            assertThat(t.toolCalls().get(2).arguments()).contains("SELECT region, SUM(revenue)");
            assertThat(t.toolCalls().get(2).result()).hasValueSatisfying(r -> assertThat(r).contains("APAC"));
            assertThat(t.runConfig()).hasValueSatisfying(c -> assertThat(c.getActiveDatasourceId()).isEqualTo("sample"));
            assertThat(t.reasoning()).hasSize(2); // how it goes about it, then the plan it chose
            assertThat(t.artifacts()).hasSize(1);
            String csv = agent.downloadArtifact(t.artifacts().get(0).getArtifactId()).execute();
            assertThat(csv).startsWith("REGION,REVENUE");
            assertThat(agent.listArtifacts("sdk-thread").execute().getItems()).hasSize(1);

            List<List<AgentEvent>> restored = agent.historyEvents("sdk-thread").execute();
            assertThat(restored).hasSize(1);
            assertThat(AgentTranscript.fold(restored.get(0))).usingRecursiveComparison().isEqualTo(t);
            assertThat(agent.resources().datasources().list().execute()).extracting(d -> d.getId()).contains("sample");
            assertThat(agent.resources().skills().list().execute()).isNotEmpty();
            assertThat(agent.resources().knowledgeBases().search("kb-sales-glossary", "revenue").execute()).extracting(h -> h.getTitle()).contains("Revenue");
            var file = agent.uploadFile("targets.csv", "region,target\nAPAC,1\n".getBytes(StandardCharsets.UTF_8)).execute();
            assertThat(file.getMediaType()).isEqualTo("text/csv");
            assertThat(agent.listFiles().execute().getItems()).extracting(f -> f.getFileId()).containsExactly(file.getFileId());
        }
    }

    @Test
    void cancelEndsTheRunWithTheCancelledOutcome(@TempDir Path data) {
        try (KitServer server = start(data, "PT0.3S")) {
            AgentClient agent = client(server);
            try (AgentRun run = agent.runAgent(AgentRun.input("sdk-cancel", "sdk-cancel-1", "Units by product?")).execute()) {
                List<String> types = new ArrayList<>();
                for (AgentEvent e : run) {
                    types.add(e.type());
                    if (e instanceof AgentEvent.RunStarted) {
                        run.cancel();
                    }
                }
                AgentTranscript t = run.transcript();
                assertThat(types.get(0)).isEqualTo("RUN_STARTED");
                assertThat(types.get(types.size() - 1)).isEqualTo("RUN_FINISHED");
                assertThat(t.runEnd()).isEqualTo(AgentTranscript.RunEnd.CANCELLED);
                assertThat(run.violations()).isEmpty();
            }
            assertThat(agent.getThreadHistory("sdk-cancel").execute().getRuns().get(0).getStatus().getValue()).isEqualTo("canceled");
        }
    }

    @Test
    void aRefusedRunIsAnApiExceptionAndARunErrorFoldsIntoItsCode(@TempDir Path data) {
        try (KitServer server = start(data, "PT0S")) {
            AgentClient agent = client(server);
            RunAgentInput secret = AgentRun.input("sdk-err", "sdk-err-1", "use password=hunter22 please");
            assertThatThrownBy(() -> agent.runAgent(secret).execute()).isInstanceOf(BadRequestException.class)
                    .hasMessageContaining("credentials");
            RunAgentInput inactive = AgentRun.input("sdk-err", "sdk-err-2", "Revenue?");
            inactive.setForwardedProps(Map.of("run_config", Map.of("enabledDatasourceIds", List.of("sample"),
                    "activeDatasourceId", "warehouse")));
            try (AgentRun run = agent.runAgent(inactive).execute()) {
                AgentTranscript t = run.transcript();
                assertThat(t.runEnd()).isEqualTo(AgentTranscript.RunEnd.ERROR);
                assertThat(t.errorCode()).contains("ACTIVE_DATASOURCE_NOT_ENABLED");
                assertThat(run.received().get(1)).isInstanceOf(AgentEvent.RunConfigResolved.class);
            }
        }
    }

    @Test
    void withoutTheKitTokenTheAgentRefusesTheRunAndTheResources(@TempDir Path data) {
        try (KitServer server = start(data, "PT0S")) {
            // the builder wants a token (every agent operation needs one): a token the server never issued
            AgentClient anonymous = AgentClient.builder().baseUrl(server.url(Api.AGENT)).token("not-a-kit-token").build();
            PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

            assertThatThrownBy(() -> AnalyzeSales.run(anonymous, "sdk-anon", "Revenue?", out))
                    .isInstanceOf(UnauthorizedException.class);
            assertThatThrownBy(() -> anonymous.resources().datasources().list().execute()).isInstanceOf(UnauthorizedException.class);
            assertThatThrownBy(() -> client(server).getThreadHistory("sdk-anon").execute()).as("no run was started")
                    .isInstanceOf(NotFoundException.class);
        }
    }
}
