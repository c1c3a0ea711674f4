package dev.contractkit.mock;

import dev.contractkit.specs.check.Finding;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown by {@link MockServers#start(MockOptions)} when a contract fails {@code ContractCheck} (an example that
 * breaks its schema, a dangling {@code $ref} ...) and the options are not lenient. Each finding names the
 * contract file and the JSON pointer of the problem.
 *
 * <pre>{@code
 * try (MockServers mocks = MockServers.start(options)) { ... }
 * catch (BrokenContractException e) { e.findings().forEach(System.err::println); }
 * }</pre>
 */
public final class BrokenContractException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final transient List<Finding> findings;

    BrokenContractException(List<Finding> findings) {
        super(findings.size() + " contract problem(s); the mock server did not start (lenient mode starts anyway):"
                + findings.stream().map(f -> "\n  " + f).collect(Collectors.joining()));
        this.findings = List.copyOf(findings);
    }

    /** @return the problems, each with file and JSON pointer */
    public List<Finding> findings() {
        return findings;
    }
}
