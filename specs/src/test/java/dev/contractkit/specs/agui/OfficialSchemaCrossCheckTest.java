package dev.contractkit.specs.agui;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The build's cross-check of the agent contract against the official {@code @ag-ui/core} 1.0 schemas
 * ({@code tools/agui/check-contract.sh}, run with {@code --required=true}: without node this test fails, it never
 * skips): the shipped contracts pass, and an example the official schemas reject fails it, naming file and pointer.
 */
class OfficialSchemaCrossCheckTest {
    private static final Path SPECS = Path.of("").toAbsolutePath();

    record Result(int exit, String output) {
    }

    private static Result check(Path... files) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", SPECS.resolve("tools/agui/check-contract.sh").toString(), "--required=true"));
        for (Path f : files) {
            cmd.add(f.toString());
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as(out).isTrue();
        return new Result(p.exitValue(), out);
    }

    @Test
    void theShippedAgentContractsPassTheOfficialSchemas() throws Exception {
        Result r = check(SPECS.resolve("asyncapi/agent-events.yaml"), SPECS.resolve("openapi/agent.yaml"));
        assertThat(r.exit()).as(r.output()).isZero();
        assertThat(r.output()).contains("AG-UI cross-check ok").contains("@ag-ui/core 1.0.0");
    }

    @Test
    void aReasoningMessageWithTheAssistantRoleFailsTheCrossCheck(@TempDir Path dir) throws Exception {
        Path bad = Files.createDirectories(dir.resolve("asyncapi")).resolve("agent-events.yaml");
        Files.writeString(bad, Files.readString(SPECS.resolve("asyncapi/agent-events.yaml"))
                .replace("messageId: reasoning-msg-1\n          role: reasoning", "messageId: reasoning-msg-1\n          role: assistant"));
        Result r = check(bad);
        assertThat(r.exit()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("CONTRACT ERROR asyncapi/agent-events.yaml "
                + "/components/messages/reasoningMessageStartEvent/examples/0/payload: REASONING_MESSAGE_START rejected");
    }

    @Test
    void aStringOutcomeInAnSseExampleFailsTheCrossCheck(@TempDir Path dir) throws Exception {
        Path bad = Files.createDirectories(dir.resolve("openapi")).resolve("agent.yaml");
        Files.writeString(bad, Files.readString(SPECS.resolve("openapi/agent.yaml"))
                .replace("\"outcome\":{\"type\":\"cancelled\"}", "\"outcome\":\"cancelled\""));
        Result r = check(bad);
        assertThat(r.exit()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("CONTRACT ERROR openapi/agent.yaml").contains("RUN_FINISHED rejected")
                .contains("outcome");
    }
}
