package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.specs.check.ContractDocument;

/** The two versions the code-hosting API serves from one store, each with its own contract. */
enum Version {
    V4("/api/v4", "openapi/codehost-v4.yaml"),
    V5("/api/v5", "openapi/codehost-v5.yaml");

    private final String prefix;
    private final String contract;
    private volatile ContractRules rules;

    Version(String prefix, String contract) {
        this.prefix = prefix;
        this.contract = contract;
    }

    String prefix() {
        return prefix;
    }

    /** @return the version's contract rules (query and body checks), loaded on first use */
    ContractRules rules() {
        ContractRules r = rules;
        if (r == null) {
            synchronized (this) {
                r = rules;
                if (r == null) {
                    r = new ContractRules(ContractDocument.load(contract));
                    rules = r;
                }
            }
        }
        return r;
    }
}
