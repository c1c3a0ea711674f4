package dev.contractkit.conformance.checks;

/**
 * {@code sse_event_schema}: every event of a text/event-stream answer matches its AsyncAPI message; judged by the
 * scenario {@code EventStreamScenario}.
 */
final class SseEventSchemaCheck extends ScenarioCheck {
}
