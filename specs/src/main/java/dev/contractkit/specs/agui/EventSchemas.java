package dev.contractkit.specs.agui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.SchemaValidator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates AG-UI events against the messages of {@code asyncapi/agent-events.yaml}: an event's {@code type}
 * picks its message ({@code CUSTOM} events named {@code kit.*} pick the kit's own message, other CUSTOM names
 * the generic one), and the event must validate against that message's payload schema. Needs networknt's
 * json-schema-validator on the class path.
 *
 * <pre>{@code
 * EventSchemas schemas = EventSchemas.load();
 * List<String> problems = schemas.validate(event);   // empty when the event is valid
 * List<JsonNode> events = EventSchemas.parseSse(body);
 * }</pre>
 */
public final class EventSchemas {
    /** The contract file. */
    public static final String CONTRACT = "asyncapi/agent-events.yaml";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final SchemaValidator validator;
    private final Map<String, String> byName = new HashMap<>();

    private EventSchemas(ContractDocument doc) {
        this.validator = doc.asyncApiValidator();
        Iterator<Map.Entry<String, JsonNode>> messages = doc.at("/components/messages").fields();
        while (messages.hasNext()) {
            Map.Entry<String, JsonNode> m = messages.next();
            byName.put(m.getValue().path("name").asText(), m.getValue().path("payload").path("$ref").asText().substring(1));
        }
    }

    /** @return the validator for the kit's event contract */
    public static EventSchemas load() {
        return new EventSchemas(ContractDocument.load(CONTRACT));
    }

    /** @return the message names of the contract (AG-UI types and the kit's CUSTOM names) */
    public Set<String> names() {
        return Collections.unmodifiableSet(byName.keySet());
    }

    /**
     * @param event one event
     * @return the problems, each naming the field; empty when the event is valid
     */
    public List<String> validate(JsonNode event) {
        String type = event.path("type").asText("");
        String custom = event.path("name").asText("");
        String key = type.equals("CUSTOM") && byName.containsKey(custom) ? custom : type;
        String schema = byName.get(key);
        if (schema == null) {
            return List.of("unknown event type '" + type + "'");
        }
        return validator.validate(schema, event, CONTRACT).stream()
                .map(f -> key + " " + (f.pointer().isEmpty() ? "/" : f.pointer()) + ": " + f.message())
                .toList();
    }

    /**
     * Parses a complete {@code text/event-stream} body into the JSON of its {@code data} fields (multi-line
     * data joined with newlines; comments and other fields skipped).
     *
     * @param body the stream's text
     * @return the events in order
     * @throws IllegalArgumentException when a data field is not JSON
     */
    public static List<JsonNode> parseSse(String body) {
        List<JsonNode> out = new ArrayList<>();
        StringBuilder data = new StringBuilder();
        try (BufferedReader in = new BufferedReader(new StringReader(body))) {
            for (String line = in.readLine(); ; line = in.readLine()) {
                if (line == null || line.isEmpty()) {
                    if (!data.isEmpty()) {
                        out.add(json(data.toString()));
                        data.setLength(0);
                    }
                    if (line == null) {
                        return out;
                    }
                } else if (line.startsWith("data:")) {
                    if (!data.isEmpty()) {
                        data.append('\n');
                    }
                    data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException("an SSE data field is not JSON: " + e.getMessage() + ": " + text);
        }
    }
}
