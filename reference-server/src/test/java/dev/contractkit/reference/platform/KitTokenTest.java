package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kit token the server makes never reaches its standard output (issue 34.13): terminals' scroll-back, CI logs and
 * shared log files keep what a server prints. It prints where the token is.
 */
class KitTokenTest {
    @TempDir
    Path data;

    @Test
    void aTokenMadeAtStartIsNotPrintedButWhereItIsKept() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        KitToken token;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            token = KitToken.load(Settings.of(Map.of("data-dir", data.toString())));
        } finally {
            System.setOut(stdout);
        }
        Path file = data.resolve(KitToken.FILE_NAME);
        assertThat(Files.readString(file).trim()).isEqualTo(token.value()).hasSizeGreaterThan(40);
        String out = printed.toString(StandardCharsets.UTF_8);
        assertThat(out).contains(file.toString()).doesNotContain(token.value());

        // the next start reads the file and prints nothing
        printed.reset();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertThat(KitToken.load(Settings.of(Map.of("data-dir", data.toString()))).value()).isEqualTo(token.value());
        } finally {
            System.setOut(stdout);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
