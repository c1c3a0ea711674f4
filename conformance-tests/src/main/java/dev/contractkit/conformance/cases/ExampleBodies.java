package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The example request bodies a contract declares, as the scenarios send them. */
public final class ExampleBodies {
    private ExampleBodies() {
    }

    /** @return a copy of the operation's JSON example body, if it has one */
    public static Optional<JsonNode> of(ContractDocument document, Operation op) {
        JsonNode content = document.at(op.requestBody().orElse("/none")).path("content");
        for (Iterator<Map.Entry<String, JsonNode>> it = content.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> m = it.next();
            if (!Contract.isJson(m.getKey())) {
                continue;
            }
            if (m.getValue().has("example")) {
                return Optional.of(m.getValue().get("example").deepCopy());
            }
            for (JsonNode ex : m.getValue().path("examples")) {
                return Optional.of(document.resolve(ex).path("value").deepCopy());
            }
        }
        return Optional.empty();
    }

    /** An example written last year may hold an end date in the past; such optional fields are left out. */
    public static JsonNode withoutPastTimes(JsonNode body) {
        if (body instanceof ObjectNode o) {
            List<String> past = new ArrayList<>();
            o.fields().forEachRemaining(f -> {
                if (f.getValue().isTextual()) {
                    try {
                        if (Instant.parse(f.getValue().asText()).isBefore(Instant.now())) {
                            past.add(f.getKey());
                        }
                    } catch (DateTimeParseException e) {
                        // not a time
                    }
                }
            });
            past.forEach(o::remove);
        }
        return body;
    }
}
