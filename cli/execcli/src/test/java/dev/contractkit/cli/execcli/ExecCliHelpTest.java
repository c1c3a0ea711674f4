package dev.contractkit.cli.execcli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ExecCliHelpTest {
    private record Printed(int exit, String stdout) {
    }

    private static Printed run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = new ExecCli(Map.of(), InputStream.nullInputStream(), new PrintStream(out, true, StandardCharsets.UTF_8)).run(args);
        return new Printed(exit, out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpPrintsOneJsonObjectWithTheUsageAndEveryCommand() throws Exception {
        for (String help : new String[] {"help", "-h", "--help"}) {
            Printed p = run(help);
            assertThat(p.exit()).as(help).isZero();
            assertThat(p.stdout()).as(help).startsWith("{\"ok\":true,\"data\":{").hasLineCount(1);
            JsonNode data = new ObjectMapper().readTree(p.stdout()).path("data");
            assertThat(data.path("usage").asText()).startsWith("usage: execcli ").contains("\n  ensure-running [--with-runtime]")
                    .contains("\n  get ID").contains("\n  list [--status").contains("\n  delete ID...");
            assertThat(data.path("commands").findValuesAsText("name")).contains("get", "list", "delete", "help", "wait",
                    "cancel", "ensure-running");
            assertThat(data.path("environment").asText()).contains("EXEC_COMPOSE_DIR").contains("starts no containers");
            assertThat(data.path("exit_codes").path("3").asText()).contains("wait timed out");
        }
    }

    @Test
    void everySubcommandPrintsExactlyOneJsonObject() throws Exception {
        String closed = "http://127.0.0.1:1";
        for (String[] args : new String[][] {{"capabilities"}, {"tools"}, {"health"}, {"act"}, {"translate"}, {"submit"},
                {"get", "t"}, {"list"}, {"wait", "t", "--timeout", "0"}, {"cancel", "t"}, {"delete", "t"},
                {"ensure-running", "--start-timeout", "0"}, {"help"}, {"get"}, {"list", "--limit", "x"}}) {
            String[] full = new String[args.length + 4];
            full[0] = "--url";
            full[1] = closed;
            full[2] = "--runtime-url";
            full[3] = closed;
            System.arraycopy(args, 0, full, 4, args.length);
            Printed p = run(full);
            assertThat(p.stdout()).as(String.join(" ", args)).hasLineCount(1);
            JsonNode json = new ObjectMapper().readTree(p.stdout());
            assertThat(json.has("ok")).as(p.stdout()).isTrue();
        }
    }

    @Test
    void aUsageErrorKeepsTheJsonEnvelopeWithTheUsageInItsMessage() {
        Printed p = run("frobnicate");
        assertThat(p.exit()).isEqualTo(2);
        assertThat(p.stdout()).startsWith("{\"ok\":false,\"error\":{\"message\":\"unknown command 'frobnicate'\\nusage: execcli ")
                .hasLineCount(1);
    }
}
