package dev.contractkit.conformance.cases;

import dev.contractkit.specs.check.ContractDocument.Operation;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run's credential and extra headers as they go on an operation's requests: placed where the operation's
 * security scheme wants them, and whether a secured operation is called with a credential at all.
 */
final class RunCredentials {
    private final CredentialPlacer credentials;
    private final List<Map.Entry<String, String>> headers;

    RunCredentials(CredentialPlacer credentials, List<Map.Entry<String, String>> headers) {
        this.credentials = credentials;
        this.headers = List.copyOf(headers);
    }

    /** @return the draft as sent: the run's headers and its credential for the operation */
    RelativeRequest call(Operation op, RequestDraft draft) {
        return draft.toCall(op, headers, credentials.forOperation(op), List.of());
    }

    /**
     * @param auth     the credential placed instead of the run's
     * @param withheld the credential names ({@code header:authorization}) the run's headers must not carry
     * @return the draft as sent with another credential, or none
     */
    RelativeRequest call(Operation op, RequestDraft draft, List<CredentialPlacer.Placement> auth, List<String> withheld) {
        return draft.toCall(op, headers, auth, withheld);
    }

    /** @return the run's credential placed for the operation (header, query or cookie) */
    List<CredentialPlacer.Placement> forOperation(Operation op) {
        return credentials.forOperation(op);
    }

    CredentialPlacer placer() {
        return credentials;
    }

    /** @return true when requests to a secured operation carry a credential (given, or as one of the headers) */
    boolean authenticates(Operation op) {
        List<String> used = credentials.namesUsed(op);
        return !credentials.forOperation(op).isEmpty()
                || headers.stream().anyMatch(h -> used.contains("header:" + h.getKey().toLowerCase(Locale.ROOT)));
    }

    /** @return true when the operation is secured and its requests carry no credential */
    boolean lacksCredential(Operation op) {
        return !op.isPublic() && !authenticates(op);
    }

    /** @return the note's verdict for what needs the operation's credential, e.g. {@code not checked (needs --credential: TokenAuth)} */
    String notChecked(Operation op) {
        return "not checked (needs --credential: " + credentials.schemeNames(op) + ")";
    }
}
