package dev.contractkit.conformance.cases;

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

    private final Routes routes;
    private final Set<String> notes;

    /** @param notes where to say which methods were not tried because another template declares them */
    UndeclaredMethods(Contract contract, ValidDrafts drafts, RunCredentials credentials, Set<String> notes) {
        this.contract = contract;
        this.drafts = drafts;
        this.credentials = credentials;
        this.routes = Routes.of(contract);
        this.notes = notes;
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
            for (Parameter p : Parameters.of(declared)) {
                base = p.required() ? base : base.without(p);
            }
            for (String method : METHODS) {
                if (!path.getValue().contains(method)) {
                    RelativeRequest c = credentials.call(declared, base);
                    RelativeRequest call = new RelativeRequest(method, c.template(), c.pathValues(), c.query(), c.headers(),
                            Optional.empty());
                    Optional<Operation> other = routes.other(method, call, Optional.empty());
                    if (other.isPresent()) {
                        notes.add("unsupported_method not checked for " + method + " " + path.getKey() + ": its URL "
                                + Routes.concrete(call) + " is also one of " + other.get() + " (the templates overlap)");
                        continue;
                    }
                    out.add(new TestCase(RequestKind.UNSUPPORTED_METHOD, Optional.empty(), method + " " + path.getKey(),
                            "declared: " + String.join(", ", path.getValue()), call, Optional.empty()));
                }
            }
        }
        return out;
    }
}
