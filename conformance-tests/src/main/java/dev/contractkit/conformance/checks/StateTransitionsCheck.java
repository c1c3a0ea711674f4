package dev.contractkit.conformance.checks;

/**
 * {@code state_transitions}: a declared chain has the effect the contract states; judged by the scenarios
 * {@code ChainScenario} (updates, soft deletes) and {@code CancelMachine} (a control plane's cancel state table).
 */
final class StateTransitionsCheck extends ScenarioCheck {
}
