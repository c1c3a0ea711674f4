package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.util.Optional;

/**
 * One request the suite sends, with what it is meant to show.
 *
 * @param kind      why it is sent
 * @param operation the contract's operation; empty for a method the contract does not declare
 * @param label     the operation as people read it, e.g. {@code GET /forms/{id}}
 * @param what      what this case varies, e.g. {@code examples} or {@code count above maximum 100}
 * @param call      the request
 * @param negation  for a negative case: where the request breaks the contract
 */
public record TestCase(RequestKind kind, Optional<Operation> operation, String label, String what, RelativeRequest call,
                Optional<Negation> negation) {

    /** @return the operation as people read it, e.g. {@code GET /forms/{id}} */
    static String label(Operation op) {
        return op.method() + " " + op.path();
    }

    /** @return the operation id, or empty for an undeclared method */
    public String operationId() {
        return operation.map(Operation::operationId).orElse("");
    }

    /**
     * Where a negative request breaks the contract.
     *
     * @param pointer JSON pointer into the request, e.g. {@code /request/query/count}
     * @param value   the offending value; a missing node when the value was left out
     * @param reason  e.g. {@code above maximum 100}
     */
    public record Negation(String pointer, JsonNode value, String reason) {
        public String valueText() {
            return value.isMissingNode() ? "" : value.toString();
        }
    }
}
