package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.check.Finding;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code websocket_message_schema}: every message on an AsyncAPI WebSocket channel of the API matches a payload
 * schema of the channel, and announced changes are announced. The scenario {@code WebSocketScenario} connects, lets
 * the chains run and hands over the handshake, each message and each message a chain owes
 * ({@link Observation.ChannelHandshake}, {@link Observation.ChannelMessage}, {@link Observation.ChannelOwed}).
 */
final class WebSocketMessageSchemaCheck extends ScenarioCheck {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Verdict judge(Observation observation) {
        return switch (observation) {
            case Observation.ChannelHandshake h -> h.answered() && h.failure().isEmpty() ? Verdict.SKIP
                    : Verdict.fail(Exchange.STATUS, Integer.toString(h.status()), "the WebSocket handshake"
                    + " with the run's credential failed: " + h.failure().orElse("no answer within "
                    + h.timeout().toSeconds() + " s"));
            case Observation.ChannelMessage m -> message(m);
            case Observation.ChannelOwed o -> o.arrived().contains(o.type()) || !o.messages().containsKey(o.type())
                    ? Verdict.SKIP : Verdict.fail("/messages", "", "no " + o.type() + " message within "
                    + o.window().toSeconds() + " s after the change that the contract says sends it ("
                    + o.received() + " other messages)");
            default -> Verdict.SKIP;
        };
    }

    private static Verdict message(Observation.ChannelMessage m) {
        JsonNode message;
        try {
            message = JSON.readTree(m.text());
        } catch (IOException e) {
            return Verdict.fail("/message", Excerpts.quote(Excerpts.abbreviate(m.text())),
                    "the message is not JSON: " + e.getMessage());
        }
        String type = message.path("type").asText("");
        List<Finding> best = null;
        String bestName = "";
        for (Map.Entry<String, String> schema : m.messages().entrySet()) {
            List<Finding> f = m.validator().validate(schema.getValue(), message, schema.getKey());
            if (f.isEmpty()) {
                return Verdict.PASS;
            }
            if (best == null || schema.getKey().equals(type)) {
                best = f;
                bestName = schema.getKey();
            }
        }
        if (best == null) {
            return Verdict.PASS;
        }
        String name = bestName;
        return Verdict.of(best.stream().map(f -> new Verdict.Problem("/message" + (f.pointer().startsWith("/")
                ? f.pointer() : f.pointer().replaceFirst("^\\$", "").replace('.', '/')), f.value(),
                "not a valid " + name + " message (nor any other of " + m.address() + "): " + f.message())).toList());
    }
}
