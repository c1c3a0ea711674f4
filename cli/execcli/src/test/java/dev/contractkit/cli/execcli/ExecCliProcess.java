package dev.contractkit.cli.execcli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs execcli as a separate process (the compiled classes, or the single source file) and reads its one JSON object. */
final class ExecCliProcess {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String JAVA = ProcessHandle.current().info().command().orElse("java");

    record CliResult(int exit, JsonNode json, String stdout) {
    }

    static CliResult run(Map<String, String> env, String stdin, String... args) throws IOException, InterruptedException {
        return runWith(List.of(), env, stdin, args);
    }

    /** Like {@link #run}, with options for the JVM (e.g. {@code -Djdk.net.hosts.file=...}). */
    static CliResult runWith(List<String> jvmOptions, Map<String, String> env, String stdin, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JAVA));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", Path.of("target/classes").toAbsolutePath().toString(), ExecCli.class.getName()));
        cmd.addAll(List.of(args));
        return exec(cmd, env, stdin);
    }

    static CliResult runSource(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JAVA,
                Path.of("src/main/java/dev/contractkit/cli/execcli/ExecCli.java").toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        return exec(cmd, env, null);
    }

    private static CliResult exec(List<String> cmd, Map<String, String> env, String stdin) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        for (String inherited : List.of("EXEC_URL", "EXEC_RUNTIME_URL", "EXEC_TOKEN", "KIT_TOKEN", "KIT_DATA_DIR", "EXEC_KIT_HOME",
                "EXEC_ALLOW_PLAIN_HTTP")) {
            pb.environment().remove(inherited);
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String[] lines = out.strip().split("\n");
        assertThat(lines).as("exactly one JSON object on standard output: " + out).hasSize(1);
        JsonNode json = JSON.readTree(lines[0]);
        assertThat(json.isObject()).isTrue();
        assertThat(json.has("ok")).isTrue();
        if (!json.path("ok").asBoolean()) {
            assertThat(json.path("error").path("message").isTextual()).isTrue();
            assertThat(json.path("error").path("status_code").isInt()).isTrue();
            assertThat(json.path("error").path("body").isTextual()).isTrue();
        }
        return new CliResult(p.exitValue(), json, out);
    }
}
