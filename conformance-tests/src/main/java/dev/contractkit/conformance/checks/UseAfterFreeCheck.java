package dev.contractkit.conformance.checks;

/**
 * {@code use_after_free}: after a chain's delete answered 2xx, the resource reads 404 or 410; judged by the
 * scenario {@code ChainScenario}.
 */
final class UseAfterFreeCheck extends ScenarioCheck {
}
