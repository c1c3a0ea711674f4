package dev.contractkit.conformance.checks;

/**
 * {@code head_without_content}: a HEAD answer has no content; judged by the scenario {@code HeadScenario}, HEAD
 * then GET on one kept-alive connection.
 */
final class HeadWithoutContentCheck extends ScenarioCheck {
}
