package dev.contractkit.examples.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DemoTest {
    private static final Secrets SECRETS = new Secrets("kit-demo-answers", "the-kit-token");

    @Test
    void theConformanceRunChecksEveryApiServedWithThisRunsCredentialsAndTheCouponUsers() {
        Map<String, String> served = new LinkedHashMap<>();
        served.put("forms", "http://127.0.0.1:1001");
        served.put("exec", "http://127.0.0.1:1002");

        List<String> args = List.of(Demo.conformanceArgs(served, SECRETS, Path.of("/tmp/r")));

        assertThat(args).containsSubsequence("--api", "forms,exec")
                .containsSubsequence("--base-url", "forms=http://127.0.0.1:1001", "--base-url", "exec=http://127.0.0.1:1002")
                .containsSubsequence("--credential", "answers=kit-demo-answers")
                .containsSubsequence("--credential", "exec=the-kit-token")
                .containsSubsequence("--credential", "runtime=the-kit-token")
                .containsSubsequence("--user", "coupons=admin:admin-password", "--user", "coupons=alice:alice-password")
                .containsSubsequence("--report-dir", "/tmp/r");
        assertThat(String.join(" ", args)).doesNotContain("{");
    }

    @Test
    void theBannerIsTheServersOutputFromContractKitToReady() {
        List<String> log = List.of("picked up JAVA_TOOL_OPTIONS", "Contract Kit 0.1.0", "forms http://127.0.0.1:1",
                "READY", "a request log line");

        assertThat(Demo.banner(log)).containsExactly("Contract Kit 0.1.0", "forms http://127.0.0.1:1", "READY");
    }

    @Test
    void aCommandLineRunInThisJvmWritesOutputAndErrorsToOneFileAndGivesItsStatus(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("x.out");

        int status = Demo.inProcess(file, (out, err) -> {
            out.println("printed");
            err.println("failed: 401");
            return 1;
        });

        assertThat(status).isEqualTo(1);
        assertThat(Outputs.text(file)).isEqualTo("printed\nfailed: 401\n");
    }

    @Test
    void anExceptionOfACommandLineRunInThisJvmIsStatusOneWithItsTraceAsTheJvmPrintsIt(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("x.out");

        int status = Demo.inProcess(file, (out, err) -> {
            throw new IllegalStateException("connection refused");
        });

        assertThat(status).isEqualTo(1);
        assertThat(Outputs.text(file)).startsWith("Exception in thread \"main\" java.lang.IllegalStateException: connection refused");
    }

    @Test
    void theLaunchNamesTheJarsKitBuilds() {
        Launch launch = Launch.parse("--root", "/kit", "--java", "/jdk/bin/java", "--version", "1.2",
                "--jvm-option", "-Xshare:auto");

        assertThat(launch.jar("cli/quotas")).isEqualTo(Path.of("/kit/cli/quotas/target/quotas-1.2.jar"));
        assertThat(launch.classPath("mock-server")).isEqualTo("/kit/mock-server/target/mock-server-1.2.jar:/kit/mock-server/target/lib/*");
        assertThat(launch.jvmOptions()).containsExactly("-Xshare:auto");
        assertThatThrownBy(() -> Launch.parse("--root", "/kit")).hasMessageContaining("--java");
        assertThatThrownBy(() -> Launch.parse("--root", "/kit", "--port", "1")).hasMessageContaining("unknown option --port");
    }
}
