package dev.contractkit.conformance.checks;

/**
 * {@code ensure_resource_availability}: a resource just created reads back with 200 at once; judged by the scenario
 * {@code ChainScenario}, after the create of each declared chain.
 */
final class EnsureResourceAvailabilityCheck extends ScenarioCheck {
}
