package dev.contractkit.conformance.cases;

import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.dialect.RequiredRole;

import java.util.List;
import java.util.Optional;

/** The requests a secured operation must refuse: no credential, an invalid one, one without the required role. */
final class AuthenticationCases {
    private final RunCredentials credentials;
    private final CredentialPlacer lesser;

    /**
     * @param lesser a credential without the role operations with {@code x-kit-required-role} need
     */
    AuthenticationCases(RunCredentials credentials, CredentialPlacer lesser) {
        this.credentials = credentials;
        this.lesser = lesser;
    }

    /**
     * Without credentials, always; with an invalid one only when the run has the right one for the operation: a
     * server that was never told which credential is right (a mock that takes any well-formed one) cannot be
     * faulted for taking this one, and the suite cannot know it is wrong unless it was given the right one.
     *
     * @return the cases; nothing for a public operation
     */
    List<TestCase> unauthenticated(Operation op, RequestDraft base) {
        if (op.isPublic()) {
            return List.of();
        }
        CredentialPlacer placer = credentials.placer();
        List<String> used = placer.namesUsed(op);
        String schemes = placer.schemeNames(op);
        TestCase without = new TestCase(RequestKind.UNAUTHENTICATED, Optional.of(op), TestCase.label(op),
                "without credentials (" + schemes + ")", credentials.call(op, base, List.of(), used), Optional.empty());
        if (!credentials.authenticates(op)) {
            return List.of(without);
        }
        return List.of(without, new TestCase(RequestKind.UNAUTHENTICATED, Optional.of(op), TestCase.label(op),
                "with an invalid " + schemes + " credential", credentials.call(op, base, placer.invalidFor(op), used),
                Optional.empty()));
    }

    /** With a token lacking the role the operation requires ({@code x-kit-required-role}): must be refused. */
    List<TestCase> insufficientRole(Operation op, RequestDraft base) {
        Optional<String> role = RequiredRole.of(op.node());
        List<CredentialPlacer.Placement> auth = lesser.forOperation(op);
        if (role.isEmpty() || auth.isEmpty()) {
            return List.of();
        }
        return List.of(new TestCase(RequestKind.INSUFFICIENT_ROLE, Optional.of(op), TestCase.label(op),
                "with a token without the role " + role.get(),
                credentials.call(op, base, auth, credentials.placer().namesUsed(op)), Optional.empty()));
    }
}
