package dev.contractkit.conformance;

import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Per path, the methods the contract does not declare there: each must be refused. */
final class UndeclaredMethods {
    private static final List<String> METHODS = List.of("GET", "PUT", "POST", "DELETE", "PATCH");

    private final Contract contract;
    private final ValidDrafts drafts;
    private final RunCredentials credentials;

    UndeclaredMethods(Contract contract, ValidDrafts drafts, RunCredentials credentials) {
        this.contract = contract;
        this.drafts = drafts;
        this.credentials = credentials;
    }

    /** @return per path, one request for each method the contract does not declare there */
    List<TestCase> cases() {
        List<TestCase> out = new ArrayList<>();
        for (Map.Entry<String, Set<String>> path : contract.methodsByPath().entrySet()) {
            Operation declared = contract.document().operations().stream()
                    .filter(o -> o.path().equals(path.getKey())).findFirst().orElseThrow();
            if (credentials.lacksCredential(declared)) {
                continue; // without a credential a 401 would hide whether the method is refused
            }
            RequestDraft base = drafts.baseline(declared).withBody(Optional.empty());
            for (Parameter p : declared.parameters()) {
                base = p.required() ? base : base.without(p);
            }
            for (String method : METHODS) {
                if (!path.getValue().contains(method)) {
                    RelativeRequest c = credentials.call(declared, base);
                    RelativeRequest call = new RelativeRequest(method, c.template(), c.pathValues(), c.query(), c.headers(),
                            Optional.empty());
                    out.add(new TestCase(RequestKind.UNSUPPORTED_METHOD, Optional.empty(), method + " " + path.getKey(),
                            "declared: " + String.join(", ", path.getValue()), call, Optional.empty()));
                }
            }
        }
        return out;
    }
}
