package dev.contractkit.cli.execcli;

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
    void helpPrintsTheUsageAsPlainTextLines() {
        for (String help : new String[] {"help", "-h", "--help"}) {
            Printed p = run(help);
            assertThat(p.exit()).as(help).isZero();
            assertThat(p.stdout()).as(help).startsWith("usage: execcli ").doesNotContain("\\n").doesNotContain("{\"ok\"")
                    .contains("\n  ensure-running [--with-runtime]").contains("\n  help ");
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
