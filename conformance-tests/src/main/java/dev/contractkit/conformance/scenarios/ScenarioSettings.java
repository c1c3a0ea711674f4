package dev.contractkit.conformance.scenarios;

import dev.contractkit.conformance.checks.Check;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the scenarios take from the run's target.
 *
 * @param checks  the checks the run was asked for: a scenario runs only for the checks it judges
 * @param headers headers for every request ({@code --header})
 * @param timeout time-out of one request (and of a WebSocket handshake)
 */
public record ScenarioSettings(Set<Check> checks, List<Map.Entry<String, String>> headers, Duration timeout) {
    public ScenarioSettings {
        checks = Set.copyOf(checks);
        headers = List.copyOf(headers);
    }
}
