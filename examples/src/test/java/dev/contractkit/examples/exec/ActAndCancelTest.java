package dev.contractkit.examples.exec;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.sdk.UnauthorizedException;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ActAndCancelTest {
    static final String TOKEN = "test-kit-token";

    private static KitServer start(Path data) {
        // runtime scripts are off by default: this run enables them (and the control plane's runtime actions)
        return KitServer.start(Settings.of(Map.of("data-dir", data.toString(), "exec.port", "0", "runtime.port", "0",
                "exec.allow-runtime", "true", "runtime.allow-commands", "true", "exec.poll-ms", "20", "token", TOKEN)),
                List.of(Api.EXEC, Api.RUNTIME));
    }

    @Test
    void anActionRunsToSuccessAndARunningRuntimeActionIsCancelled(@TempDir Path data) {
        try (KitServer server = start(data)) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            ExecClient exec = ExecClient.builder().baseUrl(server.url(Api.EXEC)).token(TOKEN)
                    .taskWaitInterval(Duration.ofMillis(20)).build();

            ActAndCancel.ObservedStatuses outcome = ActAndCancel.run(exec, new PrintStream(buffer, true, StandardCharsets.UTF_8));

            assertThat(outcome).isEqualTo(new ActAndCancel.ObservedStatuses("success", "cancelling", "task_cancel_requested", "cancelled"));
            String out = buffer.toString(StandardCharsets.UTF_8);
            assertThat(out).contains("translate: sleep -> os.sleep (agent.v1), accepted false").contains("runtime kill of rt-");
        }
    }

    @Test
    void withoutTheKitTokenTheControlPlaneRefusesTheExampleBeforeAnythingRuns(@TempDir Path data) {
        try (KitServer server = start(data)) {
            ExecClient anonymous = ExecClient.builder().baseUrl(server.url(Api.EXEC)).build();
            ExecClient wrong = ExecClient.builder().baseUrl(server.url(Api.EXEC)).token("not-the-token").build();
            PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

            assertThatThrownBy(() -> ActAndCancel.run(anonymous, out)).isInstanceOf(UnauthorizedException.class);
            assertThatThrownBy(() -> ActAndCancel.run(wrong, out)).isInstanceOf(UnauthorizedException.class);
        }
    }
}
