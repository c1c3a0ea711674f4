package dev.contractkit.conformance.checks;

/**
 * {@code websocket_message_schema}: every message on an AsyncAPI WebSocket channel of the API matches a payload
 * schema of the channel, and announced changes are announced; judged by the scenario {@code WebSocketScenario}.
 */
final class WebSocketMessageSchemaCheck extends ScenarioCheck {
}
