package dev.contractkit.quotas.providers;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** Provider text cannot drive the terminal: escape sequences, controls and bidi overrides are dropped. */
class SafeTextTest {
    @Test
    void oscTitleAndCsiSequencesAreDroppedWhole() {
        assertThat(SafeText.clean("max\u001b]0;pwned\u0007 plan\u001b[2J\u001b[1;31m!")).isEqualTo("max plan!");
        assertThat(SafeText.clean("a\u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\b")).isEqualTo("alinkb");
        assertThat(SafeText.clean("a\u001bPq#0;1\u001b\\b\u001b_apc\u009cc")).isEqualTo("abc");
    }

    @Test
    void eightBitC1SequencesAndOtherControlsAreDropped() {
        assertThat(SafeText.clean("a\u009b2Jb\u009d0;t\u0007c\u0085d\u0000e\u007f")).isEqualTo("abcde");
        assertThat(SafeText.clean("x\u001b7y\u001b(Bz")).isEqualTo("xyz");
    }

    @Test
    void lineBreaksAndTabsBecomeSpacesSoTheStatuslineStaysOneLine() {
        assertThat(SafeText.clean("one\ntwo\r\tthree")).isEqualTo("one two  three");
    }

    @Test
    void bidiOverridesAndIsolatesAreDropped() {
        assertThat(SafeText.clean("pro\u202egnp.exe\u202c \u2066x\u2069\u200f")).isEqualTo("prognp.exe x");
    }

    @Test
    void plainAndUnicodeTextIsKept() {
        assertThat(SafeText.clean("GLM Coding Pro — 5h ✓ 限额")).isEqualTo("GLM Coding Pro — 5h ✓ 限额");
        assertThat(SafeText.clean(null)).isNull();
        assertThat(SafeText.clean("unterminated\u001b]0;title")).isEqualTo("unterminated");
    }

    @Test
    void everyResultAndWindowCleansItsTextOnConstruction() {
        Instant now = Instant.parse("2026-11-23T12:00:00Z");
        Window w = new Window("m\u001b[2J/1d", OptionalDouble.of(1), OptionalDouble.of(2), OptionalDouble.of(1), "u\u0007", Optional.empty());
        assertThat(w.label()).isEqualTo("m/1d");
        assertThat(w.unit()).isEqualTo("u");
        assertThat(new ProviderResult.Available(Provider.CURSOR, "p\u001b]0;x\u0007", List.of(w), now).plan()).isEqualTo("p");
        assertThat(new ProviderResult.Unavailable(Provider.CURSOR, "m\u001b[31m", "c\u202e", now).message()).isEqualTo("m");
        assertThat(new ProviderResult.AuthRequired(Provider.CURSOR, "\u001b[2Jm", now).message()).isEqualTo("m");
        assertThat(new ProviderResult.NetworkError(Provider.CURSOR, "m\u009b1m", now).message()).isEqualTo("m");
    }
}
