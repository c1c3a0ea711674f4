package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;

import java.time.Duration;

/**
 * The agent's scalar settings, read and checked in one place; the registry ({@code platform/settings.tsv}) has each
 * key's default and meaning. The agent's lists are read by what enforces them: {@code agent.tokens}
 * ({@link Principals}), {@code agent.jdbc-allow} ({@link JdbcUrlPolicy}), {@code agent.db-net-allow}
 * ({@link DataSourceConnections}), {@code agent.mcp-allow} ({@link McpAddressPolicy}) and the model profiles
 * ({@code ModelProfiles}).
 *
 * @param retention   {@code agent.retention-days}: how long threads, files and artifacts are kept; zero keeps them
 * @param inputLimits {@code agent.max-message-chars}, {@code agent.max-input-chars}
 * @param stepDelay   {@code agent.step-delay}: the pause between a run's steps and streamed pieces
 */
record AgentSettings(Duration retention, InputLimits inputLimits, Duration stepDelay) {
    static AgentSettings from(Settings s) {
        return new AgentSettings(Retention.days(s), InputLimits.from(s), s.duration("agent.step-delay"));
    }
}
