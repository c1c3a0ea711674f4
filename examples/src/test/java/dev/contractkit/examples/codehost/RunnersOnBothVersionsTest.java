package dev.contractkit.examples.codehost;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.codehost.CodehostModule;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.sdk.codehost.CodehostV4Client;
import dev.contractkit.sdk.codehost.CodehostV5Client;
import dev.contractkit.sdk.codehost.RunnerState;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RunnersOnBothVersionsTest {
    @Test
    void listsOnBothVersionsAndPausesOneRunnerThroughEach(@TempDir Path data) {
        Settings settings = Settings.of(Map.of("data-dir", data.toString(), "codehost.port", "0"));
        try (KitServer server = KitServer.start(settings, List.of(Api.CODEHOST))) {
            String url = server.url(Api.CODEHOST);
            CodehostV4Client v4 = CodehostV4Client.builder().baseUrl(url).token(CodehostModule.DEMO_TOKEN).build();
            CodehostV5Client v5 = CodehostV5Client.builder().baseUrl(url).token(CodehostModule.DEMO_TOKEN).build();
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();

            List<Long> paused = RunnersOnBothVersions.run(v4, v5, new PrintStream(buffer, true, StandardCharsets.UTF_8));

            String out = buffer.toString(StandardCharsets.UTF_8);
            assertThat(paused).containsExactly(1L, 3L);
            assertThat(out).contains("paused runner 1 through v4 (active=false); v5 says paused=true, status=online")
                    .contains("paused runner 3 through v5 (paused=true); v4 says active=false, status=paused")
                    .contains("resumed runners 1 and 3")
                    .doesNotContain("VERSIONS DISAGREE");
            assertThat(out.lines().filter(l -> l.startsWith("1 "))).hasSize(2)
                    .anySatisfy(l -> assertThat(l).endsWith("| yes"))
                    .anySatisfy(l -> assertThat(l).endsWith("| no"));
            assertThat(RunnerState.isPaused(v5.getRunner(1L).execute())).isFalse();
            assertThat(RunnerState.isPaused(v4.getRunner(3L).execute())).isFalse();
        }
    }
}
