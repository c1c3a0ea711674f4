package dev.contractkit.conformance.checks;

/**
 * {@code agui_event_order}: the events of a run stream follow the AG-UI ordering rules; judged by the scenario
 * {@code EventStreamScenario}, on the run it makes for {@code sse_event_schema}.
 */
final class AguiEventOrderCheck extends ScenarioCheck {
}
