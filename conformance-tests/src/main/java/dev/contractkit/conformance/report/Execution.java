package dev.contractkit.conformance.report;

import dev.contractkit.conformance.checks.Check;

import java.time.Duration;

/**
 * One check applied to one exchange.
 *
 * @param operation   the operation label
 * @param operationId the operation id, empty for an undeclared method
 * @param check       the check
 * @param passed      whether it held
 * @param took        the exchange's duration
 */
public record Execution(String operation, String operationId, Check check, boolean passed, Duration took) {
}
