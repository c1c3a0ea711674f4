package dev.contractkit.conformance.report;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Severity;

/**
 * One way the implementation breaks the contract.
 * The pointer points into the exchange seen as one JSON document:
 * {@code /request/path|query|header|cookie/<name>}, {@code /request/body/...}, {@code /response/status},
 * {@code /response/headers/<lower-case name>}, {@code /response/body/...}.
 *
 * <pre>{@code
 * for (Violation v : report.violations()) {
 *     System.out.println(v.check().key() + " " + v.operation() + " " + v.pointer() + " = " + v.value());
 * }
 * // response_schema_conformance GET /forms/{id} /response/body/form/id = "1"
 * }</pre>
 *
 * @param check       the check that failed
 * @param operation   the operation as people read it, e.g. {@code GET /forms/{id}}
 * @param operationId its operation id, e.g. {@code getForm}; empty for a method the contract does not declare
 * @param request     the request sent, e.g. {@code GET /forms/1}
 * @param status      the status received
 * @param pointer     JSON pointer to the offending place in the exchange
 * @param value       the offending value as JSON text; empty when the value is absent
 * @param message     what is wrong
 */
public record Violation(Check check, String operation, String operationId, String request, int status,
                        String pointer, String value, String message) {

    /** @return the check's severity */
    public Severity severity() {
        return check.defaultSeverity();
    }

    @Override
    public String toString() {
        return "[" + check.key() + "] " + operation + (operationId.isEmpty() ? "" : " (" + operationId + ")")
                + ": " + pointer + (value.isEmpty() ? "" : " = " + Excerpts.abbreviate(value))
                + ": " + message + " (request " + request + " -> " + status + ")";
    }
}
