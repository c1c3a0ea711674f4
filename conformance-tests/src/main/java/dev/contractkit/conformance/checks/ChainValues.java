package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** How the chain checks compare what a read shows with what was sent. */
final class ChainValues {
    private ChainValues() {
    }

    /** Numbers by value, date-times by instant, the rest as JSON. */
    static boolean sameValue(JsonNode want, JsonNode got) {
        if (want.isNumber() && got.isNumber()) {
            return want.decimalValue().compareTo(got.decimalValue()) == 0;
        }
        if (want.isTextual() && got.isTextual()) {
            try {
                return OffsetDateTime.parse(want.asText()).isEqual(OffsetDateTime.parse(got.asText()));
            } catch (DateTimeParseException e) {
                return want.equals(got);
            }
        }
        return want.equals(got);
    }

    /** The answer's JSON body, missing when it has none. */
    static JsonNode body(Exchange e) {
        try {
            return e.json();
        } catch (IOException | IllegalArgumentException ex) {
            return MissingNode.getInstance();
        }
    }

    /** The failure of a delete of a resource just created and read (the check depends on the kind of delete). */
    static Verdict deleteFailed(Observation.ChainStep step) {
        Exchange e = step.exchange();
        return Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), step.chain().delete().orElseThrow()
                .operationId() + " of " + step.id() + " (created and read just before) answered " + e.status()
                + "; expected 2xx");
    }

    static boolean success(Exchange e) {
        return e.status() >= 200 && e.status() < 300;
    }
}
