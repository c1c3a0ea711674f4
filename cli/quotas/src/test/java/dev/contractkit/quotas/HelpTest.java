package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Provider;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** --help names every flag the README documents and every provider. */
class HelpTest {
    @Test
    void helpListsEveryFlagAndProvider() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Main.run(new String[]{"--help"}, Environment.of(Map.of("HOME", "/nonexistent")),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err, Clock.systemUTC());
        String help = out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        assertThat(status).isZero();
        assertThat(help).contains("--json", "--pretty", "--provider=<list>", "--statusline", "--no-icons",
                "--format=<template>", "--version", "--check-update", "--no-update-check")
                .contains("eval \"$(quotas init bash)\"").doesNotContain("--refresh-cache");
        Arrays.stream(Provider.values()).forEach(p -> assertThat(help).contains(p.id()));
    }
}
