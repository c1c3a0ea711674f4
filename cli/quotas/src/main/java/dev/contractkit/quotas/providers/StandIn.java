package dev.contractkit.quotas.providers;

import java.util.Map;
import java.util.Optional;

/**
 * Stand-in credentials for the mock providers: with {@code QUOTAS_STAND_IN_TOKEN} set, every provider gets that
 * value as its credential and no credential file or provider key variable is read at all, so nothing of the
 * user's reaches a mock ({@code ./kit quotas-mock-env} sets it). A stand-in is not a secret: it may go over plain
 * HTTP to any host.
 *
 * <pre>{@code
 * QUOTAS_STAND_IN_TOKEN=kit-demo quotas --json   # every provider asked with "kit-demo"
 * }</pre>
 */
final class StandIn {
    static final String VARIABLE = "QUOTAS_STAND_IN_TOKEN";

    private StandIn() {
    }

    static Optional<Credential> credential(Environment env) {
        return env.get(VARIABLE).map(v -> new Credential(v, "$" + VARIABLE + " (stand-in)", Map.of()));
    }
}
