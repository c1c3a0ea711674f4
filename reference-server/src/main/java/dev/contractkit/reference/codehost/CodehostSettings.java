package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.Settings;

import java.util.List;

/**
 * The code-hosting API's settings, read in one place.
 *
 * @param tokens             {@code codehost.tokens}: the accepted personal access tokens
 * @param registrationTokens {@code codehost.registration-tokens}: the runner registration tokens
 */
record CodehostSettings(List<String> tokens, List<String> registrationTokens) {
    static CodehostSettings from(Settings s) {
        return new CodehostSettings(s.list("codehost.tokens"), s.list("codehost.registration-tokens"));
    }
}
