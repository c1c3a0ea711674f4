package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Journal}: lines appended are read back in order after a reopen, a torn last line is left out. */
class JournalTest {
    @TempDir
    Path dir;

    @Test
    void linesAppendedAreReadBackInOrderAfterAReopen() throws IOException {
        Path file = dir.resolve("t.journal");
        try (Journal j = Journal.open(file)) {
            j.append(List.of("[\"a\"]", "[\"b\"]"));
            j.append(List.of("[\"c\"]"));
            assertThat(j.size()).isEqualTo(18);
        }
        try (Journal j = Journal.open(file)) {
            assertThat(j.lines()).containsExactly("[\"a\"]", "[\"b\"]", "[\"c\"]");
            j.append(List.of("[\"d\"]"));
            assertThat(j.lines()).containsExactly("[\"a\"]", "[\"b\"]", "[\"c\"]", "[\"d\"]");
        }
    }

    @Test
    void aLastLineWithoutItsNewlineWasNeverAnsweredAndIsLeftOut() throws IOException {
        Path file = dir.resolve("t.journal");
        try (Journal j = Journal.open(file)) {
            j.append(List.of("[\"a\"]"));
        }
        Files.writeString(file, "[\"b\", \"tor", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        try (Journal j = Journal.open(file)) {
            assertThat(j.lines()).containsExactly("[\"a\"]");
        }
    }

    @Test
    void resetEmptiesTheFileAndLaterLinesStartAtItsBeginning() throws IOException {
        Path file = dir.resolve("t.journal");
        try (Journal j = Journal.open(file)) {
            j.append(List.of("[\"a\"]"));
            j.reset();
            assertThat(j.size()).isZero();
            assertThat(Files.size(file)).isZero();
            j.append(List.of("[\"b\"]"));
            assertThat(j.lines()).containsExactly("[\"b\"]");
        }
    }

    @Test
    void aLineHoldingANewlineIsRefusedAndNothingOfTheBatchIsWritten() throws IOException {
        Path file = dir.resolve("t.journal");
        try (Journal j = Journal.open(file)) {
            assertThatThrownBy(() -> j.append(List.of("[\"a\"]", "x\ny"))).isInstanceOf(IllegalArgumentException.class);
            assertThat(Files.size(file)).isZero();
        }
    }
}
