package dev.contractkit.reference.agent;

import dev.contractkit.reference.KitServer;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentEvent;
import dev.contractkit.sdk.agent.AgentRun;
import dev.contractkit.sdk.agent.AgentTranscript;
import dev.contractkit.sdk.agent.RunGoneException;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's run stream survives a dropped connection (issue 35, requirement 3): the real agent behind a TCP proxy
 * that cuts every connection mid-run, twice; the SDK re-attaches with {@code Last-Event-ID} by itself and its
 * transcript (event types and ids, in order, and the answer) equals that of a run nobody interrupted. A run the
 * server behind the proxy does not know after the drop is a {@link RunGoneException}.
 */
class AgentSdkReattachTest {
    static final String QUESTION = "What is the revenue by region?";

    @TempDir
    static Path dir;
    static KitServer server;
    static CuttingProxy proxy;
    static AgentClient agent;

    @BeforeAll
    static void start() throws Exception {
        server = KitServer.start(AgentHttp.settings(dir.resolve("a")).with("agent.step-delay", "PT0.03S"), List.of(Api.AGENT));
        proxy = new CuttingProxy(server.url(Api.AGENT));
        agent = AgentClient.builder().baseUrl(proxy.url()).token(AgentHttp.KIT_TOKEN)
                .reattach(5, Duration.ofMillis(20), Duration.ofMillis(200)).build();
    }

    @AfterAll
    static void stop() throws Exception {
        agent.close();
        proxy.close();
        server.close();
    }

    /** One line per event: its type (and record, which names a kit CUSTOM event) and its SSE id. */
    record Line(String type, long id) {
    }

    record Transcript(List<Line> lines, AgentTranscript folded) {
    }

    static Transcript run(String thread, String run, int... cutAfter) {
        List<Line> lines = new ArrayList<>();
        try (AgentRun r = agent.runAgent(AgentRun.input(thread, run, QUESTION)).execute()) {
            int cut = 0;
            for (AgentEvent e : r) {
                lines.add(new Line(e.type() + " " + e.getClass().getSimpleName(), r.lastEventId()));
                if (cut < cutAfter.length && lines.size() == cutAfter[cut]) {
                    proxy.cut();
                    cut++;
                }
            }
            assertThat(cut).as("the cuts happened mid-run").isEqualTo(cutAfter.length);
            assertThat(r.violations()).isEmpty();
            return new Transcript(lines, r.transcript());
        }
    }

    @Test
    void aRunWhoseConnectionIsCutTwiceMidRunHasTheTranscriptOfAnUninterruptedRun() {
        Transcript whole = run("t-sdk-whole", "r-sdk-whole");
        Transcript cut = run("t-sdk-cut", "r-sdk-cut", 4, 11);

        assertThat(whole.lines()).hasSizeGreaterThan(12).last().extracting(Line::type).asString().startsWith("RUN_FINISHED");
        assertThat(whole.lines()).extracting(Line::id).as("ids 0, 1, 2, ...")
                .containsExactlyElementsOf(java.util.stream.LongStream.range(0, whole.lines().size()).boxed().toList());
        assertThat(cut.lines()).as("no event lost, none twice, same order").containsExactlyElementsOf(whole.lines());
        assertThat(cut.folded().answer()).contains("| REGION | REVENUE |").isEqualTo(whole.folded().answer());
        assertThat(cut.folded().runEnd()).isEqualTo(AgentTranscript.RunEnd.SUCCESS);
        assertThat(cut.folded().toolCalls()).hasSameSizeAs(whole.folded().toolCalls());
    }

    @Test
    void aRunTheServerBehindTheProxyDoesNotKnowAfterTheDropIsRunGone() throws Exception {
        // after the drop the proxy sends the client to a server with its own, empty database (a replica that does
        // not share the run's): re-attaching answers 404
        KitServer other = KitServer.start(AgentHttp.settings(dir.resolve("b")), List.of(Api.AGENT));
        try (AgentRun run = agent.runAgent(AgentRun.input("t-sdk-gone", "r-sdk-gone", QUESTION)).execute()) {
            List<String> types = new ArrayList<>();
            assertThatThrownBy(() -> run.forEach(e -> {
                types.add(e.type());
                if (types.size() == 3) {
                    proxy.pointAt(other.url(Api.AGENT));
                    proxy.cut();
                }
            })).isInstanceOf(RunGoneException.class).hasMessageContaining("run r-sdk-gone is gone")
                    .satisfies(e -> assertThat(((RunGoneException) e).errorCode()).contains("NOT_FOUND"));
            assertThat(run.received()).hasSizeGreaterThanOrEqualTo(3).extracting(AgentEvent::type).startsWith("RUN_STARTED");
        } finally {
            proxy.pointAt(server.url(Api.AGENT));
            other.close();
        }
        // the run went on on its own server: stop it the way the SDK says
        agent.cancelRun("r-sdk-gone").execute();
    }
}
